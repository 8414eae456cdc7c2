// The explorer's one internal model of the ledger, whichever dialect the API speaks (ours, or the
// public TON Center's). Hashes stay base64 (44 characters), amounts and logical times stay decimal
// strings (they exceed 2^53), shards are signed 64-bit decimal strings, addresses raw upper-case.

export type AccountStatus = 'uninit' | 'frozen' | 'active' | 'nonexist';

export interface BlockRef {
  workchain: number;
  shard: string;
  seqno: number;
}

export interface AccountState {
  hash: string;
  balance: string | null;
  status: AccountStatus | null;
  codeHash: string | null;
  dataHash: string | null;
  frozenHash: string | null;
}

export interface MessageBody {
  hash: string;
  boc: string;
  /** The text of a text comment (opcode 0), else null. */
  comment: string | null;
  /**
   * The server's decoding (`message_content.decoded`): `{type, comment}` for a comment, `{type,
   * data}` for any other body it knows; null when it sent none (the explorer then decodes the BOC
   * itself, with src/ton/decode).
   */
  decoded: DecodedBody | null;
}

/** TON Center's `decoded` object; `data` follows the TL-B fields of `type` (docs/api.md). */
export interface DecodedBody {
  type: string;
  comment?: string;
  data?: Record<string, unknown>;
}

export interface Message {
  hash: string;
  hashNorm: string | null;
  source: string | null;
  destination: string | null;
  value: string | null;
  fwdFee: string | null;
  ihrFee: string | null;
  importFee: string | null;
  createdLt: string | null;
  createdAt: number | null;
  /** Signed 32-bit, as our API prints it (TON Center prints a hex string). */
  opcode: number | null;
  bounce: boolean | null;
  bounced: boolean | null;
  ihrDisabled: boolean | null;
  body: MessageBody | null;
  initState: { hash: string; boc: string } | null;
  inTxHash: string | null;
  outTxHash: string | null;
}

export type ComputePhase =
  | { skipped: true; reason: string }
  | {
      skipped: false;
      success: boolean;
      exitCode: number;
      exitArg: number | null;
      gasUsed: string | null;
      gasFees: string | null;
      gasLimit: string | null;
      gasCredit: string | null;
      vmSteps: number | null;
      mode: number | null;
      accountActivated: boolean | null;
      msgStateUsed: boolean | null;
    };

export interface Description {
  type: string;
  aborted: boolean;
  destroyed: boolean | null;
  creditFirst: boolean | null;
  isTock: boolean | null;
  storage: { feesCollected: string; feesDue: string | null; statusChange: string } | null;
  credit: { credit: string | null; dueFeesCollected: string | null } | null;
  compute: ComputePhase | null;
  action: {
    success: boolean;
    valid: boolean | null;
    noFunds: boolean | null;
    resultCode: number;
    resultArg: number | null;
    totalActions: number | null;
    messagesCreated: number | null;
    skippedActions: number | null;
    totalFwdFees: string | null;
    totalActionFees: string | null;
  } | null;
  bounce: { type: string; msgFees: string | null; fwdFees: string | null; reqFwdFees: string | null } | null;
}

export interface Transaction {
  hash: string;
  account: string;
  lt: string;
  now: number;
  mcSeqno: number | null;
  traceId: string | null;
  traceExternalHash: string | null;
  prevTransHash: string | null;
  prevTransLt: string | null;
  origStatus: AccountStatus | null;
  endStatus: AccountStatus | null;
  totalFees: string;
  block: BlockRef;
  description: Description;
  inMsg: Message | null;
  outMsgs: Message[];
  stateBefore: AccountState | null;
  stateAfter: AccountState | null;
}

export interface Block extends BlockRef {
  rootHash: string;
  fileHash: string;
  genUtime: number | null;
  startLt: string | null;
  endLt: string | null;
  txCount: number | null;
  globalId: number | null;
  mcSeqno: number | null;
  prevBlocks: BlockRef[];
  afterSplit: boolean;
  beforeSplit: boolean;
  afterMerge: boolean;
  wantSplit: boolean;
  wantMerge: boolean;
  keyBlock: boolean;
}

export interface TraceNode {
  txHash: string;
  inMsgHash: string | null;
  children: TraceNode[];
}

export interface Action {
  id: string;
  type: string;
  success: boolean;
  startLt: string;
  endLt: string;
  startUtime: number;
  endUtime: number;
  traceId: string;
  transactions: string[];
  accounts: string[];
  details: Record<string, unknown>;
}

export interface Trace {
  traceId: string;
  externalHash: string | null;
  mcSeqnoStart: number;
  mcSeqnoEnd: number;
  startLt: string;
  endLt: string;
  startUtime: number;
  endUtime: number;
  state: string;
  classificationState: string | null;
  transactionCount: number;
  messageCount: number;
  pendingMessages: number;
  isIncomplete: boolean;
  warning: string | null;
  root: TraceNode | null;
  order: string[];
  transactions: Record<string, Transaction>;
  actions: Action[] | null;
}

export interface AddressBookEntry {
  userFriendly: string;
  domain: string | null;
  interfaces: string[];
  /**
   * The name a test run gave the account (a sandbox ledger: its wrapper's name or its treasury's
   * seed), added by the explorer from /api/sandbox/names; never in an API's address book.
   */
  name?: string;
}
export type AddressBook = Record<string, AddressBookEntry>;

