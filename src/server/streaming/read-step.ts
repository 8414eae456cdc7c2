import { hashToBase64 } from '../../ton/hash';
import type { LedgerReader } from '../../store/interface';
import type { ActionRecord, BlockRecord, TransactionRecord } from '../../store/records';
import { addressBookMembers, metadata, type BookReads } from '../serialize/address-book';
import { accountStateJson, actionJson, traceJson, transactionJson } from '../serialize/v3';
import type { StepInterest, StepJetton, StepTrace, StepTransaction, StreamStep } from './step';
import type { Finality } from './subscription';

const PAGE = 1000;

/** Every transaction committed by masterchain block `seqno` (its own and its shard blocks'). */
async function committedTransactions(reader: LedgerReader, seqno: number): Promise<TransactionRecord[]> {
  const out: TransactionRecord[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await reader.getTransactionsByMcSeqno(seqno, { limit: PAGE, offset, sort: 'asc' });
    out.push(...page);
    if (page.length < PAGE) return out;
  }
}

async function blockTransactions(reader: LedgerReader, block: BlockRecord): Promise<TransactionRecord[]> {
  const out: TransactionRecord[] = [];
  let after: { account: string; lt: bigint } | null = null;
  for (;;) {
    const page = await reader.getBlockTransactions(block, after, PAGE);
    out.push(...page.transactions);
    if (!page.incomplete || page.transactions.length === 0) return out;
    const last = page.transactions[page.transactions.length - 1]!;
    after = { account: last.account, lt: last.lt };
  }
}

function txAddresses(t: TransactionRecord): string[] {
  const out = [t.account];
  if (t.inMsg?.source) out.push(t.inMsg.source);
  for (const m of t.outMsgs) if (m.destination) out.push(m.destination);
  return out;
}

const members = (json: Record<string, unknown>) => JSON.stringify(json).slice(1, -1);

/**
 * A record's JSON, made the first time a client's notification needs it and then shared by all. A
 * step holds every transaction of a masterchain block (a thousand in a big one), but the clients
 * usually watch a few of its accounts: what no one asked for is never printed, and the first
 * clients' events leave before the last ones' text is made.
 */
function once(make: () => string): () => string {
  let text: string | undefined;
  return () => (text ??= make());
}

/**
 * One step of the ledger read into a `StreamStep`: `txs` reached `finality` now. Transactions and
 * traces always; for a committed step also the account states and jetton wallets they left
 * (TON Center sends those confirmed or finalized only). What only some clients want — a trace's
 * whole body, address books, metadata — is read only when `interest` says someone wants it.
 */
