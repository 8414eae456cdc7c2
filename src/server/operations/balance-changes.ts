import { balanceChanges as api } from '../../api/operations/balance-changes';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { balanceChangesJson } from '../serialize/balance-changes';

/** v3 balanceChanges: what one trace, or one action of it, did to TON and jetton balances. */
export const balanceChanges = defineOperation(api, {
  // every transaction of a trace, however long (a fan-out holds over a thousand): the heavy lane
  cacheable: true,
  light: () => false,
  run: async ({ reader }, p, out) => {
    const found = await reader.getBalanceChanges(p);
    if (!found) throw new NotFoundError('traceId' in p ? 'trace not found' : 'action not found');
    await out.write(Buffer.from(balanceChangesJson(found)));
  },
});
