// The jetton and NFT lists (TON Center's jetton/masters, jetton/wallets, nft/collections, nft/items,
// jetton/transfers, jetton/burns, nft/transfers), written once for both engines (the dialect of
// transaction-list.ts binds the values). Each list has one total order, and is walked in it by an
// index of token-tables.ts:
// - the filter that names rows most narrowly leads: the list is one walk per value of it (each walk a
//   prefix of an index in the list's order), merged by the engine (SQLite's MERGE of a compound
//   select, PostgreSQL's Merge Append over arms ordered and cut on their own), never sorted whole;
//   the other filters are conditions on those walks;
// - the walks are disjoint, so a row is listed once: "transfers of these owners", in either
//   direction, is the walks of their sent transfers, then of the transfers they received from
//   anyone else (`source NOT IN` the owners);
// - a time bound is also an lt bound, read from transactions (now, lt), as the `transactions` list
//   does (in this ledger `now` never goes back as lt grows).
//
// State lists (masters, wallets, collections, items) hold each contract's newest state; the rows a
// reader's snapshot commits are those with `mc_seqno` at most its masterchain block's. The few
// others (written ahead of their masterchain block) are read as of the snapshot apart and merged
// (token-snapshot.ts), as topAccountsByBalance does.
import type { SortOrder } from './interface';
import { clampLt } from './lt-bound';
import type { SqlDialect } from './transaction-list';
import { TOKEN_TABLES, type StateTableKey, type TokenTableKey } from './token-tables';
import { balanceKey, itemIndexKey } from './token-rows';
import type { Engine } from './token-tables';
import { jettonSearchShape, type JettonSearch } from './jetton-search';

export interface ListPage {
  limit: number;
  offset: number;
}

export interface JettonMasterFilter {
  addresses?: string[];
  admins?: string[];
  /** One group of a search by symbol or name (jetton-search.ts): its walk, in its order. */
  search?: JettonSearch;
}
export interface JettonWalletFilter {
  addresses?: string[];
  owners?: string[];
  jettons?: string[];
  excludeZeroBalance?: boolean;
  /** By balance (then address), this way; absent: by address. */
  sort?: SortOrder;
}
export interface NftCollectionFilter {
  addresses?: string[];
  owners?: string[];
}
export interface NftItemFilter {
  addresses?: string[];
  owners?: string[];
  collections?: string[];
  /** Indexes within the collections (the API asks a collection with them). */
  indexes?: bigint[];
  /** By last transaction lt, newest first; absent: by collection, index, address. */
  byLastLt?: boolean;
}
/** Inclusive bounds on a transfer's or burn's transaction. */
export interface EventRange {
  startUtime?: number;
  endUtime?: number;
  startLt?: bigint;
  endLt?: bigint;
  sort: SortOrder;
}
export interface JettonTransferFilter extends EventRange {
  owners?: string[];
  /** With owners: `in` the transfers they received, `out` those they sent. */
  direction?: 'in' | 'out';
  wallets?: string[];
  master?: string;
}
export interface JettonBurnFilter extends EventRange {
  owners?: string[];
  wallets?: string[];
  master?: string;
}
export interface NftTransferFilter extends EventRange {
  owners?: string[];
  direction?: 'in' | 'out';
  items?: string[];
  collection?: string;
}

export type TokenList =
  | { table: 'jettonMasters'; filter: JettonMasterFilter; mcSeqno: number }
  | { table: 'jettonWallets'; filter: JettonWalletFilter; mcSeqno: number }
  | { table: 'nftCollections'; filter: NftCollectionFilter; mcSeqno: number }
  | { table: 'nftItems'; filter: NftItemFilter; mcSeqno: number }
  | { table: 'nftSales'; filter: { addresses: string[] }; mcSeqno: number }
  | { table: 'jettonTransfers'; filter: JettonTransferFilter }
  | { table: 'jettonBurns'; filter: JettonBurnFilter }
  | { table: 'nftTransfers'; filter: NftTransferFilter };

/** Binding values: `?` or `$n` (transaction-list.ts); the engine (a search's keys are its own SQL). */
export type TokenSqlDialect = Pick<SqlDialect, 'arg' | 'orderedArms'> & { engine: Engine };
/** A condition, rendered when its statement is (each arm binds its own values, in text order). */
type Cond = (d: TokenSqlDialect) => string;

const eq =
  (column: string, value: unknown): Cond =>
  (d) =>
    `${column} = ${d.arg(value)}`;
const oneOf =
  (column: string, values: readonly unknown[]): Cond =>
  (d) =>
    `${column} IN (${values.map((v) => d.arg(v)).join(', ')})`;
