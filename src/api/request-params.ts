// What the explorer sends: the request parameters of the four operations, as plain values before
// the server's parsing. `src/api/params.ts` holds the server's zod schemas, whose *output* types are
// the parsed forms (bigint shards, hash bytes, opcode numbers, Sets) and pull @ton/core in at run
// time; the browser client only needs these input shapes, so they are plain interfaces here.

export type SortOrder = 'asc' | 'desc';
/** One value or several; several go out as repeated keys (`?account=a&account=b`). */
export type OneOrMany<T> = T | readonly T[];

export interface BlockTransactionsExtRequest {
  workchain: number;
  /** Signed 64-bit decimal, e.g. `"-9223372036854775808"` for the full shard. */
  shard: string;
  seqno: number;
  root_hash?: string;
  file_hash?: string;
  /** Cursor: lt and account of the last transaction of the previous page; both or neither. */
  after_lt?: string;
  after_hash?: string;
  count?: number;
}

export interface MasterchainBlockShardStateRequest {
  seqno: number;
  limit?: number;
  offset?: number;
  sort?: SortOrder;
}

export interface TracesRequest {
  account?: OneOrMany<string>;
  trace_id?: OneOrMany<string>;
  tx_hash?: OneOrMany<string>;
  msg_hash?: OneOrMany<string>;
  mc_seqno?: number;
  start_utime?: number;
  end_utime?: number;
  start_lt?: string;
  end_lt?: string;
  include_actions?: boolean;
  supported_action_types?: readonly string[];
  limit?: number;
  offset?: number;
  sort?: SortOrder;
}

/** Exactly one of the two. */
export interface BalanceChangesRequest {
  trace_id?: string;
  action_id?: string;
}

export interface TransactionsByMessageRequest {
  msg_hash?: string;
  body_hash?: string;
  /** `0x7362d09c`, a signed 32-bit decimal string, or the number itself. */
  opcode?: string | number;
  direction?: 'in' | 'out';
  limit?: number;
  offset?: number;
  sort?: SortOrder;
}
