import { createHash } from 'node:crypto';
import { Cell } from '@ton/core';
import { hashToBase64 } from '../../ton/hash';
import { decodeBody, typeOfOpcode } from '../../ton/decode/decode-body';
import { decodeStateInit } from '../../ton/decode/state-init';
import { DecodeMemo } from './decode-memo';
import { readPlainStateInit } from './state-init-reader';
import { collectAddresses } from './address-book';
import type {
  AccountState,
  Action,
  Block,
  Message,
  Trace,
  TraceNodeJson,
  Transaction,
} from '../../api/operations/v3-shapes';
import type { Fragment } from './json-cache';
import type {
  AccountStateRecord,
  ActionRecord,
  BlockRecord,
  MessageRecord,
  TraceRecord,
  TransactionRecord,
} from '../../store/records';

// Records → the v3 JSON of docs/api.md: hashes base64, amounts and lts decimal strings,
// addresses raw upper case. Null or absent follows TON Center's server field by field (its Go
// models): `null` where it prints an empty pointer, the key left out where the field is `omitempty`
// (docs/api.md, "Null or absent"). src/api/test-support/ton-center-contract holds the rule as a
// schema the tests apply. Each function returns the type of its shape in src/api/operations, so the
// compiler holds the JSON to the strict schema the operations declare.

function b64(b: Buffer): string;
function b64(b: Buffer | null): string | null;
function b64(b: Buffer | null): string | null {
  return b ? hashToBase64(b) : null;
}
const dec = (v: bigint | null) => (v === null ? null : v.toString());
const FULL_SHARD = '-9223372036854775808';
const blockRefJson = (r: { workchain: number; shard: bigint; seqno: number }) => ({
  workchain: r.workchain,
  shard: r.shard.toString(),
  seqno: r.seqno,
});

export function accountStateJson(s: AccountStateRecord): AccountState {
  return {
    hash: b64(s.hash),
    balance: s.balance.toString(),
    extra_currencies: {},
    account_status: s.status,
    frozen_hash: b64(s.frozenHash),
    data_hash: b64(s.dataHash),
    code_hash: b64(s.codeHash),
    // data_boc and code_boc are omitempty: TON Center's transaction lists leave them out
  };
}

/**
 * `message_content.decoded` as TON Center fills it: `{type, comment}` for a text comment (the
 * producer already read it), `{type, data}` for any other body the decoder knows, else `null`.
 */
function decodedJson(m: MessageRecord): Message['message_content']['decoded'] {
  if (m.comment !== null) return { type: 'text_comment', comment: m.comment };
  const deploys = m.initState !== null;
  return decodedBodies.through(`${m.body.hash.toString('hex')}${deploys ? '+' : ''}`, () =>
    decodeBody(Cell.fromBoc(m.body.boc)[0]!, { deploys }),
  );
}

// shared by every answer a process prints: the views are small (hashes, amounts, a few fields)
const decodedBodies = new DecodeMemo<ReturnType<typeof decodeBody>>(20_000);
const decodedInits = new DecodeMemo<ReturnType<typeof decodeStateInit>>(20_000);

function initStateJson(init: NonNullable<MessageRecord['initState']>): NonNullable<Message['init_state']> {
  const decoded = decodedInits.through(
    init.hash.toString('hex'),
    () => readPlainStateInit(init.boc) ?? decodeStateInit(Cell.fromBoc(init.boc)[0]!),
  );
  return { hash: b64(init.hash), body: init.boc.toString('base64'), decoded };
}

export function messageJson(m: MessageRecord): Message {
  const json: Message = {
    hash: b64(m.hash),
    source: m.source,
    destination: m.destination,
    value: dec(m.value),
    value_extra_currencies: m.valueExtraCurrencies,
    fwd_fee: dec(m.fwdFee),
    ihr_fee: dec(m.ihrFee),
    // since global version 12 the message field that was ihr_fee carries the extra flags; TON Center
    // prints both (our traffic sets none, so both read "0")
    extra_flags: dec(m.ihrFee),
    import_fee: dec(m.importFee),
    created_lt: dec(m.createdLt),
    created_at: m.createdAt === null ? null : String(m.createdAt),
    opcode: m.opcode,
    decoded_opcode: m.opcode === null ? null : typeOfOpcode(m.opcode),
    ihr_disabled: m.ihrDisabled,
    bounce: m.bounce,
    bounced: m.bounced,
    message_content: {
      hash: b64(m.body.hash),
      body: m.body.boc.toString('base64'),
      decoded: decodedJson(m),
    },
    init_state: m.initState ? initStateJson(m.initState) : null,
  };
  // omitempty: an external-in message has no sending transaction, an undelivered one no receiver
  if (m.inMsgTxHash) json.in_msg_tx_hash = b64(m.inMsgTxHash);
  if (m.outMsgTxHash) json.out_msg_tx_hash = b64(m.outMsgTxHash);
  // the normalized hash exists for external-in messages only (TEP-467)
  if (m.hashNorm) json.hash_norm = b64(m.hashNorm);
  return json;
}

