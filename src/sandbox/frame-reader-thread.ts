// A frame reader thread (frame-readers.ts): parses its share of a frame's BOCs with the functions
// the receiver's thread would use (read-transactions.ts), and deflates the transactions' logs for
// the run records, so that the receiver's one thread is left the checks and the writing.
import { parentPort } from 'node:worker_threads';
import { useNodeSha256 } from '../ledger/network/fast-sha256';
import { FrameError } from './frame';
import type { FromReader, ToReader, TransactionJob } from './frame-reader-protocol';
import { revive } from './revive-buffers';
import { FrameCells } from './frame-cells';
import {
  finishTransaction,
  FrameBocs,
  linkOf,
  packLogs,
  parseTransaction,
  readShardAccount,
  type ParsedTransaction,
} from './read-transactions';

// the thread parses and hashes the cells of its shares of every frame
useNodeSha256();
const port = parentPort!;
/** Each job's transactions, parsed in round 1, kept for round 2. */
const jobs = new Map<number, { parsed: ParsedTransaction[]; transactions: TransactionJob[] }>();

const reply = (m: FromReader) => port.postMessage(m);

function handle(m: ToReader): void {
  if (m.type === 'drop') {
    jobs.delete(m.job);
    return;
  }
  if (m.type === 'read') {
    const cells = new FrameCells(); // this thread's share of the frame's cells, dropped with round 1
    const contracts = m.contracts.map((c) => ({ i: c.i, ...readShardAccount(c.account, c.boc, c.i, cells) }));
    const workchainOf = new Map(m.workchainOf);
    const parsed = m.transactions.map((t) => parseTransaction(t.boc, t.index, workchainOf, cells));
    jobs.set(m.job, { parsed, transactions: m.transactions });
    reply({ type: 'links', job: m.job, contracts, links: parsed.map(linkOf) });
    return;
  }
  const job = jobs.get(m.job);
  jobs.delete(m.job);
  if (!job) throw new Error(`job ${m.job} was not read by this thread`);
  const want = new Map(revive(m.want)); // Buffers arrive as Uint8Arrays
  const bocs = new FrameBocs();
  const transactions = job.parsed.map((p, k) => {
    const t = job.transactions[k]!;
    return {
      ...finishTransaction(p, want.get(p.index), t.boc, bocs),
      packed: packLogs(t),
    };
  });
  reply({ type: 'finished', job: m.job, transactions });
}

port.on('message', (m: ToReader) => {
  try {
    handle(m);
  } catch (error) {
    jobs.delete(m.job);
    reply({
      type: 'error',
      job: m.job,
      message: error instanceof FrameError ? error.message : ((error as Error).stack ?? String(error)),
      frameError: error instanceof FrameError,
    });
  }
});
