// Frames into the ledger, one at a time whoever sends them: each is stored whole (one batch, its
// two blocks, its run records, in one transaction) or refused with its cause, and the next goes on.
import { createTraceClassifier } from '../ledger/classify/trace-classifier';
import type { TraceClassifier } from '../ledger/network/ledger-assembler';
import { useNodeSha256 } from '../ledger/network/fast-sha256';
import type { SqliteLedgerStore } from '../store/sqlite/open-sqlite-store';
import type { AccountStateRecord } from '../store/records';
import { MC_REF, SHARD_REF, type PreviousBlocks } from './blocks';
import { FrameError, parseFrame, testKey } from './frame';
import { frameBatch, type StoredTransaction } from './frame-batch';
import { FrameReaderError, FrameReaders, readFrameInThread } from './frame-readers';
import { ensureSandboxTables, RunWriter } from './run-store';
import { KnownShardAccounts } from './known-shard-accounts';

export type IngestResult =
  | { stored: true; seqno: number; transactions: number; traces: number; knownTraces: number; testKey: string }
  | { stored: false; reason: string };

export class Ingestor {
  private queue: Promise<unknown> = Promise.resolve();
  /** The contracts read in the last frame read in this thread, for the next. */
  private readonly known = new KnownShardAccounts();

  private constructor(
    private readonly store: SqliteLedgerStore,
    private readonly writer: RunWriter,
    private readonly classifier: TraceClassifier,
    private nextSeqno: number,
    private prev: PreviousBlocks,
    private readonly log: (line: string) => void,
    private readonly onStored: () => void,
    private readonly readers: FrameReaders | null,
  ) {}

  /**
   * An ingestor going on from the ledger's last block; `onStored`: told after each frame is
   * committed; `readers`: frame reader threads to start (frame-readers.ts), none by default (the
   * frames are read in this thread).
   */
  static async open(
    store: SqliteLedgerStore,
    opts: { log: (line: string) => void; onStored?: () => void; readers?: number },
  ): Promise<Ingestor> {
    // this thread parses and hashes the cells of every frame it reads itself (as the producer's)
    useNodeSha256();
    ensureSandboxTables(store);
    const latest = await store.reader.latestMasterchainSeqno();
    let prev: PreviousBlocks = { mc: null, shard: null };
    if (latest !== null) {
      prev = { mc: await store.reader.getBlock(MC_REF(latest)), shard: await store.reader.getBlock(SHARD_REF(latest)) };
      if (!prev.mc || !prev.shard)
        throw new Error(
          `${store.path}: masterchain block ${latest} and its basechain block are not a sandbox ledger's`,
        );
    }
    return new Ingestor(
      store,
      new RunWriter(store),
      await createTraceClassifier(),
      latest === null ? 0 : latest + 1,
      prev,
      opts.log,
      opts.onStored ?? (() => undefined),
      opts.readers ? new FrameReaders(opts.readers, opts.log) : null,
    );
  }

  /** Stores a frame's text (in turn after the frames received before it); never rejects. */
  ingest(text: string, source: string): Promise<IngestResult> {
    const run = this.queue.then(() => this.store1(text, source));
    this.queue = run;
    return run;
  }

  private async store1(text: string, source: string): Promise<IngestResult> {
    const bytes = Buffer.byteLength(text, 'utf8');
    try {
      const frame = parseFrame(text);
      const { contracts, transactions: txs } = this.readers
        ? await this.readers.read(frame)
        : readFrameInThread(frame, this.known);
      const accounts = [...new Set(txs.map((t) => t.account))];
      const stored = new Map<string, AccountStateRecord>();
      if (this.nextSeqno > 0) {
        for (const s of await this.store.reader.getAccountStates(accounts, this.nextSeqno - 1))
          stored.set(s.account, s.state);
      }
      // what a repeat needs of the stored transaction: its trace and inbound message, not its record whole
      const existing = new Map<string, StoredTransaction>(
        (await this.store.reader.getTransactionOutcomes(txs.map((t) => t.hash))).map((t) => [
          t.hash.toString('hex'),
          { traceId: t.traceId, inMsgHash: t.inMsg?.hash ?? null },
        ]),
      );
      const seqno = this.nextSeqno;
      const receivedAt = Math.floor(Date.now() / 1000);
      const built = frameBatch(txs, contracts, {
        seqno,
        prev: this.prev,
        stored,
        existing,
        classifier: this.classifier,
        failedMessages: frame.failedMessages.length,
        receivedAt,
      });
      const key = testKey(frame.test);
      this.writer.write({
        frame,
        testKey: key,
        seqno,
        bytes,
        receivedAt,
        contracts,
        ...built,
      });
      this.nextSeqno = seqno + 1;
      this.prev = { mc: built.batch.blocks[0]!, shard: built.batch.blocks[1]! };
      for (const w of built.warnings) this.log(`sandbox: frame ${seqno} from ${source}: ${w}`);
      const known = built.traces.filter((t) => !t.written).length;
      const repeats = built.repeats.length;
      const failed = frame.failedMessages.length;
      this.log(
        `sandbox: frame ${seqno} stored from ${source} (${describeTest(frame.test)}): ${built.written.length} transactions, ${built.traces.length - known} traces${known ? `, ${known} already in the ledger` : ''}${repeats ? `, ${repeats} transactions of other runs' traces repeated` : ''}${failed ? `, ${failed} failed message attempts` : ''}`,
      );
      this.onStored();
      return {
        stored: true,
        seqno,
        transactions: built.written.length,
        traces: built.traces.length - known,
        knownTraces: known,
        testKey: key,
      };
    } catch (error) {
      const reason =
        error instanceof FrameError
          ? error.message
          : error instanceof FrameReaderError
            ? `could not be stored: ${error.message}`
            : `could not be stored: ${(error as Error).stack ?? String(error)}`;
      this.log(`sandbox: frame from ${source} (${bytes} bytes) refused: ${reason}`);
      return { stored: false, reason };
    }
  }

  /** Resolves once every frame received so far is stored or refused. */
  idle(): Promise<unknown> {
    return this.queue;
  }

  /** The frame reader threads, when it has them (a test ends one). */
  frameReaders(): FrameReaders | null {
    return this.readers;
  }

  /** Stops the reader threads once every frame received is stored or refused. */
  async close(): Promise<void> {
    await this.queue;
    await this.readers?.close();
  }
}

function describeTest(t: { id: string | null; name: string | null; path: string | null }): string {
  if (!t.name && !t.path && !t.id) return 'no test info';
  return [t.name ? JSON.stringify(t.name) : null, t.path, t.id ? `id ${t.id}` : null].filter(Boolean).join(', ');
}