// A transaction's JSON in two halves around its `in_msg`, so that a trace can print the message
// (in its tree node) and the whole transaction from one serialization (transactionFragment).
type TransactionTail = Pick<Transaction, 'out_msgs' | 'account_state_before' | 'account_state_after' | 'emulated'>;

/**
 * An emulated transaction (emulateTrace, a pending message's trace) is in no block: TON Center
 * prints it with `emulated: true`, no `block_ref`, and the masterchain block whose state it ran on.
 */
export interface Emulated {
  mcSeqno: number | null;
}

function transactionHead(
  t: TransactionRecord,
  emulated: Emulated | null = null,
): Omit<Transaction, 'in_msg' | keyof TransactionTail> {
  const head: Omit<Transaction, 'in_msg' | keyof TransactionTail> = {
    account: t.account,
    hash: b64(t.hash),
    lt: t.lt.toString(),
    now: t.now,
    mc_block_seqno: t.mcSeqno,
    trace_id: b64(t.traceId),
    // omitempty: a trace that began without an external message (tick-tock) has none
    ...(t.traceExternalHash ? { trace_external_hash: b64(t.traceExternalHash) } : {}),
    prev_trans_hash: b64(t.prevTransHash),
    prev_trans_lt: t.prevTransLt.toString(),
    orig_status: t.origStatus,
    end_status: t.endStatus,
    total_fees: t.totalFees.toString(),
    total_fees_extra_currencies: t.totalFeesExtraCurrencies,
    // the producer stored it in the API's shape (TransactionDescription); printed as it is
    description: t.description as unknown as Transaction['description'],
    block_ref: blockRefJson(t.block),
  };
  if (!emulated) return head;
  return { ...head, mc_block_seqno: emulated.mcSeqno, block_ref: null } as unknown as typeof head;
}

function transactionTail(t: TransactionRecord, emulated: Emulated | null = null): TransactionTail {
  return {
    out_msgs: t.outMsgs.map(messageJson),
    account_state_before: accountStateJson(t.stateBefore),
    account_state_after: accountStateJson(t.stateAfter),
    emulated: emulated !== null,
  };
}

export function transactionJson(t: TransactionRecord, emulated: Emulated | null = null): Transaction {
  return {
    ...transactionHead(t, emulated),
    in_msg: t.inMsg ? messageJson(t.inMsg) : null,
    ...transactionTail(t, emulated),
  };
}

/** A transaction's v3 JSON as bytes, and its `in_msg`'s bytes (a view into them, `null` when it has none). */
export interface TransactionFragment extends Fragment {
  inMsg: Buffer | null;
  /** The raw addresses the in_msg mentions, in the order a walk of it meets them. */
  inMsgAddresses: string[];
}

/** The bytes `JSON.stringify(transactionJson(t))` makes, with the in_msg's place in them. */
export function transactionFragment(t: TransactionRecord): TransactionFragment {
  return fragmentOf(t, null);
}

/** An emulated transaction's fragment (see Emulated). */
export function emulatedTransactionFragment(t: TransactionRecord, emulated: Emulated): TransactionFragment {
  return fragmentOf(t, emulated);
}

function fragmentOf(t: TransactionRecord, emulated: Emulated | null): TransactionFragment {
  const head = transactionHead(t, emulated);
  const inMsg = t.inMsg ? messageJson(t.inMsg) : null;
  const tail = transactionTail(t, emulated);
  const headText = JSON.stringify(head);
  const inMsgBytes = Buffer.from(JSON.stringify(inMsg));
  const tailText = JSON.stringify(tail);
  const before = Buffer.from(`${headText.slice(0, -1)},"in_msg":`);
  const bytes = Buffer.concat([before, inMsgBytes, Buffer.from(`,${tailText.slice(1)}`)]);
  const addresses = collectAddresses(tail, collectAddresses(inMsg, collectAddresses(head)));
  return {
    bytes,
    addresses: [...addresses],
    inMsg: inMsg ? bytes.subarray(before.length, before.length + inMsgBytes.length) : null,
    inMsgAddresses: [...collectAddresses(inMsg)],
  };
}

/**
 * TON Center's `Block`, every field of it. The header fields a network without validators does not
 * have get the values of a network with one validator set and no key block after genesis:
 * `version` 0, `flags` 1 (the header carries its software version), catchain and validator-list
 * figures 0, `prev_key_block_seqno` 0, `vert_seqno` 0, `created_by` the zero key. `rand_seed`
 * is derived from the root hash, as the block's hashes are (docs/api.md). A shard block refers to
 * the masterchain block before the one that commits it; a masterchain block refers to none.
 */
