import type { z } from 'zod/mini';
import type * as M from './model';
import type {
  wireAccountState,
  wireAction,
  wireAddressBook,
  wireAddressInformation,
  wireJettonBurns,
  wireJettonMasters,
  wireJettonTransfers,
  wireJettonWallets,
  wireNftCollections,
  wireNftItems,
  wireNftTransfers,
  wireWalletInformation,
  wireTransactionsResponse,
  wireBlock,
  wireMessage,
  wireBalanceChanges,
  wireMessageBody,
  wireMetadata,
  wireRunGetMethod,
  wireTrace,
  wireTracesResponse,
  WireTraceNode,
  wireTransaction,
  wireV2BlockHeader,
  wireV2BlockId,
  wireV2BlockTransactionIds,
  wireV2BlockTransactions,
  wireV2Message,
  wireV2Transaction,
} from './wire';

type W<T extends z.ZodMiniType> = z.output<T>;
const n = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);
const STATUSES = new Set(['uninit', 'frozen', 'active', 'nonexist']);
const status = (v: string | null | undefined): M.AccountStatus | null =>
  v && STATUSES.has(v) ? (v as M.AccountStatus) : null;

/** TON Center prints opcodes as `"0x7362d09c"`; ours as the signed 32-bit integer. */
export function normalizeOpcode(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v | 0;
  const t = v.trim();
  if (/^0x[0-9a-f]{1,8}$/i.test(t)) return parseInt(t.slice(2), 16) | 0;
  if (/^-?\d+$/.test(t)) return Number(t) | 0;
  return null;
}

/**
 * Shards: ours a signed decimal; TON Center's v3 an unsigned hex of 16 digits such as
 * `2000000000000000`. A 16-character all-digit string is read as hex: a signed decimal of exactly 16
 * digits would be a shard whose prefix starts with 10 zero bits (over a thousand shards deep), which
 * neither ledger has.
 */
export function normalizeShard(v: string): string {
  if (/^-?\d+$/.test(v) && !/^[0-9]{16}$/.test(v)) return v;
  if (/^[0-9a-fA-F]{1,16}$/.test(v)) {
    const u = BigInt('0x' + v);
    return (u >= 1n << 63n ? u - (1n << 64n) : u).toString();
  }
  return v;
}

function blockRef(r: { workchain: number; shard: string; seqno: number }): M.BlockRef {
  return { workchain: r.workchain, shard: normalizeShard(r.shard), seqno: r.seqno };
}

/** A server's `decoded` when it names a type and carries its comment or data; anything else is no decoding. */
function decodedBody(value: W<typeof wireMessageBody>['decoded']): M.DecodedBody | null {
  if (!value || typeof value !== 'object') return null;
  const d = value as { type?: unknown; comment?: unknown; data?: unknown };
  if (typeof d.type !== 'string' || d.type === '') return null;
  if (typeof d.comment === 'string') return { type: d.type, comment: d.comment };
  if (d.data && typeof d.data === 'object' && !Array.isArray(d.data))
    return { type: d.type, data: d.data as Record<string, unknown> };
  return null;
}

export function normalizeMessage(m: W<typeof wireMessage>): M.Message {
  const content = m.message_content;
  const decoded = decodedBody(content?.decoded);
  return {
    hash: m.hash,
    hashNorm: n(m.hash_norm),
    source: n(m.source),
    destination: n(m.destination),
    value: n(m.value),
    fwdFee: n(m.fwd_fee),
    ihrFee: n(m.ihr_fee),
    importFee: n(m.import_fee),
    createdLt: n(m.created_lt),
    createdAt: m.created_at === null || m.created_at === undefined ? null : Number(m.created_at),
    opcode: normalizeOpcode(m.opcode),
    bounce: n(m.bounce),
    bounced: n(m.bounced),
    ihrDisabled: n(m.ihr_disabled),
    body: content
      ? {
          hash: content.hash,
          boc: content.body ?? '',
          comment: decoded?.type === 'text_comment' ? (decoded.comment ?? '') : null,
          decoded,
        }
      : null,
    initState: m.init_state ? { hash: m.init_state.hash, boc: m.init_state.body ?? '' } : null,
    inTxHash: n(m.in_msg_tx_hash),
    outTxHash: n(m.out_msg_tx_hash),
  };
}

