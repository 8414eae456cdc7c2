// A page of a jetton or NFT state list as of a reader's snapshot, for both engines. The tables hold
// each contract's newest state, which may be ahead of the snapshot's masterchain block (a producer
// may write shard blocks before the masterchain block that commits them): the rows the snapshot
// commits are walked by index (token-lists.ts), and the few contracts whose newest row is ahead are
// read as of the snapshot (`getAccountStates`, the state `accountStates` answers), derived by the
// producer's own function (token-rows.ts), held to the list's filter and merged in its order.
import type { LedgerReader } from './interface';
import type { ListPage, TokenList } from './token-lists';
import { tokenStateRow, itemIndexKey, balanceKey, type NftItemRow, type JettonWalletRow } from './token-rows';
import type { StateTableKey, TokenRowOf } from './token-tables';
import { inSearchGroup, JETTON_SEARCH_GROUPS, searchOrderKey } from './jetton-search';
import { symbolKey } from '../ton/symbol-key';

type StateList = Extract<TokenList, { mcSeqno: number }>;
type StateRow = { address: string; lt: bigint };

/** The table's interface, as the address book names the contracts it holds. */
const IFACE = {
  jettonMasters: 'jetton_master',
  jettonWallets: 'jetton_wallet',
  nftCollections: 'nft_collection',
  nftItems: 'nft_item',
  nftSales: 'nft_sale',
} as const satisfies Record<StateTableKey, string>;

export async function stateListPage<L extends StateList>(
  reader: LedgerReader,
  list: L,
  page: ListPage,
): Promise<TokenRowOf<L['table']>[]> {
  const ahead = await reader.findTokensAhead(list.table, list.mcSeqno);
  if (ahead.length === 0) return reader.findTokenRows(list, page);
  const committed = await reader.findTokenRows(list, { limit: page.offset + page.limit, offset: 0 });
  const asOfSnapshot: StateRow[] = [];
  for (const a of await reader.getAccountStates(ahead, list.mcSeqno)) {
    const derived = tokenStateRow(
      IFACE[list.table],
      {
        address: a.account,
        codeHash: a.state.codeHash,
        dataHash: a.state.dataHash,
        lt: a.lastTransaction.lt,
        mcSeqno: a.lastTransaction.mcSeqno,
      },
      a.state.dataBoc,
    );
    if (derived && matches(list, derived.row as StateRow)) asOfSnapshot.push(derived.row as StateRow);
  }
  const key = sortKey(list);
  const merged = [...(committed as StateRow[]), ...asOfSnapshot].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return merged.slice(page.offset, page.offset + page.limit) as TokenRowOf<L['table']>[];
}

const inList = (xs: readonly string[] | undefined, v: string | null) => !xs || (v !== null && xs.includes(v));

/** The list's filter, as its statement applies it (token-lists.ts). */
function matches(list: StateList, row: StateRow): boolean {
  const r = row as unknown as Record<string, unknown>;
  switch (list.table) {
    case 'jettonMasters':
      return (
        inList(list.filter.addresses, row.address) &&
        inList(list.filter.admins, r.admin as string | null) &&
        (!list.filter.search || inSearchGroup(list.filter.search, r.content as string))
      );
    case 'jettonWallets': {
      const w = row as unknown as JettonWalletRow;
      const f = list.filter;
      return (
        inList(f.addresses, w.address) &&
        inList(f.owners, w.owner) &&
        inList(f.jettons, w.jetton) &&
        (!f.excludeZeroBalance || w.balance > 0n)
      );
    }
    case 'nftCollections':
      return inList(list.filter.addresses, row.address) && inList(list.filter.owners, r.owner as string | null);
    case 'nftItems': {
      const i = row as unknown as NftItemRow;
      const f = list.filter;
      return (
        inList(f.addresses, i.address) &&
        inList(f.owners, i.owner) &&
        inList(f.collections, i.collection) &&
        (!f.indexes || f.indexes.includes(i.index))
      );
    }
    case 'nftSales':
      return list.filter.addresses.includes(row.address);
  }
}

/**
 * The list's order as one string per row (each part fixed-width or last, compared as bytes, as the
 * engines compare these columns); a descending order complements the digits of its numeric parts.
 */
function sortKey(list: StateList): (row: StateRow) => string {
  const down = (s: string) => [...s].map((c) => String.fromCharCode(0xffff - c.charCodeAt(0))).join('');
  if (list.table === 'jettonWallets' && list.filter.sort) {
    const desc = list.filter.sort === 'desc';
    return (row) => {
      const k = `${balanceKey((row as unknown as JettonWalletRow).balance)}\u0000${row.address}`;
      return desc ? down(k) : k;
    };
  }
  if (list.table === 'nftItems') {
    if (list.filter.byLastLt) return (row) => down(`${row.lt.toString().padStart(20, '0')}\u0000${row.address}`);
    return (row) => {
      const i = row as unknown as NftItemRow;
      return `${i.collection}\u0000${itemIndexKey(i.index)}\u0000${i.address}`;
    };
  }
  if (list.table === 'jettonMasters' && list.filter.search) {
    const search = list.filter.search;
    return (row) => `${searchOrderKey(search, (row as unknown as { content: string }).content)}\u0000${row.address}`;
  }
  return (row) => row.address;
}

/**
 * A page of the search as of the snapshot's masterchain block `mcSeqno`: the groups in order, each
 * read (through the state list, token-snapshot.ts) only for the rows the page still needs.
 */
export async function jettonSearchPage(
  reader: LedgerReader,
  text: string,
  mcSeqno: number,
  page: ListPage,
): Promise<TokenRowOf<'jettonMasters'>[]> {
  const key = symbolKey(text);
  const wanted = page.offset + page.limit;
  const rows: TokenRowOf<'jettonMasters'>[] = [];
  for (const group of JETTON_SEARCH_GROUPS) {
    if (rows.length >= wanted) break;
    const list = { table: 'jettonMasters', filter: { search: { group, key } }, mcSeqno } as const;
    rows.push(...(await stateListPage(reader, list, { limit: wanted - rows.length, offset: 0 })));
  }
  return rows.slice(page.offset, wanted);
}
