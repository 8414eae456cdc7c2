// The jetton and NFT tables of schema version 5 (token-rows.ts says what they hold), declared once:
// each engine's DDL, its writer's columns and the conversion of a stored row back into a record
// come from these declarations, so both engines hold and answer the same.
//
// Column kinds: `addr` is text compared as bytes (an address, or a zero-padded number whose text
// order is its numeric order: a jetton balance, an NFT index), `text` plain text (decimal amounts,
// JSON, base64 BOCs), `hash` 32 bytes, `lt` a 64-bit integer, `int` a 32-bit one, `flag` a boolean.
import type {
  JettonBurnRow,
  JettonMasterRow,
  JettonTransferRow,
  JettonWalletRow,
  NftCollectionRow,
  NftItemRow,
  NftSaleRow,
  NftTransferRow,
  TokenRows,
  EventStamp,
} from './token-rows';
import { balanceKey, itemIndexKey } from './token-rows';
import { big, blob, flag, num, optBlob, type Row } from './row-records';

type Kind = 'addr' | 'text' | 'hash' | 'lt' | 'int' | 'flag';
type Value = Buffer | string | number | bigint | boolean | null;

interface TableSpec<R> {
  name: string;
  /** [name, kind, nullable]; the first is the primary key. */
  cols: readonly (readonly [string, Kind, boolean?])[];
  indexes: readonly (readonly string[])[];
  /** State tables: a row is replaced by a later lt only. Event tables: written once. */
  state: boolean;
  values(r: R): Value[];
  fromRow(row: Row): R;
}

const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const str = (v: unknown): string => String(v);
/** Booleans as both engines store them: SQLite 0/1, PostgreSQL true/false (bound per engine). */
const STAMP_COLS = [
  ['code_hash', 'hash', true],
  ['data_hash', 'hash', true],
  ['lt', 'lt'],
  ['mc_seqno', 'int'],
] as const;
const EVENT_COLS = [
  ['tx_hash', 'hash'],
  ['lt', 'lt'],
  ['now', 'lt'],
  ['mc_seqno', 'int'],
  ['trace_id', 'hash'],
  ['query_id', 'text'],
] as const;

const stampValues = (r: { codeHash: Buffer | null; dataHash: Buffer | null; lt: bigint; mcSeqno: number }) => [
  r.codeHash,
  r.dataHash,
  r.lt,
  r.mcSeqno,
];
const stampOf = (row: Row) => ({
  address: str(row.address),
  codeHash: optBlob(row.code_hash),
  dataHash: optBlob(row.data_hash),
  lt: big(row.lt),
  mcSeqno: num(row.mc_seqno),
});
const eventValues = (r: EventStamp) => [r.txHash, r.lt, r.now, r.mcSeqno, r.traceId, r.queryId.toString()];
const eventOf = (row: Row) => ({
  txHash: blob(row.tx_hash),
  lt: big(row.lt),
  now: num(row.now),
  mcSeqno: num(row.mc_seqno),
  traceId: blob(row.trace_id),
  queryId: BigInt(str(row.query_id)),
});
/** Whether a payload column holds a BOC. */
const optText = optStr;

const jettonMasters: TableSpec<JettonMasterRow> = {
  name: 'jetton_masters',
  cols: [
    ['address', 'addr'],
    ['total_supply', 'text'],
    ['mintable', 'flag'],
    ['admin_address', 'addr', true],
    ['jetton_content', 'text'],
    ['jetton_wallet_code_hash', 'hash'],
    ...STAMP_COLS,
  ],
  indexes: [['admin_address', 'address']],
  state: true,
  values: (r) => [
    r.address,
    r.totalSupply.toString(),
    r.mintable,
    r.admin,
    r.content,
    r.walletCodeHash,
    ...stampValues(r),
  ],
  fromRow: (row) => ({
    ...stampOf(row),
    totalSupply: BigInt(str(row.total_supply)),
    mintable: flag(row.mintable),
    admin: optStr(row.admin_address),
    content: str(row.jetton_content),
    walletCodeHash: blob(row.jetton_wallet_code_hash),
  }),
};