function accountState(s: W<typeof wireAccountState> | null | undefined): M.AccountState | null {
  if (!s) return null;
  return {
    hash: s.hash,
    balance: n(s.balance),
    status: status(s.account_status),
    codeHash: n(s.code_hash),
    dataHash: n(s.data_hash),
    frozenHash: n(s.frozen_hash),
  };
}

type Obj = Record<string, unknown>;
const o = (v: unknown): Obj | null => (v && typeof v === 'object' ? (v as Obj) : null);
const s = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const i = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : null;
const b = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/** Both layouts of the compute phase: ours (`skipped: bool`) and TON Center's older `type: "skipped"`. */
function computePhase(c: Obj | null): M.ComputePhase | null {
  if (!c) return null;
  if (c.skipped === true || c.type === 'skipped')
    return { skipped: true, reason: s(c.reason) ?? s(c.skip_reason) ?? 'unknown' };
  return {
    skipped: false,
    success: b(c.success) ?? false,
    exitCode: i(c.exit_code) ?? 0,
    exitArg: i(c.exit_arg),
    gasUsed: s(c.gas_used),
    gasFees: s(c.gas_fees),
    gasLimit: s(c.gas_limit),
    gasCredit: s(c.gas_credit),
    vmSteps: i(c.vm_steps),
    mode: i(c.mode),
    accountActivated: b(c.account_activated),
    msgStateUsed: b(c.msg_state_used),
  };
}

function description(d: Obj): M.Description {
  const storage = o(d.storage_ph);
  const credit = o(d.credit_ph);
  const action = o(d.action);
  const bounce = o(d.bounce);
  return {
    type: s(d.type) ?? 'ord',
    aborted: b(d.aborted) ?? false,
    destroyed: b(d.destroyed),
    creditFirst: b(d.credit_first),
    isTock: b(d.is_tock),
    storage: storage
      ? {
          feesCollected: s(storage.storage_fees_collected) ?? '0',
          feesDue: s(storage.storage_fees_due),
          statusChange: s(storage.status_change) ?? 'unchanged',
        }
      : null,
    credit: credit ? { credit: s(credit.credit), dueFeesCollected: s(credit.due_fees_collected) } : null,
    compute: computePhase(o(d.compute_ph)),
    action: action
      ? {
          success: b(action.success) ?? false,
          valid: b(action.valid),
          noFunds: b(action.no_funds),
          resultCode: i(action.result_code) ?? 0,
          resultArg: i(action.result_arg),
          totalActions: i(action.tot_actions),
          messagesCreated: i(action.msgs_created),
          skippedActions: i(action.skipped_actions),
          totalFwdFees: s(action.total_fwd_fees),
          totalActionFees: s(action.total_action_fees),
        }
      : null,
    bounce: bounce
      ? {
          type: s(bounce.type) ?? 'ok',
          msgFees: s(bounce.msg_fees),
          fwdFees: s(bounce.fwd_fees),
          reqFwdFees: s(bounce.req_fwd_fees),
        }
      : null,
  };
}

export function normalizeTransaction(t: W<typeof wireTransaction>): M.Transaction {
  return {
    hash: t.hash,
    account: t.account,
    lt: t.lt,
    now: t.now,
    mcSeqno: n(t.mc_block_seqno),
    traceId: n(t.trace_id),
    traceExternalHash: n(t.trace_external_hash),
    prevTransHash: n(t.prev_trans_hash),
    prevTransLt: n(t.prev_trans_lt),
    origStatus: status(t.orig_status),
    endStatus: status(t.end_status),
    totalFees: t.total_fees,
    block: blockRef(t.block_ref),
    description: description(t.description as Obj),
    inMsg: t.in_msg ? normalizeMessage(t.in_msg) : null,
    outMsgs: t.out_msgs.map(normalizeMessage),
    stateBefore: accountState(t.account_state_before),
    stateAfter: accountState(t.account_state_after),
  };
}

export function normalizeAddressBook(a: W<typeof wireAddressBook>): M.AddressBook {
  return Object.fromEntries(
    Object.entries(a).map(([raw, e]) => [
      raw,
      { userFriendly: e.user_friendly, domain: n(e.domain), interfaces: e.interfaces ?? [] },
    ]),
  );
}

