import type { z } from 'zod/mini';
import type * as M from './model';
import {
  normalizeAddressInformation,
  normalizeJettonBurns,
  normalizeJettonMasters,
  normalizeJettonTransfers,
  normalizeJettonWallets,
  normalizeNftCollections,
  normalizeNftItems,
  normalizeNftTransfers,
  normalizeTransactionsPage,
  normalizeWalletInformation,
  normalizeAddressBook,
  normalizeBalanceChanges,
  normalizeBlock,
  normalizeRunGetMethod,
  normalizeTracesPage,
  normalizeTransaction,
  normalizeV2BlockTransactions,
} from './normalize';
import type {
  AddressInformationRequest,
  JettonBurnsRequest,
  JettonMastersRequest,
  JettonSearchRequest,
  JettonTransfersRequest,
  JettonWalletsRequest,
  NftCollectionsRequest,
  NftItemsRequest,
  NftTransfersRequest,
  TransactionsRequest,
  WalletInformationRequest,
  BalanceChangesRequest,
  BlockTransactionsExtRequest,
  MasterchainBlockShardStateRequest,
  SandboxNamesRequest,
  SandboxRunsRequest,
  SandboxTestsRequest,
  SandboxTransactionRequest,
  SandboxVmLogRequest,
  TracesRequest,
  TransactionsByMessageRequest,
} from './request-params';
import type { OperationPath } from './operations/registry';
import {
  wireAddressInformation,
  wireJettonBurns,
  wireJettonMasters,
  wireJettonTransfers,
  wireJettonWallets,
  wireNftCollections,
  wireNftItems,
  wireNftTransfers,
  wireWalletInformation,
  wireBalanceChanges,
  wireError,
  wireRunGetMethod,
  wireShardStateResponse,
  wireMasterchainInfo,
  wireTrace,
  wireTracesEnvelope,
  wireTracesResponse,
  wireTransactionsResponse,
  wireV2BlockTransactions,
} from './wire';
import {
  wireSandboxNames,
  wireSandboxRuns,
  wireSandboxTests,
  wireSandboxTransaction,
  wireSandboxVmLog,
  type SandboxNames,
  type SandboxRuns,
  type SandboxTests,
  type SandboxTransaction,
  type SandboxVmLog,
} from './sandbox-wire';
import { nextTask } from './next-task';

/**
 * What an error status means to a reader: the thing does not exist, the request was wrong, the
 * query was too heavy for the server's time budget (504), or the server failed.
 */
export type ApiErrorKind = 'not-found' | 'bad-request' | 'too-heavy' | 'server';

function kindOfStatus(status: number): ApiErrorKind {
  if (status === 404) return 'not-found';
  // the API stopped the query at its time budget (API_QUERY_TIMEOUT_MS; a gateway's timeout alike)
  if (status === 504) return 'too-heavy';
  // 429 is the server's load, not the request's fault: asked again later, it is answered.
  return status >= 400 && status < 500 && status !== 429 ? 'bad-request' : 'server';
}

/**
 * The API answered with an error status; `message` is the server's own message (v2
 * `{ok: false, error}` or v3 `{error}`), else `HTTP <status> <text>` for a body of another shape.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  constructor(
    readonly status: number,
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kindOfStatus(status);
  }
}

/** No answer at all: the API is down, unreachable, or refused the request (CORS). */
export class ApiUnreachableError extends Error {
  readonly kind = 'unreachable' as const;
  constructor(
    readonly base: string,
    cause: unknown,
  ) {
    super(`no answer from ${base || 'this server'}${cause instanceof Error ? ` (${cause.message})` : ''}`);
    this.name = 'ApiUnreachableError';
  }
}

/** The API answered, but not with the shape this contract describes. */
export class ApiShapeError extends Error {
  readonly kind = 'shape' as const;
  constructor(
    readonly url: string,
    readonly issues: string,
  ) {
    super(`unexpected response from ${url}: ${issues}`);
    this.name = 'ApiShapeError';
  }
}

/** Every error the client throws (an aborted request rethrows the fetch's own AbortError). */
export type LedgerApiError = ApiError | ApiUnreachableError | ApiShapeError;

export function isLedgerApiError(e: unknown): e is LedgerApiError {
  return e instanceof ApiError || e instanceof ApiUnreachableError || e instanceof ApiShapeError;
}

/** The API answered that the thing asked for does not exist (HTTP 404). */
export function isNotFound(e: unknown): boolean {
  return isLedgerApiError(e) && e.kind === 'not-found';
}

/**
 * Worth asking again at once: no answer, or a server error; a 4xx is an answer (bad input, not
 * found), and a 504 says the query outgrew the server's budget: asked again at once it most likely
 * does again, at the same cost to the server, so only the reader's Retry asks it again.
 */
