// What a sandbox ledger keeps beside the ledger's own tables (written by src/sandbox/run-store.ts,
// docs/sandbox.md): the reads the API's /api/sandbox operations make of them. Only a SQLite ledger
// made by `npm run sandbox` has these tables; every other ledger (a produced one, any PostgreSQL
// ledger) answers `null` to `LedgerQueries.sandboxRuns()`, and the operations say it is not a
// sandbox ledger.
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A log's text as stored: raw-deflated UTF-8 (verbose VM logs are tens to hundreds of kilobytes).
 * Deflate's fastest level: a frame of a thousand transactions brings ~40 MB of VM logs, compressed
 * while the run waits to be listed; the default level took about twice as long for ~7 % less.
 */
export const packLog = (text: string | undefined | null): Buffer | null =>
  text ? deflateRawSync(Buffer.from(text, 'utf8'), { level: constants.Z_BEST_SPEED }) : null;
export const unpackLog = (blob: Buffer | Uint8Array | null): string | null =>
  blob ? inflateRawSync(blob).toString('utf8') : null;

export interface SandboxTestRow {
  /** The frames' grouping key: `id:<uuid>`, else `test:<path>::<name>`, else `none`. */
  testKey: string;
  testId: string | null;
  name: string | null;
  path: string | null;
  firstMcSeqno: number;
  lastMcSeqno: number;
  frames: number;
  /** When its newest frame was received (unix seconds). */
  lastReceivedAt: number;
}

export interface SandboxFrameRow {
  /** The frame's masterchain (and basechain) block seqno. */
  seqno: number;
  testKey: string;
  shape: 'test-data' | 'earlier';
  receivedAt: number;
  /** Transactions this frame wrote (0 when its traces were in the ledger already). */
  written: number;
  bytes: number;
  /** The frame's traces by their first lt; `written` false: an earlier frame stored the same trace. */
  traces: { traceId: Buffer; written: boolean }[];
  /**
   * Its transactions that earlier frames stored under their own traces (another test's run made
   * the very same transactions: docs/sandbox.md), listed with the run beside its traces'.
   */
  repeats: Buffer[];
  /** Message attempts of the run that made no transaction (from an Acton bundle), in their order. */
  failedMessages: SandboxFailedMessageRow[];
  /** What Acton said of the trace the run was made of; null for sandbox's runs. */
  acton: { name: string | null; treasuryDeploy: boolean; hiddenTraces: number } | null;
}

/** A message attempt that made no transaction, as Acton wrote it (`failed_messages`). */
export interface SandboxFailedMessageRow {
  error: string;
  vmExitCode: number | null;
  vmLogs: string | null;
  blockchainLogs: string | null;
  missingLibraries: string[];
}

/** A Tolk source position of an executor action, as Acton wrote it. */
export interface SourceLocationRecord {
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  length: number;
}

export type ActionFailureReasonRecord =
  | { type: 'not_enough_grams_to_send'; remaining_balance: string; required: string }
  | { type: 'cannot_reserve_grams'; requested: string; available: string };

interface ActionOutcomeRecord {
  location?: SourceLocationRecord | null;
  failure_code?: number | null;
}

/** One action of a transaction's action phase as Acton read it from the executor's log (`executor_actions`). */
export type ExecutorActionRecord =
  | ({
      type: 'send_message';
      hash: string;
      remaining_balance: string;
      failure_reason?: ActionFailureReasonRecord | null;
    } & ActionOutcomeRecord)
  | ({
      type: 'reserve_currency';
      mode: number;
      reserve: string;
      balance: string;
      original_balance: string;
      changed_remaining_balance: string;
      changed_reserved_balance: string;
      failure_reason?: ActionFailureReasonRecord | null;
    } & ActionOutcomeRecord)
  | ({ type: 'set_code' | 'change_library' } & ActionOutcomeRecord);

export interface SandboxTransactionRow {
  hash: Buffer;
  /** The frame that wrote it. */
  seqno: number;
  testKey: string;
  parentLt: string | null;
  childrenLts: string[];
  blockchainLogs: string | null;
  vmLogs: string | null;
  debugLogs: string | null;
  /** The account's data cell before and after (BOC), sent with `blockchain.recordStorage = true`. */
  oldStorage: Buffer | null;
  newStorage: Buffer | null;
  /** Its executor actions, from an Acton bundle (none from sandbox). */
  executorActions: ExecutorActionRecord[];
}

export interface SandboxContractRow {
  account: string;
  wrapperName: string | null;
  treasurySeed: string | null;
  /** The Tact ABI's JSON text, as sandbox sent it. */
  abi: string | null;
}

export interface SandboxTestFilter {
  /** Tests of this file only. */
  path?: string;
  limit: number;
  offset: number;
}

/** The reads of a sandbox ledger's run records, each on the snapshot of the request. */
export interface SandboxRunReads {
  /** Tests newest first (by their newest frame). */
  listTests(filter: SandboxTestFilter): Promise<SandboxTestRow[]>;
  getTest(testKey: string): Promise<SandboxTestRow | null>;
  /** A test's frames, newest first. */
  listFrames(testKey: string, page: { limit: number; offset: number }): Promise<SandboxFrameRow[]>;
  getFrame(seqno: number): Promise<SandboxFrameRow | null>;
  /** The frame that wrote a trace (its first). */
  frameOfTrace(traceId: Buffer): Promise<number | null>;
  /** A transaction's run record with its logs inflated; null for one no frame wrote. */
  getTransaction(hash: Buffer): Promise<SandboxTransactionRow | null>;
  /** Only the compressed VM log (the VM log operation reads nothing else). */
  getVmLog(hash: Buffer): Promise<{ found: boolean; text: string | null }>;
  /** The contracts a test's Blockchain had metadata for (wrapper names, treasury seeds, ABIs). */
  contractsOfTest(testKey: string): Promise<SandboxContractRow[]>;
}
