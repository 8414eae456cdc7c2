// A frame, read, as one ledger batch: its transactions with their states and messages linked, one
// trace per root transaction (the tree from the messages, checked against sandbox's links), the
// traces classified as our producer's are, and the frame's two blocks (blocks.ts).
import { Cell } from '@ton/core';
import type { TraceClassifier } from '../ledger/network/ledger-assembler';
import type {
  AccountInfoRecord,
  AccountStateRecord,
  LedgerBatch,
  MessageRecord,
  TraceRecord,
  TransactionRecord,
} from '../store/records';
import { accountStates, balanceMismatch, emptyAccountState, type TransactionStates } from './account-states';
import { blockRefFor, frameBlocks, type PreviousBlocks } from './blocks';
import { FrameError } from './frame';
import type { ReadContract, ReadTransaction } from './read-transactions';

export interface FrameContext {
  /** The masterchain seqno the frame's blocks get. */
  seqno: number;
  prev: PreviousBlocks;
  /** The ledger's latest state of each account of the frame that it holds. */
  stored: Map<string, AccountStateRecord>;
  /** The frame's transactions the ledger holds already, by hash (hex): their trace and inbound message. */
  existing: Map<string, StoredTransaction>;
  classifier: TraceClassifier;
  /**
   * The frame's failed message attempts (frame-extras.ts): a frame of no transactions is stored
   * when it has some (an Acton trace whose message made no transaction), as two empty blocks.
   */
  failedMessages: number;
  /** The blocks' time when the frame has no transaction to take it from (unix seconds). */
  receivedAt: number;
}

/** What the ledger says of a transaction it holds that a frame checks against. */
export interface StoredTransaction {
  traceId: Buffer;
  /** Its inbound message's hash (the sender's, docs/sandbox.md); null for none. */
  inMsgHash: Buffer | null;
}

export interface FrameBatch {
  batch: LedgerBatch;
  /** Every trace of the frame: its id, and whether this batch writes it (false: the ledger has it already). */
  traces: { traceId: Buffer; written: boolean }[];
  /** The transactions this batch writes. */
  written: ReadTransaction[];
  /** Transactions of the frame the ledger holds already under other runs' traces (a partial repeat, below). */
  repeats: Buffer[];
  /** What a reader of the log should know (balances that do not add up). */
  warnings: string[];
}

const hex = (b: Buffer) => b.toString('hex');

/** What an internal message is, whichever way its cell is laid out. */
const messageKey = (m: MessageRecord) =>
  [m.source, m.destination, m.createdLt, m.value, hex(m.body.hash), m.initState ? hex(m.initState.hash) : ''].join('|');

