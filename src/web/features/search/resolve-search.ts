import type { QueryClient } from '@tanstack/react-query';
import { isNotFound, type LedgerClient } from '../../../api/client';
import { parseSearchInput } from '../../lib/search-input';
import { shardStateQuery, tracesQuery, transactionsByMessageQuery } from '../../../api/queries';
import { hashPath } from '../../lib/format';

export type SearchTarget =
  | { to: '/tx/$hash'; params: { hash: string } }
  | { to: '/msg/$hash'; params: { hash: string } }
  | { to: '/trace/$traceId'; params: { traceId: string } }
  | { to: '/account/$address'; params: { address: string } }
  | { to: '/mc/$seqno'; params: { seqno: string } }
  | { to: '/block/$workchain/$shard/$seqno'; params: { workchain: string; shard: string; seqno: string } };

export type SearchResult = { ok: true; target: SearchTarget } | { ok: false; message: string };

/**
 * Resolves a search to a page. A hash could name a transaction, a message (also by the TEP-467
 * normalized hash of an external) or a trace: the API is asked in that order, and the first that
 * knows it wins. A masterchain seqno is checked to exist; addresses and block ids open directly
 * (their pages say when the ledger has nothing).
 */
export async function resolveSearch(qc: QueryClient, api: LedgerClient, input: string): Promise<SearchResult> {
  const parsed = parseSearchInput(input);
  switch (parsed.kind) {
    case 'empty':
      return { ok: false, message: 'Type a hash, an address, a masterchain seqno or a block id.' };
    case 'invalid':
      return { ok: false, message: parsed.message };
    case 'address':
      return { ok: true, target: { to: '/account/$address', params: { address: parsed.raw } } };
    case 'block':
      return {
        ok: true,
        target: {
          to: '/block/$workchain/$shard/$seqno',
          params: { workchain: String(parsed.workchain), shard: parsed.shard, seqno: String(parsed.seqno) },
        },
      };
    case 'mc-seqno': {
      try {
        await qc.fetchQuery(shardStateQuery(api, { seqno: parsed.seqno, limit: 1 }));
      } catch (e) {
        if (isNotFound(e)) return { ok: false, message: `No masterchain block ${parsed.seqno} in this ledger.` };
        throw e;
      }
      return { ok: true, target: { to: '/mc/$seqno', params: { seqno: String(parsed.seqno) } } };
    }
    case 'hash': {
      const hex = parsed.hex;
      const byTx = await qc.fetchQuery(tracesQuery(api, { tx_hash: hex, limit: 1 }));
      const trace = byTx.traces[0];
      if (trace) {
        const tx = Object.values(trace.transactions).find((t) => hashPath(t.hash) === hex);
        if (tx) return { ok: true, target: { to: '/tx/$hash', params: { hash: hex } } };
      }
      const byMsg = await qc.fetchQuery(transactionsByMessageQuery(api, { msg_hash: hex, limit: 1 }));
      if (byMsg.transactions.length > 0) return { ok: true, target: { to: '/msg/$hash', params: { hash: hex } } };
      const byId = await qc.fetchQuery(tracesQuery(api, { trace_id: hex, limit: 1 }));
      if (byId.traces[0]) return { ok: true, target: { to: '/trace/$traceId', params: { traceId: hex } } };
      const byMsgTrace = await qc.fetchQuery(tracesQuery(api, { msg_hash: hex, limit: 1 }));
      if (byMsgTrace.traces[0])
        return {
          ok: true,
          target: { to: '/trace/$traceId', params: { traceId: hashPath(byMsgTrace.traces[0].traceId) } },
        };
      return { ok: false, message: `No transaction, message or trace has the hash ${hex}.` };
    }
  }
}
