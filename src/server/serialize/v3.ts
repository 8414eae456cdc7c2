import { hashToBase64 } from '../../ton/hash';
import type { AccountStateRecord, ActionRecord, BlockRecord, MessageRecord, TraceRecord, TransactionRecord } from '../../store/records';

// Records → the v3 JSON of docs/api.md: hashes base64, amounts and lts decimal strings,
// addresses raw upper case, `null` where a field does not apply.

const b64 = (b: Buffer | null) => (b ? hashToBase64(b) : null);
const dec = (v: bigint | null) => (v === null ? null : v.toString());

export function accountStateJson(s: AccountStateRecord) {
  return {
    hash: b64(s.hash),
    balance: s.balance.toString(),
    extra_currencies: {},
    account_status: s.status,
    frozen_hash: b64(s.frozenHash),
    data_hash: b64(s.dataHash),
    code_hash: b64(s.codeHash),
    data_boc: null,
    code_boc: null,
  };
}

export function messageJson(m: MessageRecord) {
  const json: Record<string, unknown> = {
    hash: b64(m.hash),
    source: m.source,
    destination: m.destination,
    value: dec(m.value),
    value_extra_currencies: m.valueExtraCurrencies,
    fwd_fee: dec(m.fwdFee),
    ihr_fee: dec(m.ihrFee),
    import_fee: dec(m.importFee),
    created_lt: dec(m.createdLt),
    created_at: m.createdAt === null ? null : String(m.createdAt),
    opcode: m.opcode,
    ihr_disabled: m.ihrDisabled,
    bounce: m.bounce,
    bounced: m.bounced,
    in_msg_tx_hash: b64(m.inMsgTxHash),
    out_msg_tx_hash: b64(m.outMsgTxHash),
    message_content: {
      hash: b64(m.body.hash),
      body: m.body.boc.toString('base64'),
      decoded: m.comment !== null ? { type: 'text_comment', comment: m.comment } : null,
    },
    init_state: m.initState ? { hash: b64(m.initState.hash), body: m.initState.boc.toString('base64'), decoded: null } : null,
  };
  // the normalized hash exists for external-in messages only (TEP-467)
  if (m.hashNorm) json.hash_norm = b64(m.hashNorm);
  return json;
}

export function transactionJson(t: TransactionRecord) {
  return {
    account: t.account,
    hash: b64(t.hash),
    lt: t.lt.toString(),
    now: t.now,
    mc_block_seqno: t.mcSeqno,
    trace_id: b64(t.traceId),
    trace_external_hash: b64(t.traceExternalHash),
    prev_trans_hash: b64(t.prevTransHash),
    prev_trans_lt: t.prevTransLt.toString(),
    orig_status: t.origStatus,
    end_status: t.endStatus,
    total_fees: t.totalFees.toString(),
    total_fees_extra_currencies: t.totalFeesExtraCurrencies,
    description: t.description,
    block_ref: { workchain: t.block.workchain, shard: t.block.shard.toString(), seqno: t.block.seqno },
    in_msg: t.inMsg ? messageJson(t.inMsg) : null,
    out_msgs: t.outMsgs.map(messageJson),
    account_state_before: accountStateJson(t.stateBefore),
    account_state_after: accountStateJson(t.stateAfter),
    emulated: false,
  };
}

export function blockJson(b: BlockRecord, mcSeqno: number) {
  const ref = (r: { workchain: number; shard: bigint; seqno: number }) => ({ workchain: r.workchain, shard: r.shard.toString(), seqno: r.seqno });
  return {
    workchain: b.workchain,
    shard: b.shard.toString(),
    seqno: b.seqno,
    root_hash: hashToBase64(b.rootHash),
    file_hash: hashToBase64(b.fileHash),
    global_id: b.globalId,
    gen_utime: b.genUtime,
    start_lt: b.startLt.toString(),
    end_lt: b.endLt.toString(),
    tx_count: b.txCount,
    masterchain_block_ref: { workchain: -1, shard: '-9223372036854775808', seqno: mcSeqno },
    prev_blocks: b.prevBlocks.map(ref),
    after_split: b.afterSplit,
    before_split: b.beforeSplit,
    after_merge: b.afterMerge,
    want_split: b.wantSplit,
    want_merge: b.wantMerge,
    key_block: b.keyBlock,
  };
}

export function actionJson(a: ActionRecord, trace: TraceRecord) {
  return {
    action_id: hashToBase64(a.actionId),
    type: a.type,
    success: a.success,
    start_lt: a.startLt.toString(),
    end_lt: a.endLt.toString(),
    start_utime: a.startUtime,
    end_utime: a.endUtime,
    trace_id: hashToBase64(a.traceId),
    trace_external_hash: b64(trace.externalHash),
    trace_external_hash_norm: b64(trace.externalHashNorm),
    trace_end_lt: trace.endLt.toString(),
    trace_end_utime: trace.endUtime,
    trace_mc_seqno_end: trace.mcSeqnoEnd,
    transactions: a.transactions.map(hashToBase64),
    accounts: a.accounts,
    details: a.details,
  };
}

export function traceJson(trace: TraceRecord, txs: TransactionRecord[], actions: ActionRecord[] | null) {
  const txJson = new Map<string, ReturnType<typeof transactionJson>>();
  for (const t of txs) txJson.set(hashToBase64(t.hash), transactionJson(t));
  const receivers = new Map<string, TransactionRecord>();
  for (const t of txs) if (t.inMsg) receivers.set(t.inMsg.hash.toString('hex'), t);
  const node = (t: TransactionRecord): Record<string, unknown> => {
    const json = txJson.get(hashToBase64(t.hash))!;
    const children = t.outMsgs.map((m) => receivers.get(m.hash.toString('hex'))).filter((c): c is TransactionRecord => c !== undefined);
    return {
      tx_hash: json.hash,
      transaction_hash: json.hash,
      transaction_lt: json.lt,
      transaction_now: json.now,
      transaction_aborted: t.description.aborted,
      in_msg_hash: json.in_msg?.hash ?? null,
      in_msg: json.in_msg,
      transaction: json,
      children: children.map(node),
    };
  };
  const incomplete = trace.transactions > txs.length;
  const json: Record<string, unknown> = {
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
    is_incomplete: incomplete,
    trace: txs.length > 0 ? node(txs[0]!) : null,
    transactions_order: txs.map((t) => hashToBase64(t.hash)),
    transactions: Object.fromEntries(txJson),
  };
  if (incomplete) json.warning = `trace has ${trace.transactions} transactions; only the first ${txs.length} by lt are included`;
  if (actions) json.actions = actions.map((a) => actionJson(a, trace));
  return json;
}