const jettonWallets: TableSpec<JettonWalletRow> = {
  name: 'jetton_wallets',
  cols: [['address', 'addr'], ['balance', 'addr'], ['owner', 'addr'], ['jetton', 'addr'], ...STAMP_COLS],
  indexes: [
    ['owner', 'address'],
    ['owner', 'balance', 'address'],
    ['jetton', 'address'],
    ['jetton', 'balance', 'address'],
    ['balance', 'address'],
  ],
  state: true,
  values: (r) => [r.address, balanceKey(r.balance), r.owner, r.jetton, ...stampValues(r)],
  fromRow: (row) => ({
    ...stampOf(row),
    balance: BigInt(str(row.balance)),
    owner: str(row.owner),
    jetton: str(row.jetton),
  }),
};

const nftCollections: TableSpec<NftCollectionRow> = {
  name: 'nft_collections',
  cols: [
    ['address', 'addr'],
    ['owner_address', 'addr', true],
    ['next_item_index', 'text'],
    ['collection_content', 'text'],
    ...STAMP_COLS,
  ],
  indexes: [['owner_address', 'address']],
  state: true,
  values: (r) => [r.address, r.owner, r.nextItemIndex.toString(), r.content, ...stampValues(r)],
  fromRow: (row) => ({
    ...stampOf(row),
    owner: optStr(row.owner_address),
    nextItemIndex: BigInt(str(row.next_item_index)),
    content: str(row.collection_content),
  }),
};

const nftItems: TableSpec<NftItemRow> = {
  name: 'nft_items',
  cols: [
    ['address', 'addr'],
    ['collection_address', 'addr'],
    ['idx', 'addr'],
    ['owner_address', 'addr', true],
    ['content', 'text'],
    ['init', 'flag'],
    ...STAMP_COLS,
  ],
  indexes: [
    ['collection_address', 'idx', 'address'],
    ['owner_address', 'collection_address', 'idx', 'address'],
    // sort_by_last_transaction_lt, whole or by owner or collection
    ['lt', 'address'],
    ['owner_address', 'lt', 'address'],
    ['collection_address', 'lt', 'address'],
  ],
  state: true,
  values: (r) => [r.address, r.collection, itemIndexKey(r.index), r.owner, r.content, r.init, ...stampValues(r)],
  fromRow: (row) => ({
    ...stampOf(row),
    collection: str(row.collection_address),
    index: BigInt(str(row.idx)),
    owner: optStr(row.owner_address),
    content: str(row.content),
    init: flag(row.init),
  }),
};

const nftSales: TableSpec<NftSaleRow> = {
  name: 'nft_sales',
  cols: [
    ['address', 'addr'],
    ['nft_address', 'addr'],
    ['seller', 'addr'],
    ['price', 'text'],
    ['marketplace', 'addr'],
    ...STAMP_COLS,
  ],
  indexes: [],
  state: true,
  values: (r) => [r.address, r.nft, r.seller, r.price.toString(), r.marketplace, ...stampValues(r)],
  fromRow: (row) => ({
    ...stampOf(row),
    nft: str(row.nft_address),
    seller: str(row.seller),
    price: BigInt(str(row.price)),
    marketplace: str(row.marketplace),
  }),
};

const jettonTransfers: TableSpec<JettonTransferRow> = {
  name: 'jetton_transfers',
  cols: [
    ...EVENT_COLS,
    ['amount', 'text'],
    ['source', 'addr'],
    ['destination', 'addr'],
    ['source_wallet', 'addr'],
    ['jetton_master', 'addr'],
    ['response_destination', 'addr', true],
    ['custom_payload', 'text', true],
    ['forward_ton_amount', 'text'],
    ['forward_payload', 'text', true],
  ],
  indexes: [
    ['lt', 'tx_hash'],
    ['source', 'lt', 'tx_hash'],
    ['destination', 'lt', 'tx_hash'],
    ['source_wallet', 'lt', 'tx_hash'],
    ['jetton_master', 'lt', 'tx_hash'],
  ],
  state: false,
  values: (r) => [
    ...eventValues(r),
    r.amount.toString(),
    r.source,
    r.destination,
    r.sourceWallet,
    r.jettonMaster,
    r.responseDestination,
    r.customPayload,
    r.forwardTonAmount.toString(),
    r.forwardPayload,
  ],
  fromRow: (row) => ({
    ...eventOf(row),
    amount: BigInt(str(row.amount)),
    source: str(row.source),
    destination: str(row.destination),
    sourceWallet: str(row.source_wallet),
    jettonMaster: str(row.jetton_master),
    responseDestination: optStr(row.response_destination),
    customPayload: optText(row.custom_payload),
    forwardTonAmount: BigInt(str(row.forward_ton_amount)),
    forwardPayload: optText(row.forward_payload),
  }),
};