async function readStep(
  { reader, book: bookCache }: BookReads,
  finality: Finality,
  mcSeqno: number,
  txs: TransactionRecord[],
  interest: StepInterest,
  traceMaxTxs: number,
): Promise<StreamStep> {
  const byTrace = new Map<string, TransactionRecord[]>();
  for (const t of txs) {
    const k = t.traceId.toString('hex');
    const list = byTrace.get(k);
    if (list) list.push(t);
    else byTrace.set(k, [t]);
  }
  const records = await reader.getTracesByIds([...byTrace.values()].map((l) => l[0]!.traceId));
  const complete = records.filter((r) => r.state === 'complete');
  const actionsByTrace = new Map<string, ActionRecord[]>();
  const actionRows = complete.length > 0 ? await reader.getActions(complete.map((r) => r.traceId)) : [];
  for (const a of actionRows) {
    const k = a.traceId.toString('hex');
    (actionsByTrace.get(k) ?? actionsByTrace.set(k, []).get(k)!).push(a);
  }
  const addresses = new Set<string>();
  const traces: StepTrace[] = [];
  for (const record of records) {
    const k = record.traceId.toString('hex');
    const traceId = hashToBase64(record.traceId);
    const key = record.externalHashNorm ? hashToBase64(record.externalHashNorm) : traceId;
    const stepTxs: StepTransaction[] = byTrace
      .get(k)!
      .slice()
      .sort((a, b) => (a.lt === b.lt ? 0 : a.lt > b.lt ? -1 : 1))
      .map((t) => {
        const a = txAddresses(t);
        for (const x of a) addresses.add(x);
        return { account: t.account, addresses: a, json: once(() => JSON.stringify(transactionJson(t))) };
      });
    const actions =
      record.state === 'complete'
        ? (actionsByTrace.get(k) ?? []).map((a) => {
            for (const x of a.accounts) addresses.add(x);
            return { record: a, json: once(() => JSON.stringify(actionJson(a, record))) };
          })
        : null;
    let body: StepTrace['body'] = null;
    if (interest.wantsTrace(key, traceId)) {
      const all = await reader.getTraceTransactions(record.traceId, traceMaxTxs);
      const json = traceJson(record, all, null);
      const traceAddresses = new Set<string>();
      for (const t of all) for (const x of txAddresses(t)) traceAddresses.add(x);
      for (const x of traceAddresses) addresses.add(x);
      body = {
        members: members({
          trace_id: json.trace_id,
          trace_info: json.trace_info,
          is_incomplete: json.is_incomplete,
          ...(json.warning === undefined ? {} : { warning: json.warning }),
          trace: json.trace,
          transactions: json.transactions,
        }),
        addresses: [...traceAddresses],
      };
    }
    traces.push({ key, traceId, record, txs: stepTxs, actions, body });
  }
  // in the ledger's order: the trace that began first comes first
  traces.sort((a, b) => (a.record.startLt === b.record.startLt ? 0 : a.record.startLt < b.record.startLt ? -1 : 1));

  const accountStates: StreamStep['accountStates'] = [];
  const jettons: StepJetton[] = [];
  if (finality !== 'pending') {
    const last = new Map<string, TransactionRecord>();
    for (const t of txs) {
      const seen = last.get(t.account);
      if (!seen || seen.lt < t.lt) last.set(t.account, t);
    }
    for (const [account, t] of last) {
      accountStates.push({
        account,
        json: once(() =>
          JSON.stringify({ type: 'account_state_change', finality, account, state: accountStateJson(t.stateAfter) }),
        ),
      });
    }
    for (const token of await reader.getTokenInfos([...last.keys()])) {
      if (token.type !== 'jetton_wallets') continue;
      const t = last.get(token.account)!;
      const owner = String(token.extra.owner);
      const master = String(token.extra.jetton);
      const jetton = {
        address: token.account,
        balance: String(token.extra.balance),
        owner,
        jetton: master,
        last_transaction_lt: t.lt.toString(),
        code_hash: t.stateAfter.codeHash ? hashToBase64(t.stateAfter.codeHash) : null,
        data_hash: t.stateAfter.dataHash ? hashToBase64(t.stateAfter.dataHash) : null,
      };
      for (const x of [token.account, owner, master]) addresses.add(x);
      jettons.push({
        address: token.account,
        owner,
        addresses: [token.account, owner, master],
        json: JSON.stringify(jetton),
      });
    }
  }

  const book = interest.wantsAddressBook
    ? await addressBookMembers({ reader, book: bookCache }, addresses)
    : new Map<string, string>();
  const meta = new Map<string, string>();
  if (interest.wantsMetadata) {
    for (const [raw, entry] of Object.entries(await metadata({ reader, book: bookCache }, addresses)))
      meta.set(raw, JSON.stringify(entry));
  }
  return { finality, mcSeqno, traces, accountStates, jettons, book, metadata: meta };
}

/** Masterchain block `seqno` committed: its transactions are confirmed and, with no forks here, final at once. */
export async function readCommittedStep(
  { reader, book }: BookReads,
  seqno: number,
  interest: StepInterest,
  traceMaxTxs: number,
): Promise<StreamStep> {
  return readStep(
    { reader, book },
    'finalized',
    seqno,
    await committedTransactions(reader, seqno),
    interest,
    traceMaxTxs,
  );
}

/** A shard block written before the masterchain block that commits it: its transactions are pending. */
export async function readPendingStep(
  { reader, book }: BookReads,
  block: BlockRecord,
  interest: StepInterest,
  traceMaxTxs: number,
): Promise<StreamStep> {
  return readStep(
    { reader, book },
    'pending',
    block.mcSeqno,
    await blockTransactions(reader, block),
    interest,
    traceMaxTxs,
  );
}