/** Builds the frame's batch; throws a `FrameError` when the frame cannot be stored whole. */
export function frameBatch(txsInFrame: ReadTransaction[], contracts: ReadContract[], ctx: FrameContext): FrameBatch {
  if (txsInFrame.length === 0 && ctx.failedMessages === 0) throw new FrameError('no transactions');
  const txs = [...txsInFrame].sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : a.index - b.index));
  const seen = new Set<string>();
  for (const t of txs) {
    if (seen.has(hex(t.hash))) throw new FrameError(`transaction ${t.index}: the same transaction twice`);
    seen.add(hex(t.hash));
  }

  // The tree: a transaction's parent sent the message it received. Sandbox delivers a message as
  // @ton/core re-serializes it, so the receiver's copy may lay out its state init and body otherwise
  // than the sender's (original-cell.ts) and hash differently: the two ends are matched by what the
  // message is (source, destination, created lt, value, body and state init hashes), and checked
  // against sandbox's own links (parent lt).
  const sender = new Map<string, { tx: ReadTransaction; msg: MessageRecord }>();
  for (const t of txs)
    for (const m of t.outMsgs) if (m.destination !== null) sender.set(messageKey(m), { tx: t, msg: m });
  const parentOf = new Map<ReadTransaction, ReadTransaction>();
  /** The sender's hash of a message whose receiver's copy hashes otherwise. */
  const senderHash = new Map<ReadTransaction, Buffer>();
  for (const t of txs) {
    const sent = t.inMsg && t.inMsg.source !== null ? sender.get(messageKey(t.inMsg)) : undefined;
    const said = t.frame.parentId;
    if (said !== undefined && said !== null && (!sent || sent.tx.lt.toString() !== said)) {
      throw new FrameError(
        `transaction ${t.index} (lt ${t.lt}): sandbox names lt ${said} as its parent, its inbound message ${sent ? `came from lt ${sent.tx.lt}` : 'came from no transaction of the frame'}`,
      );
    }
    if (!sent) continue;
    parentOf.set(t, sent.tx);
    if (!sent.msg.hash.equals(t.inMsg!.hash)) senderHash.set(t, sent.msg.hash);
  }
  const rootOf = (t: ReadTransaction): ReadTransaction => {
    let r = t;
    for (let p = parentOf.get(r); p; p = parentOf.get(r)) r = p;
    return r;
  };
  const byRoot = new Map<ReadTransaction, ReadTransaction[]>();
  for (const t of txs) {
    const r = rootOf(t);
    const list = byRoot.get(r);
    if (list) list.push(t);
    else byRoot.set(r, [t]);
  }

  // Runs that repeat stored transactions. Every new Blockchain starts its lt again and sandbox's
  // clock is in seconds, so two tests that deploy the same contract in `beforeEach` within one
  // second make bit-for-bit the same transactions (the same hashes): the same records, stored once.
  // - the whole trace stored already, under its root (the same run again): not written twice;
  // - a part of it (the deployer funded in another second names another previous transaction, so
  //   its transaction is another one, while the deploy message it sends and the contract's deploy
  //   are the same bytes): the repeated transactions stay the records they are, under the trace
  //   that first had them (a transaction belongs to one trace); the new ones are written, each
  //   group of them connected by parent links a trace of its own, rooted at its topmost (the run's
  //   root, or a new transaction a repeated one sent a message to: a bounce to a deployer with
  //   another history); the run lists both (`repeats`).
  // A repeated transaction must have received, from its parent in the frame, the very message the
  // ledger says it received: otherwise the frame contradicts the ledger and is refused.
  const skipped = new Set<ReadTransaction>();
  const repeated = new Set<ReadTransaction>();
  for (const [root, members] of byRoot) {
    const stored = members.filter((t) => ctx.existing.has(hex(t.hash)));
    if (stored.length === 0) continue;
    if (
      stored.length === members.length &&
      stored.every((t) => ctx.existing.get(hex(t.hash))!.traceId.equals(root.hash))
    ) {
      for (const t of members) skipped.add(t);
      continue;
    }
    for (const t of stored) {
      const parent = parentOf.get(t);
      const was = ctx.existing.get(hex(t.hash))!.inMsgHash;
      const got = parent ? (senderHash.get(t) ?? t.inMsg!.hash) : null;
      if (parent && (!was || !got!.equals(was)))
        throw new FrameError(
          `transaction ${t.index} (${hex(t.hash)}): the ledger holds it as the receiver of message ${was ? hex(was) : 'none'}, the frame as the receiver of message ${hex(got!)} from lt ${parent.lt}`,
        );
      repeated.add(t);
    }
  }
  /** The trace a new transaction is written under: its topmost new ancestor's. */
  const traceRootOf = (t: ReadTransaction): ReadTransaction => {
    let r = t;
    for (let p = parentOf.get(r); p && !repeated.has(p); p = parentOf.get(r)) r = p;
    return r;
  };
  const traceGroups = new Map<ReadTransaction, ReadTransaction[]>();
  for (const [root, members] of byRoot) {
    if (skipped.has(root)) continue;
    for (const t of members) {
      if (repeated.has(t)) continue;
      const r = traceRootOf(t);
      const list = traceGroups.get(r);
      if (list) list.push(t);
      else traceGroups.set(r, [t]);
    }
  }

  // states, account by account, over every transaction of the frame
  const finalOf = new Map(contracts.filter((c) => c.state).map((c) => [c.account, c.state!]));
  const byAccount = new Map<string, ReadTransaction[]>();
  for (const t of txs) {
    const list = byAccount.get(t.account);
    if (list) list.push(t);
    else byAccount.set(t.account, [t]);
  }
  const cells = new Map<string, Cell>();
  const cellOf = (boc: Buffer | null): Cell | null => {
    if (!boc) return null;
    const key = boc.toString('base64');
    let c = cells.get(key);
    if (!c) cells.set(key, (c = Cell.fromBoc(boc)[0]!));
    return c;
  };
  const statesOf = new Map<ReadTransaction, TransactionStates>();
  const warnings: string[] = [];
  for (const [account, list] of byAccount) {
    const states = accountStates(
      account,
      list,
      finalOf.get(account) ?? null,
      ctx.stored.get(account) ?? null,
      emptyAccountState(account),
      cellOf,
    );
    const off = balanceMismatch(states, list);
    if (off !== null) warnings.push(`account ${account}: its exact balances differ by ${off} from its transactions'`);
    list.forEach((t, i) => statesOf.set(t, states[i]!));
  }

  // the records
  const records = new Map<ReadTransaction, TransactionRecord>();
  for (const [root, members] of traceGroups) {
    const externalHash = root.inMsg && root.inMsg.source === null ? root.inMsg.hash : null;
    for (const t of members) {
      const workchain = Number(t.account.split(':')[0]);
      const block = blockRefFor(workchain, ctx.seqno);
      if (!block) throw new FrameError(`transaction ${t.index}: workchain ${workchain} (only -1 and 0 are kept)`);
      const s = statesOf.get(t)!;
      records.set(t, {
        hash: t.hash,
        lt: t.lt,
        account: t.account,
        block,
        mcSeqno: ctx.seqno,
        now: t.tx.now,
        origStatus: t.tx.origStatus,
        endStatus: t.tx.endStatus,
        totalFees: t.tx.totalFees,
        totalFeesExtraCurrencies: t.tx.totalFeesExtra,
        description: t.description,
        boc: t.boc,
        prevTransHash: t.tx.prevTransHash,
        prevTransLt: t.tx.prevTransLt,
        stateBefore: s.before,
        stateAfter: s.after,
        traceId: root.hash,
        traceExternalHash: externalHash,
        // a message is known by its sender's cell, as on the network (docs/sandbox.md)
        inMsg: t.inMsg ? { ...t.inMsg, hash: senderHash.get(t) ?? t.inMsg.hash } : null,
        outMsgs: t.outMsgs.map((m) => ({ ...m })),
      });
    }
  }
  // the two ends of each internal message; a repeated end's record is not rewritten (its message
  // stays linked to the end it was stored with), the new end is linked to it
  for (const [t, parent] of parentOf) {
    const rec = records.get(t);
    const parentRec = records.get(parent);
    if (rec) rec.inMsg!.outMsgTxHash = parent.hash;
    const hash = senderHash.get(t) ?? t.inMsg!.hash;
    if (parentRec) for (const m of parentRec.outMsgs) if (m.hash.equals(hash)) m.inMsgTxHash = t.hash;
  }

  const transactions = [...records.values()];
  const lookupInfo = new Map<string, AccountInfoRecord>(
    contracts.filter((c) => c.state).map((c) => [c.account, ctx.classifier.describe(c.state!)]),
  );
  const batch: LedgerBatch = {
    blocks: frameBlocks(ctx.seqno, ctx.prev, transactions, ctx.receivedAt),
    transactions,
    traces: [],
    actions: [],
    accounts: [],
    tokens: [],
  };
  const traces: FrameBatch['traces'] = [];
  for (const [root] of byRoot) if (skipped.has(root)) traces.push({ traceId: root.hash, written: false });
  for (const [root, members] of traceGroups) {
    const recs = members.map((t) => records.get(t)!);
    const record = traceRecord(recs, ctx.seqno);
    batch.traces.push(record);
    const out = ctx.classifier.classify({ record, transactions: recs }, (a) => lookupInfo.get(a));
    batch.actions.push(...out.actions);
    batch.accounts.push(...out.accounts);
    for (const r of recs) {
      const token = ctx.classifier.tokenOf(r);
      if (token) batch.tokens.push(token);
    }
    traces.push({ traceId: root.hash, written: true });
  }
  return {
    batch,
    traces,
    written: txs.filter((t) => records.has(t)),
    repeats: txs.filter((t) => repeated.has(t)).map((t) => t.hash),
    warnings,
  };
}

/** A trace of the frame: complete (sandbox runs its queue to the end), classified. */
function traceRecord(txs: TransactionRecord[], seqno: number): TraceRecord {
  const first = txs[0]!;
  const last = txs[txs.length - 1]!;
  return {
    traceId: first.hash,
    externalHash: first.traceExternalHash,
    externalHashNorm: first.traceExternalHash ? first.inMsg!.hashNorm : null,
    startLt: first.lt,
    endLt: last.lt,
    startUtime: first.now,
    endUtime: last.now,
    mcSeqnoStart: seqno,
    mcSeqnoEnd: seqno,
    transactions: txs.length,
    messages: txs.reduce((n, t) => n + (t.inMsg ? 1 : 0) + t.outMsgs.length, 0),
    pendingMessages: 0,
    state: 'complete',
    classificationState: 'ok',
    accounts: [...new Set(txs.map((t) => t.account))],
  };
}