/** A token's decimals as `extra` carries them (a decimal string, or a number), else null. */
function decimalsOf(v: unknown): number | null {
  const d = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(d) && d >= 0 && d <= 255 ? d : null;
}

export function normalizeMetadata(m: W<typeof wireMetadata>): M.Metadata {
  return Object.fromEntries(
    Object.entries(m).map(([raw, e]) => [
      raw,
      {
        isIndexed: e.is_indexed ?? false,
        tokens: (e.token_info ?? []).map((t) => ({
          type: t.type,
          name: n(t.name),
          symbol: n(t.symbol),
          // ours and TON Center's: `extra.decimals`, a string (an older form had `decimals` at the top)
          decimals: n(t.decimals) ?? decimalsOf(t.extra?.decimals),
          description: n(t.description),
          image: n(t.image),
          extra: t.extra ?? {},
        })),
      },
    ]),
  );
}

/** TON Center's metadata types of token contracts, and the interface an address book names them by. */
const TOKEN_INTERFACES: Record<string, string> = {
  jetton_masters: 'jetton_master',
  jetton_wallets: 'jetton_wallet',
  nft_collections: 'nft_collection',
  nft_items: 'nft_item',
};

/**
 * The address book with what the metadata says of each address: TON Center's address book often
 * carries no `interfaces` (older builds leave them out), while its metadata says which addresses are
 * jetton masters, NFT collections and items; the explorer links those to their own pages.
 */
export function bookWithMetadata(book: M.AddressBook, metadata: M.Metadata): M.AddressBook {
  const out: M.AddressBook = { ...book };
  for (const [raw, m] of Object.entries(metadata)) {
    const entry = out[raw];
    if (!entry) continue;
    const known = m.tokens.map((t) => TOKEN_INTERFACES[t.type]).filter((i): i is string => i !== undefined);
    const missing = known.filter((i) => !entry.interfaces.includes(i));
    if (missing.length > 0) out[raw] = { ...entry, interfaces: [...entry.interfaces, ...new Set(missing)] };
  }
  return out;
}

/** An answer's address book and metadata, the book completed by the metadata. */
function bookAndMetadata(r: { address_book: W<typeof wireAddressBook>; metadata: W<typeof wireMetadata> }): {
  addressBook: M.AddressBook;
  metadata: M.Metadata;
} {
  const metadata = normalizeMetadata(r.metadata);
  return { addressBook: bookWithMetadata(normalizeAddressBook(r.address_book), metadata), metadata };
}

function traceNode(node: WireTraceNode): M.TraceNode {
  return {
    txHash: node.tx_hash ?? node.transaction_hash ?? '',
    inMsgHash: n(node.in_msg_hash),
    children: (node.children ?? []).map(traceNode),
  };
}

/** An action as a trace carries it, or as TON Center's `/api/v3/actions` lists it (with its own `trace_id`). */
export function normalizeAction(a: W<typeof wireAction>, traceId = ''): M.Action {
  return {
    id: a.action_id,
    type: a.type,
    success: a.success ?? true,
    startLt: a.start_lt,
    endLt: a.end_lt,
    startUtime: a.start_utime,
    endUtime: a.end_utime,
    traceId: a.trace_id ?? traceId,
    transactions: a.transactions,
    accounts: a.accounts ?? [],
    details: (o(a.details) ?? {}) as Record<string, unknown>,
  };
}

export function normalizeTrace(t: W<typeof wireTrace>): M.Trace {
  return traceWith(
    t,
    Object.fromEntries(Object.entries(t.transactions).map(([h, tx]) => [h, normalizeTransaction(tx)])),
  );
}

/** A trace whose transactions were normalized already (read one by one as a streamed answer came). */
function traceWith(t: W<typeof wireTrace>, transactions: Record<string, M.Transaction>): M.Trace {
  const order =
    t.transactions_order ??
    Object.values(transactions)
      .sort((x, y) => (BigInt(x.lt) < BigInt(y.lt) ? -1 : 1))
      .map((x) => x.hash);
  return {
    traceId: t.trace_id,
    externalHash: n(t.external_hash),
    mcSeqnoStart: t.mc_seqno_start,
    mcSeqnoEnd: t.mc_seqno_end,
    startLt: t.start_lt,
    endLt: t.end_lt,
    startUtime: t.start_utime,
    endUtime: t.end_utime,
    state: t.trace_info?.trace_state ?? 'complete',
    classificationState: n(t.trace_info?.classification_state),
    transactionCount: t.trace_info?.transactions ?? order.length,
    messageCount: t.trace_info?.messages ?? 0,
    pendingMessages: t.trace_info?.pending_messages ?? 0,
    isIncomplete: t.is_incomplete ?? false,
    warning: n(t.warning),
    root: t.trace ? traceNode(t.trace) : null,
    order,
    transactions,
    actions: t.actions ? t.actions.map((a) => normalizeAction(a, t.trace_id)) : null,
  };
}

