import { parseParams, type ApiOperation, type ParamsOf } from '../../api/operations/api-operation';
import type { RawQuery } from '../../api/operations/param-rules';
import type { LedgerReader } from '../../store/interface';
import type { ReadCaches } from '../serialize/read-caches';

/**
 * Where an operation writes its response body, piece by piece. `write` resolves once the piece may
 * be followed by the next: a large body waits here while the client is slower than the query (the
 * body is never held whole), and a request out of time stops here (the promise rejects).
 */
export interface BodySink {
  write(chunk: Buffer): Promise<void>;
}

/**
 * Everything an operation reads and keeps, the one place of a request's state: one snapshot of the
 * ledger, what its worker keeps between requests, the request's id and the service's limits.
 */
export interface ReadContext {
  reader: LedgerReader;
  /**
   * The snapshot's latest masterchain seqno (the answer's `X-Ledger-Seqno`; null on an empty
   * ledger): what an account's state is read as of (`getAccountStates`), never a later block's.
   */
  mcSeqno: number | null;
  caches: ReadCaches;
  /** Opaque id of the request, for bodies that echo one (v2 `@extra`). */
  requestId: string;
  /** Transactions printed per trace (`API_TRACE_MAX_TXS`). */
  traceMaxTxs: number;
  /**
   * Waits for work that is worth finishing even if this request is stopped (the emulator's first
   * load): rejects as soon as the request is out of time or its client gone, while the work goes on
   * for the next request, so its worker is not stopped in the middle of it. Absent: waits plainly.
   */
  interruptible?<T>(work: Promise<T>): Promise<T>;
}

/**
 * One API operation, split where the service splits it: `parse` and `light` run on the thread that
 * accepts connections (cheap, no reads), `run` in a reader worker (the reads and the body). The
 * parameters cross between threads by structured clone (Buffers arrive as Uint8Arrays and are
 * made Buffers again; bigints, Sets and plain objects pass as they are).
 */
export interface Operation<P> {
  /** The URL path, e.g. `/api/v3/traces`. */
  readonly path: string;
  /** The query string → parameters; throws `ParamError` naming what is wrong. */
  parse(query: RawQuery): P;
  /** A request whose cost is small whatever the ledger's size (point lookups, short pages): it may use the light lane. */
  light(params: P): boolean;
  /** Reads and writes the body; throws `NotFoundError` for a thing the ledger does not have. */
  run(ctx: ReadContext, params: P, out: BodySink): Promise<void>;
  /**
   * The body is a function of the parameters and the ledger's state alone (nothing of the request:
   * not v2's `@extra`): the service may keep it as finished bytes until the next commit
   * (`AnswerCache`). Absent: every request is read anew.
   */
  readonly cacheable?: boolean;
  /**
   * The body is a function of the parameters and the ledger's state, apart from a v2 answer's
   * `@extra` (written last): the service keeps it by the parameters until the next commit, whatever
   * form the call came in (GET, POST, JSON-RPC), and answers a repeat with a fresh `@extra`
   * (`runKept`). `whole`: nothing of the request in the body at all.
   */
  readonly keptByParams?: 'v2' | 'whole';
  /**
   * Also taken as a POST whose JSON body holds the parameters (TON Center's runGetMethod): the body's
   * values are read as query values (numbers as their text, lists and objects as their JSON).
   */
  readonly acceptsPost?: boolean;
}

/**
 * The server's side of an operation of src/api/operations: its path and its parsing come from
 * there (`parse` may be given for a fast path that gives the same value), `light` and `run` here.
 */
export function defineOperation<O extends ApiOperation>(
  api: O,
  impl: Omit<Operation<ParamsOf<O>>, 'path' | 'parse'> & Partial<Pick<Operation<ParamsOf<O>>, 'parse'>>,
): Operation<ParamsOf<O>> & { readonly path: O['path'] } {
  return { path: api.path, parse: (query) => parseParams(api, query), ...impl };
}
