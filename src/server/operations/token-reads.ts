import type { ListPage, TokenList } from '../../store/token-lists';
import { stateListPage } from '../../store/token-snapshot';
import type { TokenRowOf } from '../../store/token-tables';
import { defineOperation, type ReadContext } from '../execution/operation';
import type { ApiOperation, ParamsOf } from '../../api/operations/api-operation';
import { fragmentOf, writeList } from '../serialize/json-cache';
import { bookAndMetadata } from './account-states';

type StateList = Extract<TokenList, { mcSeqno: number }>;
type StateListWithoutSnapshot = StateList extends infer L ? (L extends StateList ? Omit<L, 'mcSeqno'> : never) : never;

/** A page of a state list as of the request's snapshot (none on an empty ledger). */
export async function statePage<L extends StateListWithoutSnapshot>(
  ctx: ReadContext,
  list: L,
  page: ListPage,
): Promise<TokenRowOf<L['table']>[]> {
  if (ctx.mcSeqno === null) return [];
  return stateListPage(ctx.reader, { ...list, mcSeqno: ctx.mcSeqno } as StateList, page) as Promise<
    TokenRowOf<L['table']>[]
  >;
}

/** Lookups by address go 100 at a time (each address is an arm of the statement: SQLite allows 500). */
const CHUNK = 100;

/** The rows of these contracts in a state table (as of the snapshot), by address. */
export async function stateRowsByAddress<T extends 'nftCollections' | 'nftSales'>(
  ctx: ReadContext,
  table: T,
  addresses: Iterable<string>,
): Promise<Map<string, TokenRowOf<T>>> {
  const all = [...new Set(addresses)];
  const out = new Map<string, TokenRowOf<T>>();
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    const list = { table, filter: { addresses: chunk } } as StateListWithoutSnapshot;
    for (const r of await statePage(ctx, list, { limit: chunk.length, offset: 0 }))
      out.set((r as { address: string }).address, r as TokenRowOf<T>);
  }
  return out;
}

/**
 * A jetton or NFT list operation: its rows read (`read`), each printed by `json`, with the address
 * book and metadata of what they mention. Every filter walks an index in the list's order
 * (store/token-lists.ts): the cost is the page and its offset, as for the chain lists.
 */
export function tokenListOperation<O extends ApiOperation, R>(
  api: O,
  key: string,
  read: (ctx: ReadContext, p: ParamsOf<O>) => Promise<R[]>,
  json: (row: R) => unknown,
) {
  return defineOperation(api, {
    cacheable: true,
    light: (p) => {
      const page = p as { limit: number; offset: number };
      return page.limit <= 100 && page.offset <= 1000;
    },
    run: async (ctx, p, out) => {
      const rows = await read(ctx, p);
      await writeList(
        out,
        key,
        rows.map((r) => fragmentOf(json(r))),
        bookAndMetadata(ctx),
      );
    },
  });
}
