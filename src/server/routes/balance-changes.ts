import type { FastifyInstance } from 'fastify';
import { balanceChangesParams, parseParams, type RawQuery } from '../../api/params';
import type { LedgerReader } from '../../store/interface';
import { NotFoundError } from '../errors';
import { balanceChangesJson } from '../serialize/balance-changes';

/** v3 balanceChanges: what one trace, or one action of it, did to TON and jetton balances. */
export function registerBalanceChanges(app: FastifyInstance, reader: LedgerReader): void {
  app.get('/api/v3/balanceChanges', async (request, reply) => {
    const p = parseParams('balanceChanges', balanceChangesParams, request.query as RawQuery);
    const found = await reader.getBalanceChanges(p);
    if (!found) throw new NotFoundError('traceId' in p ? 'trace not found' : 'action not found');
    reply.type('application/json; charset=utf-8');
    return balanceChangesJson(found);
  });
}