const noneOf =
  (column: string, values: readonly unknown[]): Cond =>
  (d) =>
    `${column} NOT IN (${values.map((v) => d.arg(v)).join(', ')})`;
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

/** One walk per value of the leading filter (`null`: one walk of the whole list). */
const armsOf = (column: string, values: readonly unknown[] | undefined): Cond[][] | null =>
  values ? unique(values).map((v) => [eq(column, v)]) : null;

interface ListShape {
  table: TokenTableKey;
  arms: Cond[][];
  where: Cond[];
  order: readonly string[];
  dir: 'ASC' | 'DESC';
}

/** The statement of one page (`page.offset` rows skipped, `page.limit` given) of a list. */
export function tokenListSql(list: TokenList, page: ListPage, d: TokenSqlDialect): string {
  const shape = shapeOf(list, d.engine);
  // a leading filter with no values names no rows
  if (shape.arms.length === 0) shape.arms = [[() => '1 = 0']];
  const table = TOKEN_TABLES[shape.table].name;
  const order = shape.order.map((c) => `${c} ${shape.dir}`).join(', ');
  const arms = shape.arms.map((arm) => {
    const conds = [...arm, ...shape.where].map((c) => c(d));
    const sql = `SELECT * FROM ${table}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''}`;
    if (!d.orderedArms || shape.arms.length === 1) return sql;
    return `SELECT * FROM (${sql} ORDER BY ${order} LIMIT ${d.arg(page.limit + page.offset)}) a`;
  });
  return `${arms.join(' UNION ALL ')} ORDER BY ${order} LIMIT ${d.arg(page.limit)} OFFSET ${d.arg(page.offset)}`;
}

/** The contracts of a state table whose newest row the snapshot's masterchain block does not commit. */
export function tokenAheadSql(table: StateTableKey, mcSeqno: number, d: Pick<SqlDialect, 'arg'>): string {
  return `SELECT address FROM ${TOKEN_TABLES[table].name} WHERE mc_seqno > ${d.arg(mcSeqno)}`;
}

function timeConds(f: EventRange): Cond[] {
  const where: Cond[] = [];
  if (f.startLt !== undefined) where.push((d) => `lt >= ${d.arg(clampLt(f.startLt!))}`);
  if (f.endLt !== undefined) where.push((d) => `lt <= ${d.arg(clampLt(f.endLt!))}`);
  if (f.startUtime !== undefined) {
    where.push(
      (d) => `lt >= (SELECT lt FROM transactions WHERE now >= ${d.arg(f.startUtime)} ORDER BY now, lt LIMIT 1)`,
      (d) => `now >= ${d.arg(f.startUtime)}`,
    );
  }
  if (f.endUtime !== undefined) {
    where.push(
      (d) => `lt <= (SELECT lt FROM transactions WHERE now <= ${d.arg(f.endUtime)} ORDER BY now DESC, lt DESC LIMIT 1)`,
      (d) => `now <= ${d.arg(f.endUtime)}`,
    );
  }
  return where;
}

/**
 * Transfers of `owners` whichever way: the walks of those they sent (`sent` = owner), then of those
 * they received from anyone not among them (so a transfer between two of them is listed once).
 */
function eitherWay(owners: string[], sent: string, received: string): Cond[][] {
  const all = unique(owners);
  return [...all.map((o) => [eq(sent, o)]), ...all.map((o) => [eq(received, o), noneOf(sent, all)])];
}

/** `+`: a condition on every row walked, never the index to walk (SQLite would sort the list after). */
const committedBy =
  (mcSeqno: number): Cond =>
  (d) =>
    `+mc_seqno <= ${d.arg(mcSeqno)}`;
const eventOrder = (f: EventRange) => ({ order: ['lt', 'tx_hash'], dir: f.sort === 'asc' ? 'ASC' : 'DESC' }) as const;

