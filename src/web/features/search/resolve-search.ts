import type { QueryClient } from '@tanstack/react-query';
import { isNotFound, type LedgerClient } from '../../../api/client';
import { parseSearchInput } from '../../lib/search-input';
import { jettonSearchQuery, shardStateQuery, tracesQuery, transactionsByMessageQuery } from '../../../api/queries';
import { hashPath } from '../../lib/format';

export type SearchTarget =
  | { to: '/tx/$hash'; params: { hash: string } }
  | { to: '/msg/$hash'; params: { hash: string } }
  | { to: '/trace/$traceId'; params: { traceId: string } }
  | { to: '/account/$address'; params: { address: string } }
  | { to: '/jetton/$address'; params: { address: string } }
  | { to: '/mc/$seqno'; params: { seqno: string } }
  | { to: '/block/$workchain/$shard/$seqno'; params: { workchain: string; shard: string; seqno: string } };

/** A jetton a symbol search found. */
export interface JettonChoice {
  target: { to: '/jetton/$address'; params: { address: string } };
  symbol: string | null;
  name: string | null;
}

export type SearchResult =
  | { ok: true; target: SearchTarget }
  /** `quiet`: not an error of the input (the API cannot answer this kind of search). */
  | { ok: false; message: string; quiet?: boolean }
  /** Several jettons, or one whose symbol is not the text: the user picks. */
  | { ok: 'choose'; query: string; jettons: JettonChoice[] };

/** How many jettons a symbol search offers. */
export const JETTON_CHOICES = 10;

const fold = (s: string | null) => s?.replace(/[A-Z]/g, (c) => c.toLowerCase()) ?? null;

/**
 * Resolves a search to a page. A hash could name a transaction, a message (also by the TEP-467
 * normalized hash of an external) or a trace: the API is asked in that order, and the first that
 * knows it wins. A masterchain seqno is checked to exist; addresses and block ids open directly
 * (their pages say when the ledger has nothing). Other text is a jetton's symbol or name, looked for
 * with our `jetton/search` (TON Center has no such read: against it, the box says so quietly).
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
    case 'symbol':
      return searchJettons(qc, api, parsed.text);
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

async function searchJettons(qc: QueryClient, api: LedgerClient, text: string): Promise<SearchResult> {
  let found;
  try {
    found = await qc.fetchQuery(jettonSearchQuery(api, { q: text, limit: JETTON_CHOICES }));
  } catch (e) {
    if (isNotFound(e))
      return {
        ok: false,
        quiet: true,
        message: `This API cannot search jettons by symbol (it has no jetton/search: 404 Not Found). Search by hash, address, masterchain seqno or block id instead.`,
      };
    throw e;
  }
  const jettons = found.rows.map((m): JettonChoice => {
    const info = found.metadata[m.address]?.tokens[0];
    return {
      target: { to: '/jetton/$address', params: { address: m.address } },
      symbol: info?.symbol ?? m.content.symbol ?? null,
      name: info?.name ?? m.content.name ?? null,
    };
  });
  if (jettons.length === 0)
    return { ok: false, message: `No jetton has the symbol “${text}” or a name beginning with it.` };
  // one jetton whose symbol is exactly the text (the API lists those first): its page at once
  const exact = jettons.filter((j) => fold(j.symbol) === fold(text));
  if (exact.length === 1) return { ok: true, target: exact[0]!.target };
  return { ok: 'choose', query: text, jettons };
}