export function isRetryable(e: unknown): boolean {
  if (!isLedgerApiError(e)) return true;
  return e.kind === 'unreachable' || e.kind === 'server';
}

type Scalar = string | number | bigint | boolean;
export type QueryParams = Record<string, Scalar | readonly Scalar[] | null | undefined>;

/**
 * List parameters go out as repeated keys (`?account=a&account=b`), as both APIs accept; the
 * comma form would break on values that may hold commas. Absent, null and empty values are left out.
 */
export function queryString(params: QueryParams | object): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params as QueryParams)) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? (v as readonly Scalar[]) : [v as Scalar]) q.append(k, String(item));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** An answer's body checked against its schema: its output, else an ApiShapeError naming the first issues. */
export function checkAnswer<T extends z.ZodMiniType>(
  url: string,
  body: unknown,
  schema: T,
  at: PropertyKey[] = [],
): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiShapeError(
      url,
      parsed.error.issues
        .slice(0, 3)
        .map((i) => `${[...at, ...i.path].join('.')}: ${i.message}`)
        .join('; '),
    );
  }
  return parsed.data;
}

/** How long the check of a list's items runs before it lets the browser paint and take input. */
const SLICE_MS = 20;

/**
 * A `traces` answer checked as checkAnswer does, its traces one at a time in slices of a task each:
 * a list of 20 traces with their transactions is ~60-90 ms of checking on a phone, one long task.
 */
async function checkTracesInSlices(url: string, body: unknown): Promise<z.output<typeof wireTracesResponse>> {
  const envelope = checkAnswer(url, body, wireTracesEnvelope);
  const traces: Array<z.output<typeof wireTrace>> = [];
  let sliceStart = performance.now();
  for (const [i, trace] of envelope.traces.entries()) {
    traces.push(checkAnswer(url, trace, wireTrace, ['traces', i]));
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await nextTask();
    sliceStart = performance.now();
  }
  return { ...envelope, traces };
}

/**
 * The bytes of a `traces` answer (streamTraces) read as getTraces reads them: JSON, checked,
 * normalized. A body that is not JSON is a shape error, as in getTraces.
 */
export function readTracesPage(url: string, bytes: ArrayBuffer): M.TracesPage {
  return normalizeTracesPage(checkAnswer(url, parseBytes(bytes), wireTracesResponse));
}

/** The same as readTracesPage, of an answer already decoded to text. */
export function readTracesText(url: string, text: string): M.TracesPage {
  return normalizeTracesPage(checkAnswer(url, parseText(text), wireTracesResponse));
}

/** The same as readTracesPage, its parsing and its checking in tasks of their own (a page's main thread). */
export async function readTracesPageInTasks(url: string, bytes: ArrayBuffer): Promise<M.TracesPage> {
  const body = parseBytes(bytes);
  await nextTask();
  const checked = await checkTracesInSlices(url, body);
  await nextTask();
  return normalizeTracesPage(checked);
}