/**
 * A `traces` answer (also the shape the explorer builds from a streamed trace); `read`, each
 * trace's transactions where they were normalized already, in their order (api/traces-stream-reader.ts).
 */
export function normalizeTracesPage(
  r: W<typeof wireTracesResponse>,
  read?: Array<Record<string, M.Transaction>>,
): M.TracesPage {
  return {
    traces: r.traces.map((t, k) => (read ? traceWith(t, read[k]!) : normalizeTrace(t))),
    ...bookAndMetadata(r),
  };
}

export function normalizeBlock(blk: W<typeof wireBlock>): M.Block {
  return {
    workchain: blk.workchain,
    shard: normalizeShard(blk.shard),
    seqno: blk.seqno,
    rootHash: blk.root_hash,
    fileHash: blk.file_hash,
    genUtime: n(blk.gen_utime),
    startLt: n(blk.start_lt),
    endLt: n(blk.end_lt),
    txCount: n(blk.tx_count),
    globalId: n(blk.global_id),
    mcSeqno: blk.masterchain_block_ref ? blk.masterchain_block_ref.seqno : blk.workchain === -1 ? blk.seqno : null,
    prevBlocks: (blk.prev_blocks ?? []).map(blockRef),
    afterSplit: blk.after_split ?? false,
    beforeSplit: blk.before_split ?? false,
    afterMerge: blk.after_merge ?? false,
    wantSplit: blk.want_split ?? false,
    wantMerge: blk.want_merge ?? false,
    keyBlock: blk.key_block ?? false,
  };
}

function v2Message(m: W<typeof wireV2Message>): M.V2Message {
  return {
    hash: n(m.hash),
    source: m.source,
    destination: m.destination,
    value: m.value,
    fwdFee: m.fwd_fee ?? '0',
    ihrFee: m.ihr_fee ?? '0',
    createdLt: m.created_lt ?? '0',
    bodyHash: n(m.body_hash),
    body: n(m.msg_data?.body),
    initState: m.msg_data?.init_state || null,
  };
}

function v2BlockId(id: W<typeof wireV2BlockId>): M.V2BlockTransactions['block'] {
  return {
    workchain: id.workchain,
    shard: normalizeShard(id.shard),
    seqno: id.seqno,
    rootHash: id.root_hash,
    fileHash: id.file_hash,
  };
}

export function normalizeV2Transaction(t: W<typeof wireV2Transaction>): M.V2Transaction {
  return {
    account: n(t.account),
    address: t.address,
    utime: t.utime,
    data: t.data,
    lt: t.transaction_id.lt,
    hash: t.transaction_id.hash,
    fee: t.fee,
    storageFee: t.storage_fee,
    otherFee: t.other_fee,
    inMsg: t.in_msg ? v2Message(t.in_msg) : null,
    outMsgs: t.out_msgs.map(v2Message),
  };
}

export function normalizeV2BlockTransactions(r: W<typeof wireV2BlockTransactions>): M.V2BlockTransactions {
  return {
    block: v2BlockId(r.result.id),
    reqCount: r.result.req_count,
    incomplete: r.result.incomplete,
    transactions: r.result.transactions.map(normalizeV2Transaction),
  };
}

export function normalizeV2BlockTransactionIds(r: W<typeof wireV2BlockTransactionIds>): M.V2BlockTransactionIds {
  return {
    block: v2BlockId(r.result.id),
    reqCount: r.result.req_count,
    incomplete: r.result.incomplete,
    transactions: r.result.transactions.map((t) => ({ account: t.account, lt: t.lt, hash: t.hash, mode: n(t.mode) })),
  };
}

