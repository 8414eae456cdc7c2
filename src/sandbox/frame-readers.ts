// The frame reader threads: a large frame (a thousand transactions, tens of MB of VM logs) is
// mostly parsing and hashing cells in JavaScript, and deflating logs, which one thread does in
// seconds. Its transactions and contracts are shared out to worker threads and to the receiver's
// own thread, which read them with the same functions (read-transactions.ts) and hand back plain
// records; the receiver keeps the checks that need the whole frame and the writing.
// SANDBOX_READERS sets the number of worker threads (docs/sandbox.md); with none, the receiver
// reads the whole frame itself (readFrameInThread).
import { Worker } from 'node:worker_threads';
import { FrameError, type SandboxFrame } from './frame';
import type { ContractJob, ContractRead, FromReader, ToReader, TransactionJob } from './frame-reader-protocol';
import {
  contractAccount,
  contractOf,
  finishTransaction,
  FrameBocs,
  linkOf,
  packLogs,
  parseTransaction,
  readShardAccount,
  readContracts,
  readTransactions,
  trueHashes,
  workchainsOf,
  type ReadContract,
  type ReadTransaction,
  type TransactionLink,
} from './read-transactions';
import { revive } from './revive-buffers';
import { FrameCells } from './frame-cells';
import type { KnownShardAccounts } from './known-shard-accounts';

/** A reader thread failed (not the frame's fault): the frame is not stored, and the thread is replaced. */
export class FrameReaderError extends Error {}

export interface ReadFrame {
  contracts: ReadContract[];
  transactions: ReadTransaction[];
}

/**
 * The frame read in the calling thread: what the threads do, in one. `known`: the ShardAccounts the
 * last frame read (the receiver's, from one frame to the next).
 */
export function readFrameInThread(frame: SandboxFrame, known?: KnownShardAccounts): ReadFrame {
  const cells = new FrameCells();
  const contracts = readContracts(frame.contracts, cells, known ? known.read.bind(known) : undefined);
  known?.frameDone();
  return { contracts, transactions: readTransactions(frame.transactions, contracts, cells) };
}

interface Pending {
  resolve: (m: FromReader) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  /** By job: one question at a time per job. */
  pending: Map<number, Pending>;
  failure: string | null;
}

/**
 * The share of `list` of reader `k` of `n`: every n-th item, since the costly transactions come
 * together (a fan-out's senders, whose layout search is most of round 2, come first).
 */
const share = <T>(list: T[], k: number, n: number): T[] => list.filter((_, i) => i % n === k);

export class FrameReaders {
  private readonly slots: Slot[] = [];
  private nextJob = 1;
  private closed = false;

  /** `count` threads (at least one), started now: their first load is not a frame's wait. */
  constructor(
    count: number,
    private readonly log: (line: string) => void,
  ) {
    for (let i = 0; i < Math.max(1, count); i++) this.spawn();
  }

  /** The threads now running (a test ends one to see a failure handled). */
  threads(): Worker[] {
    return this.slots.map((s) => s.worker);
  }