function shapeOf(list: TokenList, engine: Engine): ListShape {
  switch (list.table) {
    case 'jettonMasters': {
      const f = list.filter;
      const where = [committedBy(list.mcSeqno)];
      if (f.search) {
        // one group of a search: its own walk; other filters are conditions on it
        const { conds, order } = jettonSearchShape(f.search, engine);
        if (f.addresses) where.push(oneOf('address', f.addresses));
        if (f.admins) where.push(oneOf('admin_address', f.admins));
        return { table: list.table, arms: [conds], where, order, dir: 'ASC' };
      }
      const arms = armsOf('address', f.addresses) ?? armsOf('admin_address', f.admins) ?? [[]];
      if (f.addresses && f.admins) where.push(oneOf('admin_address', f.admins));
      return { table: list.table, arms, where, order: ['address'], dir: 'ASC' };
    }
    case 'jettonWallets': {
      const f = list.filter;
      const where = [committedBy(list.mcSeqno)];
      const arms = armsOf('address', f.addresses) ?? armsOf('owner', f.owners) ?? armsOf('jetton', f.jettons) ?? [[]];
      if (f.addresses && f.owners) where.push(oneOf('owner', f.owners));
      if ((f.addresses || f.owners) && f.jettons) where.push(oneOf('jetton', f.jettons));
      if (f.excludeZeroBalance) where.push((d) => `balance <> ${d.arg(balanceKey(0n))}`);
      return f.sort
        ? { table: list.table, arms, where, order: ['balance', 'address'], dir: f.sort === 'asc' ? 'ASC' : 'DESC' }
        : { table: list.table, arms, where, order: ['address'], dir: 'ASC' };
    }
    case 'nftCollections': {
      const f = list.filter;
      const where = [committedBy(list.mcSeqno)];
      const arms = armsOf('address', f.addresses) ?? armsOf('owner_address', f.owners) ?? [[]];
      if (f.addresses && f.owners) where.push(oneOf('owner_address', f.owners));
      return { table: list.table, arms, where, order: ['address'], dir: 'ASC' };
    }
    case 'nftItems': {
      const f = list.filter;
      const where = [committedBy(list.mcSeqno)];
      const arms = armsOf('address', f.addresses) ??
        armsOf('owner_address', f.owners) ??
        armsOf('collection_address', f.collections) ?? [[]];
      if (f.addresses && f.owners) where.push(oneOf('owner_address', f.owners));
      if ((f.addresses || f.owners) && f.collections) where.push(oneOf('collection_address', f.collections));
      if (f.indexes) where.push(oneOf('idx', unique(f.indexes.map(itemIndexKey))));
      return f.byLastLt
        ? { table: list.table, arms, where, order: ['lt', 'address'], dir: 'DESC' }
        : { table: list.table, arms, where, order: ['collection_address', 'idx', 'address'], dir: 'ASC' };
    }
    case 'nftSales':
      return {
        table: list.table,
        arms: armsOf('address', list.filter.addresses)!,
        where: [committedBy(list.mcSeqno)],
        order: ['address'],
        dir: 'ASC',
      };
    case 'jettonTransfers':
      return transferShape(list.table, list.filter, {
        sent: 'source',
        received: 'destination',
        subject: ['source_wallet', list.filter.wallets],
        group: ['jetton_master', list.filter.master],
      });
    case 'jettonBurns': {
      const f = list.filter;
      const where = timeConds(f);
      const arms = armsOf('owner', f.owners) ?? armsOf('jetton_wallet', f.wallets) ?? [[]];
      if (f.owners && f.wallets) where.push(oneOf('jetton_wallet', f.wallets));
      if (f.master !== undefined) where.push(eq('jetton_master', f.master));
      return { table: list.table, arms, where, ...eventOrder(f) };
    }
    case 'nftTransfers':
      return transferShape(list.table, list.filter, {
        sent: 'old_owner',
        received: 'new_owner',
        subject: ['nft_address', list.filter.items],
        group: ['collection_address', list.filter.collection],
      });
  }
}

/**
 * A transfer list (jettons or NFTs): the owners lead when given (the transfers they `sent`, those
 * they `received`, or both, each once), else the contracts that carried them out (`subject`: the
 * wallets, the items); the jetton or collection (`group`) is a condition.
 */
function transferShape(
  table: 'jettonTransfers' | 'nftTransfers',
  f: EventRange & { owners?: string[]; direction?: 'in' | 'out' },
  columns: {
    sent: string;
    received: string;
    subject: [string, string[] | undefined];
    group: [string, string | undefined];
  },
): ListShape {
  const where = timeConds(f);
  const [subject, subjects] = columns.subject;
  const [group, value] = columns.group;
  let arms: Cond[][];
  if (f.owners) {
    arms =
      f.direction === 'in'
        ? armsOf(columns.received, f.owners)!
        : f.direction === 'out'
          ? armsOf(columns.sent, f.owners)!
          : eitherWay(f.owners, columns.sent, columns.received);
    if (subjects) where.push(oneOf(subject, subjects));
  } else arms = armsOf(subject, subjects) ?? [[]];
  if (value !== undefined) where.push(eq(group, value));
  return { table, arms, where, ...eventOrder(f) };
}