/** A v2 block header read into the same Block as a v3 block; what v2 does not print stays null. */
export function normalizeV2BlockHeader(r: W<typeof wireV2BlockHeader>): M.Block {
  const h = r.result;
  const id = v2BlockId(h.id);
  return {
    ...id,
    genUtime: n(h.gen_utime),
    startLt: n(h.start_lt),
    endLt: n(h.end_lt),
    txCount: null,
    globalId: n(h.global_id),
    mcSeqno: id.workchain === -1 ? id.seqno : null,
    prevBlocks: h.prev_blocks.map(blockRef),
    afterSplit: h.after_split ?? false,
    beforeSplit: h.before_split ?? false,
    afterMerge: h.after_merge ?? false,
    wantSplit: h.want_split ?? false,
    wantMerge: h.want_merge ?? false,
    keyBlock: h.is_key_block ?? false,
  };
}

export function normalizeBalanceChanges(r: W<typeof wireBalanceChanges>): M.BalanceChanges {
  return { changes: r.changes ?? {}, fees: r.fees ?? {}, jettons: r.jettons ?? {} };
}

/** A stack number as either dialect prints it: `"0x1f"`, `"-0x1f"`, `"31"`, or a JSON number. */
function stackNumber(v: unknown): bigint | null {
  const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
  if (typeof s !== 'string' || !/^-?(0x[0-9a-fA-F]+|\d+)$/.test(s)) return null;
  return s.startsWith('-') ? -BigInt(s.slice(1)) : BigInt(s);
}

const bocOf = (v: unknown): string | null => {
  const bytes = typeof v === 'string' ? v : (v as { bytes?: unknown } | null)?.bytes;
  return typeof bytes === 'string' ? bytes : null;
};

const unknownEntry = (raw: unknown): M.StackEntry => ({ type: 'unknown', raw: JSON.stringify(raw) ?? String(raw) });

/** An element of a tuple or list: tonlib's `tvm.stackEntry*` objects. */
function stackElement(e: unknown): M.StackEntry {
  const o = (e ?? {}) as Record<string, unknown>;
  switch (o['@type']) {
    case 'tvm.stackEntryNumber': {
      const value = stackNumber((o.number as { number?: unknown } | undefined)?.number);
      return value === null ? unknownEntry(e) : { type: 'num', value };
    }
    case 'tvm.stackEntryCell':
    case 'tvm.stackEntrySlice': {
      const type = o['@type'] === 'tvm.stackEntryCell' ? 'cell' : 'slice';
      const boc = bocOf(o[type]);
      return boc === null ? unknownEntry(e) : { type, boc };
    }
    case 'tvm.stackEntryTuple':
    case 'tvm.stackEntryList': {
      const type = o['@type'] === 'tvm.stackEntryTuple' ? 'tuple' : 'list';
      const elements = (o[type] as { elements?: unknown } | undefined)?.elements;
      return Array.isArray(elements) ? { type, items: elements.map(stackElement) } : unknownEntry(e);
    }
    default:
      return unknownEntry(e);
  }
}

/** A top-level entry: `[type, value]`. */
export function normalizeStackEntry(entry: unknown[]): M.StackEntry {
  const [kind, value] = entry;
  switch (kind) {
    case 'num':
    case 'number':
    case 'int': {
      const v = stackNumber(value);
      return v === null ? unknownEntry(entry) : { type: 'num', value: v };
    }
    case 'cell':
    case 'tvm.Cell':
    case 'slice':
    case 'tvm.Slice':
    case 'builder':
    case 'tvm.Builder': {
      const boc = bocOf(value);
      const type = kind.replace('tvm.', '').toLowerCase() as 'cell' | 'slice' | 'builder';
      return boc === null ? unknownEntry(entry) : { type, boc };
    }
    case 'null':
      return { type: 'null' };
    case 'tuple':
    case 'list': {
      const elements = (value as { elements?: unknown } | null)?.elements;
      return Array.isArray(elements) ? { type: kind, items: elements.map(stackElement) } : unknownEntry(entry);
    }
    default:
      return unknownEntry(entry);
  }
}

export function normalizeRunGetMethod(r: W<typeof wireRunGetMethod>): M.RunGetMethodResult {
  return {
    exitCode: r.result.exit_code,
    gasUsed: r.result.gas_used,
    stack: r.result.stack.map(normalizeStackEntry),
  };
}

// The account, jetton and NFT pages' reads.