export function blockJson(b: BlockRecord, mcSeqno: number): Block {
  const masterRef = b.workchain === -1 ? 0 : Math.max(0, mcSeqno - 1);
  return {
    workchain: b.workchain,
    shard: b.shard.toString(),
    seqno: b.seqno,
    root_hash: hashToBase64(b.rootHash),
    file_hash: hashToBase64(b.fileHash),
    global_id: b.globalId,
    version: 0,
    after_merge: b.afterMerge,
    before_split: b.beforeSplit,
    after_split: b.afterSplit,
    want_merge: b.wantMerge,
    want_split: b.wantSplit,
    key_block: b.keyBlock,
    vert_seqno_incr: false,
    flags: 1,
    gen_utime: String(b.genUtime),
    start_lt: b.startLt.toString(),
    end_lt: b.endLt.toString(),
    validator_list_hash_short: 0,
    gen_catchain_seqno: 0,
    min_ref_mc_seqno: b.workchain === -1 ? Math.max(0, b.seqno - 1) : masterRef,
    prev_key_block_seqno: 0,
    vert_seqno: 0,
    master_ref_seqno: masterRef,
    rand_seed: hashToBase64(createHash('sha256').update('ledgerscope-rand-seed').update(b.rootHash).digest()),
    created_by: hashToBase64(Buffer.alloc(32)),
    tx_count: b.txCount,
    masterchain_block_ref: { workchain: -1, shard: FULL_SHARD, seqno: mcSeqno },
    prev_blocks: b.prevBlocks.map(blockRefJson),
  };
}

export function actionJson(a: ActionRecord, trace: TraceRecord): Action {
  return {
    action_id: hashToBase64(a.actionId),
    type: a.type,
    success: a.success,
    start_lt: a.startLt.toString(),
    end_lt: a.endLt.toString(),
    start_utime: a.startUtime,
    end_utime: a.endUtime,
    trace_id: hashToBase64(a.traceId),
    // omitempty, as on a transaction: a tick-tock trace has neither
    ...(trace.externalHash ? { trace_external_hash: b64(trace.externalHash) } : {}),
    ...(trace.externalHashNorm ? { trace_external_hash_norm: b64(trace.externalHashNorm) } : {}),
    trace_end_lt: trace.endLt.toString(),
    trace_end_utime: trace.endUtime,
    trace_mc_seqno_end: trace.mcSeqnoEnd,
    transactions: a.transactions.map(hashToBase64),
    accounts: a.accounts,
    details: a.details,
  };
}

/** Each transaction's children in a trace: the receivers of its outbound messages among `txs`. */
function traceChildren(txs: TransactionRecord[]): (t: TransactionRecord) => TransactionRecord[] {
  const receivers = new Map<string, TransactionRecord>();
  for (const t of txs) if (t.inMsg) receivers.set(t.inMsg.hash.toString('hex'), t);
  return (t) =>
    t.outMsgs.map((m) => receivers.get(m.hash.toString('hex'))).filter((c): c is TransactionRecord => c !== undefined);
}

/** A trace's fields after its transactions. */
type TraceRest = Pick<Trace, 'warning' | 'actions'>;

/** A trace's fields before its tree, up to `is_incomplete`. */
function traceHead(
  trace: TraceRecord,
  shown: number,
): Omit<Trace, 'trace' | 'transactions_order' | 'transactions' | keyof TraceRest> {
  return {
    trace_id: hashToBase64(trace.traceId),
    external_hash: b64(trace.externalHash),
    mc_seqno_start: String(trace.mcSeqnoStart),
    mc_seqno_end: String(trace.mcSeqnoEnd),
    start_lt: trace.startLt.toString(),
    start_utime: trace.startUtime,
    end_lt: trace.endLt.toString(),
    end_utime: trace.endUtime,
    trace_info: {
      trace_state: trace.state,
      messages: trace.messages,
      transactions: trace.transactions,
      pending_messages: trace.pendingMessages,
      classification_state: trace.classificationState,
    },
    is_incomplete: trace.transactions > shown,
  };
}

/**
 * A trace's fields after its transactions: the warning of a cut trace, the actions when asked for.
 * A cut trace has no actions, as TON Center's index prints none for a trace over its cap (it loads
 * neither its transactions nor its actions): an action of it would name transactions the answer
 * leaves out (docs/api.md).
 */
function traceRest(trace: TraceRecord, shown: number, actions: ActionRecord[] | null): TraceRest {
  const json: TraceRest = {};
  if (trace.transactions > shown)
    json.warning = `trace has ${trace.transactions} transactions; only the first ${shown} by lt are included`;
  else if (actions) json.actions = actions.map((a) => actionJson(a, trace));
  return json;
}

