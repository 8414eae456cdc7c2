// Stand-in for src/api (in progress by the api helper): the smallest client the pages need, to be
// replaced by its queryOptions factories when they land. Everything that knows URLs is here.
import { queryOptions } from '@tanstack/react-query';
import type { AddressBook, WireTrace } from '../features/trace-graph/trace-model';

export class ApiHttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'ApiHttpError';
  }
}

export class ApiUnreachableError extends Error {
  constructor(base: string, cause: unknown) {
    super(`No answer from ${base || 'this server'} (${(cause as Error)?.message ?? 'network error'})`);
    this.name = 'ApiUnreachableError';
  }
}

type Params = Record<string, string | number | boolean | undefined | null>;

async function getJson<T>(base: string, path: string, params: Params, signal?: AbortSignal): Promise<T> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const url = `${base}${path}${qs.size ? '?' + qs.toString() : ''}`;
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiUnreachableError(base, e);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const msg = (body as { error?: string } | null)?.error ?? res.statusText;
    throw new ApiHttpError(res.status, msg || `HTTP ${res.status}`);
  }
  return body as T;
}

export interface WireTx {
  hash: string;
  account: string;
  lt: string;
  now: number;
  mc_block_seqno: number;
  trace_id?: string | null;
  total_fees: string;
  orig_status: string;
  end_status: string;
  block_ref: { workchain: number; shard: string; seqno: number };
  in_msg?: WireMsg | null;
  out_msgs: WireMsg[];
  description: Record<string, unknown> & {
    type?: string;
    aborted?: boolean;
    compute_ph?: Record<string, unknown> & { skipped?: boolean; success?: boolean; exit_code?: number; reason?: string };
    action?: Record<string, unknown> & { success?: boolean; result_code?: number };
    storage_ph?: Record<string, unknown>;
    credit_ph?: Record<string, unknown>;
    bounce?: Record<string, unknown>;
  };
  account_state_before?: Record<string, unknown> | null;
  account_state_after?: Record<string, unknown> | null;
}

export interface WireMsg {
  hash: string;
  hash_norm?: string;
  source: string | null;
  destination: string | null;
  value: string | null;
  fwd_fee: string | null;
  ihr_fee?: string | null;
  import_fee?: string | null;
  created_lt: string | null;
  created_at: string | null;
  opcode: number | null;
  bounce: boolean | null;
  bounced: boolean | null;
  in_msg_tx_hash?: string | null;
  out_msg_tx_hash?: string | null;
  message_content?: { hash?: string; body?: string; decoded?: { type?: string; comment?: string } | null } | null;
  init_state?: { hash?: string; body?: string } | null;
}

export interface WireAction {
  action_id: string;
  type: string;
  success: boolean;
  details: Record<string, unknown>;
  transactions: string[];
  accounts?: string[];
  start_lt: string;
  end_lt: string;
}

export type Metadata = Record<string, { is_indexed?: boolean; token_info?: Array<{ type?: string; name?: string; symbol?: string; decimals?: number | string | null }> }>;

export interface TracesResponse {
  traces: Array<WireTrace & { actions?: WireAction[]; external_hash?: string | null; mc_seqno_end?: string; trace_info?: { transactions?: number; messages?: number }; end_lt?: string; transactions_order?: string[] }>;
  address_book: AddressBook;
  metadata: Metadata;
}

export interface TransactionsResponse {
  transactions: WireTx[];
  address_book: AddressBook;
}

export interface ShardStateResponse extends TransactionsResponse {
  blocks?: Array<{ workchain: number; shard: string; seqno: number; tx_count?: number; gen_utime?: number; root_hash?: string; start_lt?: string; end_lt?: string }>;
}

export interface BlockTransactionsResponse {
  ok: boolean;
  result: {
    id: { workchain: number; shard: string; seqno: number; root_hash: string; file_hash: string };
    incomplete: boolean;
    req_count: number;
    transactions: Array<{
      account: string;
      utime: number;
      fee: string;
      transaction_id: { lt: string; hash: string };
      in_msg?: { source?: { account_address?: string }; value?: string; hash?: string } | null;
      out_msgs: unknown[];
    }>;
  };
}

export type TracesParams = {
  account?: string;
  trace_id?: string;
  tx_hash?: string;
  msg_hash?: string;
  mc_seqno?: number;
  start_utime?: number;
  end_utime?: number;
  start_lt?: string;
  end_lt?: string;
  include_actions?: boolean;
  limit?: number;
  offset?: number;
  sort?: 'asc' | 'desc';
};

export const tracesQuery = (base: string, params: TracesParams) =>
  queryOptions({
    queryKey: ['traces', base, params],
    queryFn: ({ signal }) => getJson<TracesResponse>(base, '/api/v3/traces', params, signal),
  });

export type MessagesParams = { msg_hash?: string; body_hash?: string; opcode?: string; direction?: 'in' | 'out'; limit?: number; offset?: number; sort?: 'asc' | 'desc' };

export const transactionsByMessageQuery = (base: string, params: MessagesParams) =>
  queryOptions({
    queryKey: ['transactionsByMessage', base, params],
    queryFn: ({ signal }) => getJson<TransactionsResponse>(base, '/api/v3/transactionsByMessage', params, signal),
  });

export const shardStateQuery = (base: string, params: { seqno: number; limit?: number; offset?: number; sort?: 'asc' | 'desc' }) =>
  queryOptions({
    queryKey: ['masterchainBlockShardState', base, params],
    queryFn: ({ signal }) => getJson<ShardStateResponse>(base, '/api/v3/masterchainBlockShardState', params, signal),
  });

export const blockTransactionsQuery = (
  base: string,
  params: { workchain: number; shard: string; seqno: number; count?: number; after_lt?: string; after_hash?: string },
) =>
  queryOptions({
    queryKey: ['getBlockTransactionsExt', base, params],
    queryFn: ({ signal }) => getJson<BlockTransactionsResponse>(base, '/api/v2/getBlockTransactionsExt', params, signal),
  });
