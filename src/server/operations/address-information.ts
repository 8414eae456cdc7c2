import type { ResponseOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/get-address-information';
import { defineOperation } from '../execution/operation';
import { fullAccountState, v2State } from '../serialize/v2-account';
import { v2Extra } from '../serialize/v2-extra';
import { accountAt } from './account-at';

const answer = (result: unknown) => Buffer.from(JSON.stringify({ ok: true, result }));

/** v2 getAddressInformation: the account's state as of the snapshot's masterchain block (or `seqno`). */
export const getAddressInformation = defineOperation(api.getAddressInformation, {
  light: () => true,
  run: async (ctx, p, out) => {
    const { state, block } = await accountAt(ctx, p.address, p.seqno);
    const result: ResponseOf<typeof api.getAddressInformation>['result'] = fullAccountState(state, block, v2Extra(ctx));
    await out.write(answer(result));
  },
});

export const getAddressBalance = defineOperation(api.getAddressBalance, {
  light: () => true,
  run: async (ctx, p, out) => {
    const { state } = await accountAt(ctx, p.address, p.seqno);
    // a string always, "0" for an account that does not exist: pyTON prints the number 0 here too, but
    // TON Center's published TonResponse allows no number for a result (docs/api.md)
    const result: ResponseOf<typeof api.getAddressBalance>['result'] = (state?.state.balance ?? 0n).toString();
    await out.write(answer(result));
  },
});

export const getAddressState = defineOperation(api.getAddressState, {
  light: () => true,
  run: async (ctx, p, out) => {
    const { state } = await accountAt(ctx, p.address, p.seqno);
    const result: ResponseOf<typeof api.getAddressState>['result'] = v2State(state?.state.status);
    await out.write(answer(result));
  },
});