/** A tree node's fields before its `in_msg`. */
const nodeHead = (
  t: TransactionRecord,
  hash: string,
): Pick<
  TraceNodeJson,
  'tx_hash' | 'transaction_hash' | 'transaction_lt' | 'transaction_now' | 'transaction_aborted'
> => ({
  tx_hash: hash,
  transaction_hash: hash,
  transaction_lt: t.lt.toString(),
  transaction_now: t.now,
  transaction_aborted: t.description.aborted,
});

/** A trace as one JSON object (the streaming notifications carry it so). */
export function traceJson(trace: TraceRecord, txs: TransactionRecord[], actions: ActionRecord[] | null): Trace {
  const txJson = new Map<string, Transaction>();
  for (const t of txs) txJson.set(hashToBase64(t.hash), transactionJson(t));
  const children = traceChildren(txs);
  const node = (t: TransactionRecord): TraceNodeJson => {
    const json = txJson.get(hashToBase64(t.hash))!;
    return {
      ...nodeHead(t, json.hash),
      // omitempty: the root of a tick-tock trace received no message
      ...(json.in_msg ? { in_msg_hash: json.in_msg.hash, in_msg: json.in_msg } : {}),
      transaction: json,
      children: children(t).map(node),
    };
  };
  return {
    ...traceHead(trace, txs.length),
    trace: txs.length > 0 ? node(txs[0]!) : null,
    transactions_order: txs.map((t) => hashToBase64(t.hash)),
    transactions: Object.fromEntries(txJson),
    ...traceRest(trace, txs.length, actions),
  };
}

/**
 * The bytes `JSON.stringify(traceJson(trace, txs, actions))` makes, in pieces, in order, each
 * transaction serialized once (`fragmentOf(i)` is `txs[i]`'s, asked for when first needed) and
 * placed twice, in its tree node and in the `transactions` map, with its in_msg a third time in the
 * node: a trace of 4,000 transactions is ~50 MB of JSON, and building it as objects and printing
 * them twice took most of a cold request. Made piece by piece, a trace's answer can start before
 * its last transaction is serialized. `addresses` gets the addresses it mentions, in the order a
 * walk of traceJson's object meets them (the address book's order), complete once all is made.
 */
export function* traceParts(
  trace: TraceRecord,
  txs: TransactionRecord[],
  fragmentOf: (i: number) => TransactionFragment,
  actions: ActionRecord[] | null,
  addresses: Set<string>,
): Generator<Buffer> {
  const text = (s: string) => Buffer.from(s);
  const mention = (list: string[]) => {
    for (const a of list) addresses.add(a);
  };
  const hashes = txs.map((t) => hashToBase64(t.hash));
  const index = new Map(txs.map((t, i) => [t, i]));
  const children = traceChildren(txs);
  function* node(t: TransactionRecord): Generator<Buffer> {
    const i = index.get(t)!;
    const f = fragmentOf(i);
    const head = JSON.stringify(nodeHead(t, hashes[i]!)).slice(0, -1);
    mention(f.inMsgAddresses);
    mention(f.addresses);
    if (f.inMsg) {
      // the in_msg's hash is the message's, as in traceJson: read from the record, not the bytes
      yield text(`${head},"in_msg_hash":${JSON.stringify(b64(t.inMsg!.hash))},"in_msg":`);
      yield f.inMsg;
      yield text(',"transaction":');
    } else yield text(`${head},"transaction":`);
    yield f.bytes;
    yield text(',"children":[');
    let first = true;
    for (const c of children(t)) {
      if (!first) yield text(',');
      first = false;
      yield* node(c);
    }
    yield text(']}');
  }
  yield text(`${JSON.stringify(traceHead(trace, txs.length)).slice(0, -1)},"trace":`);
  if (txs.length > 0) yield* node(txs[0]!);
  else yield text('null');
  yield text(`,"transactions_order":${JSON.stringify(hashes)},"transactions":{`);
  for (let i = 0; i < txs.length; i++) {
    const f = fragmentOf(i);
    mention(f.addresses);
    yield text(`${i > 0 ? ',' : ''}${JSON.stringify(hashes[i])}:`);
    yield f.bytes;
  }
  const rest = traceRest(trace, txs.length, actions);
  yield text(Object.keys(rest).length === 0 ? '}}' : `},${JSON.stringify(rest).slice(1)}`);
  collectAddresses(rest, addresses);
}

/** `traceParts` whole: the trace's bytes and the addresses they mention. */
export function traceFragment(
  trace: TraceRecord,
  txs: TransactionRecord[],
  fragments: TransactionFragment[],
  actions: ActionRecord[] | null,
): Fragment {
  const addresses = new Set<string>();
  const bytes = Buffer.concat([...traceParts(trace, txs, (i) => fragments[i]!, actions, addresses)]);
  return { bytes, addresses: [...addresses] };
}
