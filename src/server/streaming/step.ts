import type { ActionRecord, TraceRecord } from '../../store/records';
import type { Finality } from './subscription';

// What the follower hands to the subscribers for one step of the ledger (a masterchain block
// committed, or a shard block seen before its masterchain block): every record turned into its v3
// JSON text at most once (when the first client needs it), so that each client's notification is
// joined from strings, not serialized again per client.

export interface StepTransaction {
  account: string;
  /** The account, the inbound message's source and the outbound messages' destinations. */
  addresses: string[];
  /** Its v3 JSON, made on first call. */
  json: () => string;
}

export interface StepAction {
  record: ActionRecord;
  /** Its v3 JSON, made on first call. */
  json: () => string;
}

export interface StepTraceBody {
  /** `"trace":…,"transactions":…` and the trace's own fields, as JSON members. */
  members: string;
  /** Every address of the trace's transactions (for its address book). */
  addresses: string[];
}

export interface StepTrace {
  /** `trace_external_hash_norm` as sent: the normalized external hash, or the trace id for a trace begun without one. */
  key: string;
  traceId: string;
  record: TraceRecord;
  /** The trace's transactions that reached the step's finality in this step, newest first. */
  txs: StepTransaction[];
  /** Classified actions of a complete trace, in the trace's order; `null` while it is pending. */
  actions: StepAction[] | null;
  /** The whole trace as it stands, made only when someone subscribed to it. */
  body: StepTraceBody | null;
}

export interface StepAccountState {
  account: string;
  /** The whole `account_state_change` notification, made on first call. */
  json: () => string;
}

export interface StepJetton {
  address: string;
  owner: string;
  /** The wallet, its owner and its jetton master: who may want it in an address book. */
  addresses: string[];
  /** The `jetton` object. */
  json: string;
}

export interface StreamStep {
  finality: Finality;
  /** The masterchain block committed (for a pending step: the one expected to commit it). */
  mcSeqno: number;
  traces: StepTrace[];
  accountStates: StepAccountState[];
  jettons: StepJetton[];
  /** raw → `"raw":{…}` member of `address_book`, for every address of the step (when anyone asked). */
  book: Map<string, string>;
  /** raw → JSON of its `metadata` entry, for the step's token contracts (when anyone asked). */
  metadata: Map<string, string>;
}

/** What a publisher asks of the subscribers before it reads what only some want. */
export interface StepInterest {
  /** Anyone at all: with no subscriber a step is skipped unread. */
  readonly size: number;
  wantsTrace(key: string, traceId: string): boolean;
  readonly wantsAddressBook: boolean;
  readonly wantsMetadata: boolean;
}