  /**
   * Reads a frame's contracts and transactions; rejects with a `FrameError` when the frame is bad,
   * a `FrameReaderError` when a thread failed.
   */
  async read(frame: SandboxFrame): Promise<ReadFrame> {
    if (this.closed) throw new FrameReaderError('the frame readers are closed');
    const accounts = frame.contracts.map((c, i) => contractAccount(c, i));
    const workchainOf = [...workchainsOf(accounts.map((account) => ({ account })))];
    const contractJobs: ContractJob[] = frame.contracts.flatMap((c, i) =>
      c.account ? [{ i, account: accounts[i]!, boc: c.account }] : [],
    );
    const transactionJobs: TransactionJob[] = frame.transactions.map((t, index) => ({
      index,
      boc: t.transaction,
      blockchainLogs: t.blockchainLogs,
      vmLogs: t.vmLogs,
      debugLogs: t.debugLogs,
    }));
    const job = this.nextJob++;
    const slots = [...this.slots];
    // the receiver's thread reads the last share itself, while the threads read theirs: no copy of
    // it crosses, and on two cores two threads read (the receiver's would wait idle otherwise)
    const n = slots.length + 1;
    const own = n - 1;
    /** Asked of every thread at once; a rejection is seen by the await below, or dropped with the frame. */
    const askAll = (m: (s: Slot, k: number) => Exclude<ToReader, { type: 'drop' }>) => {
      const all = Promise.all(slots.map((s, k) => this.ask(s, m(s, k))));
      all.catch(() => undefined);
      return all;
    };
    try {
      // round 1: each thread parses its share and says how its transactions link
      const asked1 = askAll((_, k) => ({
        type: 'read',
        job,
        workchainOf,
        contracts: share(contractJobs, k, n),
        transactions: share(transactionJobs, k, n),
      }));
      const reads = new Map<number, ContractRead>();
      const cells = new FrameCells();
      for (const c of share(contractJobs, own, n))
        reads.set(c.i, { i: c.i, ...readShardAccount(c.account, c.boc, c.i, cells) });
      const ownWorkchains = new Map(workchainOf);
      const ownParsed = share(transactionJobs, own, n).map((t) =>
        parseTransaction(t.boc, t.index, ownWorkchains, cells),
      );
      const links: TransactionLink[] = ownParsed.map(linkOf);
      for (const r of await asked1) {
        if (r.type !== 'links') throw new FrameReaderError(`a frame reader thread answered ${r.type} to read`);
        for (const c of r.contracts) reads.set(c.i, revive(c));
        for (const l of r.links) links.push(revive(l));
      }
      const contracts = frame.contracts.map((c, i) =>
        contractOf(c, accounts[i]!, reads.get(i) ?? { state: null, lastTransaction: null }),
      );
      // round 2: the true hashes, settled over the whole frame, and each thread finishes its share
      const want = trueHashes(links, contracts);
      const asked2 = askAll((_, k) => ({
        type: 'finish',
        job,
        want: share(transactionJobs, k, n).flatMap((t): [number, Buffer][] => {
          const h = want.get(t.index);
          return h ? [[t.index, h]] : [];
        }),
      }));
      const bocs = new FrameBocs();
      const transactions: ReadTransaction[] = ownParsed.map((p) => {
        const t = frame.transactions[p.index]!;
        return { ...finishTransaction(p, want.get(p.index), t.transaction, bocs), frame: t, packed: packLogs(t) };
      });
      for (const r of await asked2) {
        if (r.type !== 'finished') throw new FrameReaderError(`a frame reader thread answered ${r.type} to finish`);
        for (const t of r.transactions) transactions.push({ ...revive(t), frame: frame.transactions[t.index]! });
      }
      // in the frame's order, as the receiver's thread reads them
      transactions.sort((a, b) => a.index - b.index);
      return { contracts, transactions };
    } catch (error) {
      // the other threads forget what they parsed of this frame
      for (const s of slots) if (this.slots.includes(s)) s.worker.postMessage({ type: 'drop', job } satisfies ToReader);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private ask(slot: Slot, m: Exclude<ToReader, { type: 'drop' }>): Promise<FromReader> {
    return new Promise((resolve, reject) => {
      if (!this.slots.includes(slot)) return reject(new FrameReaderError('a frame reader thread stopped'));
      slot.pending.set(m.job, { resolve, reject });
      slot.worker.postMessage(m);
    });
  }

  private spawn(): void {
    const worker = new Worker(new URL('./frame-reader-entry.mjs', import.meta.url), { execArgv: [] });
    const slot: Slot = { worker, pending: new Map(), failure: null };
    this.slots.push(slot);
    worker.on('message', (m: FromReader) => {
      const p = slot.pending.get(m.job);
      if (!p) return; // a job given up already
      slot.pending.delete(m.job);
      if (m.type === 'error')
        p.reject(
          m.frameError ? new FrameError(m.message) : new FrameReaderError(`a frame reader thread failed: ${m.message}`),
        );
      else p.resolve(m);
    });
    // an uncaught error ends the thread; 'exit' follows
    worker.on('error', (error) => {
      slot.failure = error.message;
    });
    worker.on('exit', (code) => {
      this.slots.splice(this.slots.indexOf(slot), 1);
      const why = this.closed ? 'the receiver is closing' : (slot.failure ?? `exit code ${code}`);
      for (const p of slot.pending.values())
        p.reject(new FrameReaderError(`a frame reader thread stopped (${why}) while reading the frame`));
      slot.pending.clear();
      if (this.closed) return;
      this.log(`sandbox: a frame reader thread stopped (${why}); another is started`);
      this.spawn();
    });
  }
}