export function normalizeAddressInformation(r: W<typeof wireAddressInformation>): M.AccountInformation {
  return {
    balance: r.balance,
    // v2's word for it, which a v3 answer of another index may still use
    status: status(r.status === 'uninitialized' ? 'uninit' : r.status),
    lastTxHash: n(r.last_transaction_hash),
    lastTxLt: n(r.last_transaction_lt),
  };
}

export function normalizeWalletInformation(r: W<typeof wireWalletInformation>): M.WalletInformation {
  return { walletType: n(r.wallet_type), seqno: n(r.seqno), walletId: n(r.wallet_id) };
}

/** A token's content, its string fields only (an off-chain content's other values are not shown). */
export function tokenContent(c: Record<string, unknown>): M.TokenContent {
  return Object.fromEntries(Object.entries(c).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The address book and metadata every v3 jetton and NFT list carries, with its rows. */
function listPage<T>(
  rows: T[],
  r: { address_book: W<typeof wireAddressBook>; metadata: W<typeof wireMetadata> },
): M.ListPage<T> {
  return { rows, ...bookAndMetadata(r) };
}

function eventTx(e: {
  transaction_hash: string;
  transaction_lt: string;
  transaction_now: number;
  trace_id?: string | null;
}): M.EventTx {
  return { txHash: e.transaction_hash, txLt: e.transaction_lt, txNow: e.transaction_now, traceId: n(e.trace_id) };
}

export function normalizeJettonMasters(r: W<typeof wireJettonMasters>): M.ListPage<M.JettonMaster> {
  return listPage(
    r.jetton_masters.map((m) => ({
      address: m.address,
      totalSupply: m.total_supply,
      mintable: m.mintable,
      admin: n(m.admin_address),
      content: tokenContent(m.jetton_content),
    })),
    r,
  );
}

export function normalizeJettonWallets(r: W<typeof wireJettonWallets>): M.ListPage<M.JettonWallet> {
  return listPage(
    r.jetton_wallets.map((w) => ({ address: w.address, balance: w.balance, owner: w.owner, jetton: w.jetton })),
    r,
  );
}

export function normalizeJettonTransfers(r: W<typeof wireJettonTransfers>): M.ListPage<M.JettonTransfer> {
  return listPage(
    r.jetton_transfers.map((t) => ({
      ...eventTx(t),
      source: n(t.source),
      destination: n(t.destination),
      amount: t.amount,
      jetton: n(t.jetton_master),
    })),
    r,
  );
}

export function normalizeJettonBurns(r: W<typeof wireJettonBurns>): M.ListPage<M.JettonBurn> {
  return listPage(
    r.jetton_burns.map((b) => ({ ...eventTx(b), owner: b.owner, amount: b.amount, jetton: n(b.jetton_master) })),
    r,
  );
}

export function normalizeNftCollections(r: W<typeof wireNftCollections>): M.ListPage<M.NftCollection> {
  return listPage(
    r.nft_collections.map((c) => ({
      address: c.address,
      owner: n(c.owner_address),
      nextItemIndex: c.next_item_index,
      content: tokenContent(c.collection_content),
    })),
    r,
  );
}

export function normalizeNftItems(r: W<typeof wireNftItems>): M.ListPage<M.NftItem> {
  return listPage(
    r.nft_items.map((i) => {
      const onSale = i.on_sale ?? false;
      return {
        address: i.address,
        index: i.index,
        collection: n(i.collection_address),
        owner: n(i.owner_address),
        content: tokenContent(i.content),
        onSale,
        // an item on sale is held by its sale contract: its owner as the API names it
        saleContract: n(i.sale_contract_address) ?? (onSale ? n(i.owner_address) : null),
        realOwner: n(i.real_owner),
      };
    }),
    r,
  );
}

export function normalizeNftTransfers(r: W<typeof wireNftTransfers>): M.ListPage<M.NftTransfer> {
  return listPage(
    r.nft_transfers.map((t) => ({
      ...eventTx(t),
      item: t.nft_address,
      oldOwner: n(t.old_owner),
      newOwner: n(t.new_owner),
    })),
    r,
  );
}

export function normalizeTransactionsPage(r: W<typeof wireTransactionsResponse>): M.TransactionsPage {
  return { transactions: r.transactions.map(normalizeTransaction), addressBook: normalizeAddressBook(r.address_book) };
}