function parseBytes(bytes: ArrayBuffer): unknown {
  return parseText(new TextDecoder().decode(bytes));
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface ClientOptions {
  /** '' for the same origin; e.g. `https://toncenter.com` for a public deployment. */
  baseUrl: string;
  fetch?: typeof fetch;
  apiKey?: string;
}

/** A typed client of the five REST operations, normalizing either dialect into ./model.ts. */
export class LedgerClient {
  /** The API base, without trailing slashes: part of every query key (./queries.ts). */
  readonly base: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly opts: ClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.doFetch = opts.fetch ?? ((...a) => fetch(...a));
  }

  /**
   * The answer of `path` once it said OK: an error status is thrown as ApiError (with the server's
   * own message), no answer at all as ApiUnreachableError. `path` is one of src/api/operations (a
   * type-only check: the registry stays out of the bundle).
   */
  private async send(
    path: OperationPath,
    params: QueryParams | object,
    signal?: AbortSignal,
    /** a POST of this JSON body instead of a GET (the parameters then go in the body, not the URL) */
    post?: object,
  ): Promise<{ url: string; res: Response }> {
    const url = `${this.base}${path}${queryString(this.opts.apiKey ? { ...params, api_key: this.opts.apiKey } : params)}`;
    let res: Response;
    try {
      res = await this.doFetch(
        url,
        post
          ? {
              signal,
              method: 'POST',
              headers: { accept: 'application/json', 'content-type': 'application/json' },
              body: JSON.stringify(post),
            }
          : { signal, headers: { accept: 'application/json' } },
      );
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiUnreachableError(this.base, error);
    }
    if (!res.ok) {
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        body = null;
      }
      const err = wireError.safeParse(body);
      const message = err.success && err.data.error ? err.data.error : `HTTP ${res.status} ${res.statusText}`.trim();
      throw new ApiError(res.status, message, url);
    }
    return { url, res };
  }

  private async get<T extends z.ZodMiniType>(
    path: OperationPath,
    params: QueryParams | object,
    schema: T,
    signal?: AbortSignal,
    post?: object,
  ): Promise<z.output<T>> {
    const { url, body } = await this.getBody(path, params, signal, post);
    const checked = checkAnswer(url, body, schema);
    // the caller's normalization in a task of its own too
    await nextTask();
    return checked;
  }

  /**
   * An answer's JSON, unchecked, in a task after the one that parsed it. The parse, the check and
   * the caller's normalization each take a task of their own: a list of 20 traces was ~190 ms of
   * one task on a phone (Lighthouse's 4x CPU), all of it blocking time.
   */
  private async getBody(
    path: OperationPath,
    params: QueryParams | object,
    signal?: AbortSignal,
    post?: object,
  ): Promise<{ url: string; body: unknown }> {
    const { url, res } = await this.send(path, params, signal, post);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    await nextTask();
    return { url, body };
  }

  /**
   * A `traces` answer's bytes, unread, each piece handed to `onChunk` as it comes (a big answer
   * streams for a second or more): the caller reads them (readTracesPage, readTracesText) where it
   * likes, such as in a worker for a trace of thousands of transactions, which can decode the
   * pieces while the rest is on its way. Errors as getTraces.
   */
  async streamTraces(
    p: TracesRequest,
    onChunk: (chunk: Uint8Array) => void,
    signal?: AbortSignal,
  ): Promise<{ url: string; received: number }> {
    const { url, res } = await this.send('/api/v3/traces', p, signal);
    if (!res.body) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      onChunk(bytes);
      return { url, received: bytes.byteLength };
    }
    const reader = res.body.getReader();
    let received = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      received += r.value.byteLength;
      onChunk(r.value);
    }
    return { url, received };
  }

  async getBlockTransactionsExt(p: BlockTransactionsExtRequest, signal?: AbortSignal): Promise<M.V2BlockTransactions> {
    return normalizeV2BlockTransactions(
      await this.get('/api/v2/getBlockTransactionsExt', p, wireV2BlockTransactions, signal),
    );
  }

  async getMasterchainBlockShardState(
    p: MasterchainBlockShardStateRequest,
    signal?: AbortSignal,
  ): Promise<M.ShardState> {
    const r = await this.get('/api/v3/masterchainBlockShardState', p, wireShardStateResponse, signal);
    return {
      transactions: r.transactions.map(normalizeTransaction),
      addressBook: normalizeAddressBook(r.address_book),
      blocks: r.blocks.map(normalizeBlock),
    };
  }

  /** The first and the newest masterchain block: the chain's head, whatever the newest trace is. */
  async getMasterchainInfo(signal?: AbortSignal): Promise<{ first: M.Block; last: M.Block }> {
    const r = await this.get('/api/v3/masterchainInfo', {}, wireMasterchainInfo, signal);
    return { first: normalizeBlock(r.first), last: normalizeBlock(r.last) };
  }

  async getTraces(p: TracesRequest, signal?: AbortSignal): Promise<M.TracesPage> {
    const { url, body } = await this.getBody('/api/v3/traces', p, signal);
    const checked = await checkTracesInSlices(url, body);
    await nextTask();
    return normalizeTracesPage(checked);
  }

  async getTransactionsByMessage(p: TransactionsByMessageRequest, signal?: AbortSignal): Promise<M.TransactionsPage> {
    const r = await this.get('/api/v3/transactionsByMessage', p, wireTransactionsResponse, signal);
    return {
      transactions: r.transactions.map(normalizeTransaction),
      addressBook: normalizeAddressBook(r.address_book),
    };
  }

  // The account, jetton and NFT pages' reads (v3).

  async getTransactions(p: TransactionsRequest, signal?: AbortSignal): Promise<M.TransactionsPage> {
    return normalizeTransactionsPage(await this.get('/api/v3/transactions', p, wireTransactionsResponse, signal));
  }

  async getAddressInformation(p: AddressInformationRequest, signal?: AbortSignal): Promise<M.AccountInformation> {
    return normalizeAddressInformation(await this.get('/api/v3/addressInformation', p, wireAddressInformation, signal));
  }

  /** A contract that is no wallet is an answer (409 on ours, an error on TON Center's): thrown as ApiError. */
  async getWalletInformation(p: WalletInformationRequest, signal?: AbortSignal): Promise<M.WalletInformation> {
    return normalizeWalletInformation(await this.get('/api/v3/walletInformation', p, wireWalletInformation, signal));
  }

  async getJettonMasters(p: JettonMastersRequest, signal?: AbortSignal): Promise<M.ListPage<M.JettonMaster>> {
    return normalizeJettonMasters(await this.get('/api/v3/jetton/masters', p, wireJettonMasters, signal));
  }

  /** Our extension: jetton masters by symbol, then name (TON Center has no such read: 404 there). */
  async searchJettons(p: JettonSearchRequest, signal?: AbortSignal): Promise<M.ListPage<M.JettonMaster>> {
    return normalizeJettonMasters(await this.get('/api/v3/jetton/search', p, wireJettonMasters, signal));
  }

  async getJettonWallets(p: JettonWalletsRequest, signal?: AbortSignal): Promise<M.ListPage<M.JettonWallet>> {
    return normalizeJettonWallets(await this.get('/api/v3/jetton/wallets', p, wireJettonWallets, signal));
  }

  async getJettonTransfers(p: JettonTransfersRequest, signal?: AbortSignal): Promise<M.ListPage<M.JettonTransfer>> {
    return normalizeJettonTransfers(await this.get('/api/v3/jetton/transfers', p, wireJettonTransfers, signal));
  }

  async getJettonBurns(p: JettonBurnsRequest, signal?: AbortSignal): Promise<M.ListPage<M.JettonBurn>> {
    return normalizeJettonBurns(await this.get('/api/v3/jetton/burns', p, wireJettonBurns, signal));
  }

  async getNftCollections(p: NftCollectionsRequest, signal?: AbortSignal): Promise<M.ListPage<M.NftCollection>> {
    return normalizeNftCollections(await this.get('/api/v3/nft/collections', p, wireNftCollections, signal));
  }

  async getNftItems(p: NftItemsRequest, signal?: AbortSignal): Promise<M.ListPage<M.NftItem>> {
    return normalizeNftItems(await this.get('/api/v3/nft/items', p, wireNftItems, signal));
  }

  async getNftTransfers(p: NftTransfersRequest, signal?: AbortSignal): Promise<M.ListPage<M.NftTransfer>> {
    return normalizeNftTransfers(await this.get('/api/v3/nft/transfers', p, wireNftTransfers, signal));
  }

  // Our own operations over a ledger of @ton/sandbox test runs (404 on any other ledger).

  async getSandboxTests(p: SandboxTestsRequest, signal?: AbortSignal): Promise<SandboxTests> {
    return this.get('/api/sandbox/tests', p, wireSandboxTests, signal);
  }

  async getSandboxRuns(p: SandboxRunsRequest, signal?: AbortSignal): Promise<SandboxRuns> {
    return this.get('/api/sandbox/runs', p, wireSandboxRuns, signal);
  }

  async getSandboxNames(p: SandboxNamesRequest, signal?: AbortSignal): Promise<SandboxNames> {
    return (await this.get('/api/sandbox/names', p, wireSandboxNames, signal)).names;
  }

  async getSandboxTransaction(p: SandboxTransactionRequest, signal?: AbortSignal): Promise<SandboxTransaction> {
    return this.get('/api/sandbox/transaction', p, wireSandboxTransaction, signal);
  }

  async getSandboxVmLog(p: SandboxVmLogRequest, signal?: AbortSignal): Promise<SandboxVmLog> {
    return this.get('/api/sandbox/vmLog', p, wireSandboxVmLog, signal);
  }

  async getBalanceChanges(p: BalanceChangesRequest, signal?: AbortSignal): Promise<M.BalanceChanges> {
    return normalizeBalanceChanges(await this.get('/api/v3/balanceChanges', p, wireBalanceChanges, signal));
  }

  /**
   * v2 runGetMethod by POST, the one form TON Center serves: a JSON body of the address, the method
   * by name and the arguments as the `stack` (`[["num", "0x1f"], ["tvm.Slice", "<base64 BOC>"]]`).
   * A method the contract lacks is an answer (exit code 11 or the contract's own), not an error.
   */
  async runGetMethod(
    p: { address: string; method: string; stack: readonly M.StackArgument[] },
    signal?: AbortSignal,
  ): Promise<M.RunGetMethodResult> {
    const stack = p.stack.map((a) =>
      a.type === 'num'
        ? ['num', a.value < 0n ? `-0x${(-a.value).toString(16)}` : `0x${a.value.toString(16)}`]
        : [a.type === 'cell' ? 'tvm.Cell' : 'tvm.Slice', a.boc],
    );
    const call = { address: p.address, method: p.method, stack };
    return normalizeRunGetMethod(await this.get('/api/v2/runGetMethod', {}, wireRunGetMethod, signal, call));
  }
}