export interface TokenInfo {
  type: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  description: string | null;
  image: string | null;
  extra: Record<string, unknown>;
}
export type Metadata = Record<string, { isIndexed: boolean; tokens: TokenInfo[] }>;

export interface TracesPage {
  traces: Trace[];
  addressBook: AddressBook;
  metadata: Metadata;
}

export interface TransactionsPage {
  transactions: Transaction[];
  addressBook: AddressBook;
}

export interface ShardState extends TransactionsPage {
  /** The masterchain block first, then its shard blocks. Absent fields of TON Center stay null. */
  blocks: Block[];
}

export interface V2Message {
  hash: string | null;
  source: string;
  destination: string;
  value: string;
  fwdFee: string;
  ihrFee: string;
  createdLt: string;
  bodyHash: string | null;
  body: string | null;
  initState: string | null;
}

export interface V2Transaction {
  account: string | null;
  address: string;
  utime: number;
  data: string;
  lt: string;
  hash: string;
  fee: string;
  storageFee: string;
  otherFee: string;
  inMsg: V2Message | null;
  outMsgs: V2Message[];
}

export interface V2BlockTransactions {
  block: BlockRef & { rootHash: string; fileHash: string };
  reqCount: number;
  incomplete: boolean;
  transactions: V2Transaction[];
}

export interface V2TransactionId {
  /** Raw `<wc>:<hex>` as the API prints it (TON Center: lower-case hex). */
  account: string;
  lt: string;
  hash: string;
  mode: number | null;
}

export interface V2BlockTransactionIds {
  block: BlockRef & { rootHash: string; fileHash: string };
  reqCount: number;
  incomplete: boolean;
  transactions: V2TransactionId[];
}

/**
 * What a trace did to balances (`balanceChanges`), every figure a decimal string: `changes` and
 * `fees` in nanotons per account, `jettons` per jetton master and owner in the jetton's units.
 */
export interface BalanceChanges {
  changes: Record<string, string>;
  fees: Record<string, string>;
  jettons: Record<string, Record<string, string>>;
}

/** One entry of a get method's result stack (TON Center's v2 `runGetMethod`), read from either dialect. */
export type StackEntry =
  | { type: 'num'; value: bigint }
  | { type: 'cell' | 'slice' | 'builder'; boc: string }
  | { type: 'null' }
  | { type: 'tuple' | 'list'; items: StackEntry[] }
  /** An entry of a kind this reader does not know, as the API sent it (JSON). */
  | { type: 'unknown'; raw: string };

/** What a get method returned: the TVM's exit code (11: no such method), the gas it used, its stack. */
export interface RunGetMethodResult {
  exitCode: number;
  gasUsed: number;
  stack: StackEntry[];
}

/** An argument of a get method as it goes to the API: a number, or a cell or slice as its base64 BOC. */
export type StackArgument = { type: 'num'; value: bigint } | { type: 'cell' | 'slice'; boc: string };

// The account, jetton and NFT pages' reads (v3). Amounts stay decimal strings in the token's own
// units; a page formats them with the token's decimals (metadata), never as TON.

/** v3 `addressInformation`: the account's current balance and status. */
export interface AccountInformation {
  balance: string;
  status: AccountStatus | null;
  lastTxHash: string | null;
  lastTxLt: string | null;
}

/** v3 `walletInformation`: the wallet's version (v3's interface name), seqno and id, when it has code. */
export interface WalletInformation {
  walletType: string | null;
  seqno: number | null;
  walletId: number | null;
}

/** TEP-64 token content as the contract holds it: its string fields (name, symbol, decimals, image...). */
export type TokenContent = Record<string, string>;

export interface JettonMaster {
  address: string;
  totalSupply: string;
  mintable: boolean;
  admin: string | null;
  content: TokenContent;
}

export interface JettonWallet {
  address: string;
  balance: string;
  owner: string;
  jetton: string;
}

/** The transaction a jetton or NFT event happened in. */
export interface EventTx {
  txHash: string;
  txLt: string;
  txNow: number;
  traceId: string | null;
}

export interface JettonTransfer extends EventTx {
  source: string | null;
  destination: string | null;
  amount: string;
  jetton: string | null;
}

export interface JettonBurn extends EventTx {
  owner: string;
  amount: string;
  jetton: string | null;
}

export interface NftCollection {
  address: string;
  owner: string | null;
  nextItemIndex: string;
  content: TokenContent;
}

/**
 * An NFT item. An item on sale is held by its sale contract: `owner` is then that contract and
 * `realOwner` the seller (TON Center's `real_owner`); a page shows the seller as the owner.
 */
export interface NftItem {
  address: string;
  index: string;
  collection: string | null;
  owner: string | null;
  content: TokenContent;
  onSale: boolean;
  saleContract: string | null;
  realOwner: string | null;
}

export interface NftTransfer extends EventTx {
  item: string;
  oldOwner: string | null;
  newOwner: string | null;
}

/** A page of one of the v3 jetton or NFT lists, with the answer's address book and token metadata. */
export interface ListPage<T> {
  rows: T[];
  addressBook: AddressBook;
  metadata: Metadata;
}