const jettonBurns: TableSpec<JettonBurnRow> = {
  name: 'jetton_burns',
  cols: [
    ...EVENT_COLS,
    ['owner', 'addr'],
    ['jetton_wallet', 'addr'],
    ['jetton_master', 'addr'],
    ['amount', 'text'],
    ['response_destination', 'addr', true],
    ['custom_payload', 'text', true],
  ],
  indexes: [
    ['lt', 'tx_hash'],
    ['owner', 'lt', 'tx_hash'],
    ['jetton_wallet', 'lt', 'tx_hash'],
    ['jetton_master', 'lt', 'tx_hash'],
  ],
  state: false,
  values: (r) => [
    ...eventValues(r),
    r.owner,
    r.jettonWallet,
    r.jettonMaster,
    r.amount.toString(),
    r.responseDestination,
    r.customPayload,
  ],
  fromRow: (row) => ({
    ...eventOf(row),
    owner: str(row.owner),
    jettonWallet: str(row.jetton_wallet),
    jettonMaster: str(row.jetton_master),
    amount: BigInt(str(row.amount)),
    responseDestination: optStr(row.response_destination),
    customPayload: optText(row.custom_payload),
  }),
};

const nftTransfers: TableSpec<NftTransferRow> = {
  name: 'nft_transfers',
  cols: [
    ...EVENT_COLS,
    ['nft_address', 'addr'],
    ['collection_address', 'addr'],
    ['old_owner', 'addr'],
    ['new_owner', 'addr'],
    ['response_destination', 'addr', true],
    ['custom_payload', 'text', true],
    ['forward_amount', 'text'],
    ['forward_payload', 'text', true],
  ],
  indexes: [
    ['lt', 'tx_hash'],
    ['old_owner', 'lt', 'tx_hash'],
    ['new_owner', 'lt', 'tx_hash'],
    ['nft_address', 'lt', 'tx_hash'],
    ['collection_address', 'lt', 'tx_hash'],
  ],
  state: false,
  values: (r) => [
    ...eventValues(r),
    r.nft,
    r.collection,
    r.oldOwner,
    r.newOwner,
    r.responseDestination,
    r.customPayload,
    r.forwardAmount.toString(),
    r.forwardPayload,
  ],
  fromRow: (row) => ({
    ...eventOf(row),
    nft: str(row.nft_address),
    collection: str(row.collection_address),
    oldOwner: str(row.old_owner),
    newOwner: str(row.new_owner),
    responseDestination: optStr(row.response_destination),
    customPayload: optText(row.custom_payload),
    forwardAmount: BigInt(str(row.forward_amount)),
    forwardPayload: optText(row.forward_payload),
  }),
};

/** Every token table, by the key of `TokenRows` that feeds it. */
export const TOKEN_TABLES = {
  jettonMasters,
  jettonWallets,
  nftCollections,
  nftItems,
  nftSales,
  jettonTransfers,
  jettonBurns,
  nftTransfers,
} as const satisfies { [K in keyof TokenRows]: TableSpec<TokenRows[K][number]> };

export type TokenTableKey = keyof TokenRows;
export type TokenRowOf<K extends TokenTableKey> = TokenRows[K][number];
/** The tables of contracts' newest states (a state table's rows carry `address`, `lt`, `mc_seqno`). */
export type StateTableKey = 'jettonMasters' | 'jettonWallets' | 'nftCollections' | 'nftItems' | 'nftSales';

const spec = <K extends TokenTableKey>(k: K) => TOKEN_TABLES[k] as unknown as TableSpec<TokenRowOf<K>>;
export const tableName = (k: TokenTableKey): string => TOKEN_TABLES[k].name;
export const tokenRowFromRow = <K extends TokenTableKey>(k: K, row: Row): TokenRowOf<K> => spec(k).fromRow(row);

