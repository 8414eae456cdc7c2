import type { FastifyInstance } from 'fastify';
import { parseParams, tracesParams, type RawQuery } from '../../api/params';
import type { LedgerReader } from '../../store/interface';
import { selectActions } from '../actions-select';
import { addressBookJson, metadata } from '../serialize/address-book';
import { addressesOf, FragmentCache, listBody } from '../serialize/json-cache';
import { TRACE_TX_LIMIT, traceJson } from '../serialize/v3';

/** v3 traces: completed traces by one of account / trace_id / tx_hash / msg_hash, or the latest. */
export function registerTraces(app: FastifyInstance, reader: LedgerReader): void {
  // a completed trace never changes: its JSON is kept, per choice of actions
  const cache = new FragmentCache(5_000);
  app.get('/api/v3/traces', async (request, reply) => {
    const p = parseParams('traces', tracesParams, request.query as RawQuery);
    const found = reader.findTraces(
      {
        accounts: p.account,
        traceIds: p.trace_id,
        txHashes: p.tx_hash,
        msgHashes: p.msg_hash,
        mcSeqno: p.mc_seqno,
        startUtime: p.start_utime,
        endUtime: p.end_utime,
        startLt: p.start_lt,
        endLt: p.end_lt,
      },
      { limit: p.limit, offset: p.offset, sort: p.sort },
    );
    const actionsKey = p.include_actions ? [...p.supported_action_types].sort().join(',') : '-';
    const traces = found.map((t) =>
      cache.through(`${t.traceId.toString('hex')}:${actionsKey}`, () => {
        const txs = reader.getTraceTransactions(t.traceId, TRACE_TX_LIMIT);
        const actions = p.include_actions ? selectActions(reader.getActions([t.traceId]), p.supported_action_types) : null;
        return { value: traceJson(t, txs, actions), final: t.state === 'complete' };
      }),
    );
    const addresses = addressesOf(traces);
    reply.type('application/json; charset=utf-8');
    return listBody('traces', traces, { address_book: addressBookJson(reader, addresses), metadata: metadata(reader, addresses) });
  });
}