export type Engine = 'sqlite' | 'pg';
const SQLITE_TYPES: Record<Kind, string> = {
  addr: 'TEXT',
  text: 'TEXT',
  hash: 'BLOB',
  lt: 'INTEGER',
  int: 'INTEGER',
  flag: 'INTEGER',
};
const PG_TYPES: Record<Kind, string> = {
  addr: 'text COLLATE "C"',
  text: 'text',
  hash: 'bytea',
  lt: 'bigint',
  int: 'integer',
  flag: 'boolean',
};
/** A column's type as a PostgreSQL array element (the writer's `unnest` parameters). */
const PG_ARRAY_TYPES: Record<Kind, string> = {
  addr: 'text',
  text: 'text',
  hash: 'bytea',
  lt: 'bigint',
  int: 'integer',
  flag: 'boolean',
};

/**
 * Version 5's tables and indexes in an engine's SQL. Not partitioned on PostgreSQL: they are derived
 * (a detached range of transactions leaves them as they were) and state tables hold one row per
 * contract. Every state table is indexed by `mc_seqno` too: the rows a snapshot's masterchain block
 * does not commit yet are found by it (token-lists.ts).
 */
export function tokenTablesDdl(engine: Engine): string {
  const types = engine === 'sqlite' ? SQLITE_TYPES : PG_TYPES;
  return (Object.values(TOKEN_TABLES) as unknown as TableSpec<never>[])
    .map((t) => {
      const cols = t.cols.map(
        ([n, k, nullable], i) => `${n} ${types[k]}${i === 0 ? ' PRIMARY KEY' : nullable ? '' : ' NOT NULL'}`,
      );
      const table = `CREATE TABLE ${t.name} (${cols.join(', ')})${engine === 'sqlite' ? ' WITHOUT ROWID' : ''};`;
      const indexes = [...t.indexes, ...(t.state ? [['mc_seqno']] : [])].map(
        (cols) => `CREATE INDEX ${t.name}_by_${cols.join('_')} ON ${t.name} (${cols.join(', ')});`,
      );
      return [table, ...indexes].join('\n');
    })
    .join('\n');
}

/** How a table takes a row again: a state row only from a later transaction, an event row never. */
function conflict(t: TableSpec<never>): string {
  if (!t.state) return 'ON CONFLICT DO NOTHING';
  const [key, ...rest] = t.cols.map(([n]) => n);
  return `ON CONFLICT (${key}) DO UPDATE SET ${rest.map((n) => `${n} = excluded.${n}`).join(', ')}
    WHERE excluded.lt > ${t.name}.lt`;
}

/** A table's rows to write, in its columns' order, each key's newest only (one statement may not touch a row twice). */
export interface TokenWrite {
  table: string;
  columns: string[];
  /** PostgreSQL array types of the columns, for `unnest`. */
  pgTypes: string[];
  conflict: string;
  rows: Value[][];
}

/** What a batch's token rows write, table by table (tables without rows left out). */
export function tokenWrites(rows: TokenRows, engine: Engine): TokenWrite[] {
  const out: TokenWrite[] = [];
  for (const key of Object.keys(TOKEN_TABLES) as TokenTableKey[]) {
    const t = TOKEN_TABLES[key] as unknown as TableSpec<TokenRowOf<typeof key>>;
    const list = rows[key] as TokenRowOf<typeof key>[];
    if (list.length === 0) continue;
    // the newest of each key, by lt (a batch holds an account's transactions in lt order, but a
    // migration reads them account by account: the lt decides either way)
    const newest = new Map<string, { lt: bigint; values: Value[] }>();
    for (const r of list) {
      const values = t.values(r).map((v) => (engine === 'sqlite' && typeof v === 'boolean' ? (v ? 1 : 0) : v));
      const k = Buffer.isBuffer(values[0]) ? values[0].toString('hex') : String(values[0]);
      const seen = newest.get(k);
      if (!seen || r.lt > seen.lt) newest.set(k, { lt: r.lt, values });
    }
    out.push({
      table: t.name,
      columns: t.cols.map(([n]) => n),
      pgTypes: t.cols.map(([, k]) => PG_ARRAY_TYPES[k]),
      conflict: conflict(t as unknown as TableSpec<never>),
      rows: [...newest.values()].map((v) => v.values),
    });
  }
  return out;
}
