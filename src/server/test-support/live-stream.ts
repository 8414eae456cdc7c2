import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { generateInto } from '../../ledger/generate';
import type { Producer } from '../../ledger/producer/producer';
import type { LedgerWriter } from '../../store/interface';
import { openSqliteStore, type SqliteLedgerStore } from '../../store/sqlite/open-sqlite-store';
import type { LedgerBatch } from '../../store/records';
import { streamingConnected, streamingNotification } from '../../api/test-support/streaming-schemas';
import { createServer } from '../app';
import type { StreamingLimits } from '../streaming/limits';

/**
 * A small generated ledger whose producer keeps running, so a test makes the next masterchain
 * blocks when it wants them (`slot`), as live production would; the server follows it through the
 * store like any other process would.
 */
export interface LiveLedger {
  path: string;
  store: SqliteLedgerStore;
  producer: Producer;
  /** Direct SQL on the ledger, to check notifications against the store. */
  sql: Database.Database;
  /** Produces and writes one live masterchain block; resolves with its seqno. */
  slot(): Promise<number>;
  close(): Promise<void>;
}

export async function startLiveLedger(seed = 5, txs = 120): Promise<LiveLedger> {
  const path = join(mkdtempSync(join(tmpdir(), 'ledgerscope-stream-')), 'ledger.db');
  const store = openSqliteStore(path);
  const r = await generateInto(store, { seed, txs, keepRunning: true });
  const producer = r.producer!;
  const sql = new Database(path, { readonly: true });
  sql.defaultSafeIntegers(true);
  return {
    path,
    store,
    producer,
    sql,
    async slot() {
      await producer.slot(true);
      return Number(sql.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get() as bigint);
    },
    async close() {
      await producer.close();
      sql.close();
      store.close();
    },
  };
}

/**
 * Writes each batch as a producer that delivers messages as the network does will: the shard
 * blocks first (with their transactions, traces and actions), and the masterchain block that
 * commits them `delayMs` later. In between, the shard blocks' transactions are pending.
 */
export class ShardsFirstWriter implements LedgerWriter {
  /** Resolves when the last batch's masterchain block is written too. */
  settled: Promise<void> = Promise.resolve();

  constructor(
    private readonly inner: LedgerWriter,
    private readonly delayMs: number,
  ) {}

  /** Resolves once the shard blocks are written (a store whose writes are synchronous has them at once). */
  async writeBatch(batch: LedgerBatch): Promise<void> {
    const mc = batch.blocks.filter((b) => b.workchain === -1);
    const shards = batch.blocks.filter((b) => b.workchain !== -1);
    const isMc = (t: LedgerBatch['transactions'][number]) => t.block.workchain === -1;
    let written!: () => void;
    this.settled = new Promise((resolve) => (written = resolve));
    await this.inner.writeBatch({
      ...batch,
      blocks: shards,
      transactions: batch.transactions.filter((t) => !isMc(t)),
      meta: {},
    });
    setTimeout(() => {
      void Promise.resolve(
        this.inner.writeBatch({
          blocks: mc,
          transactions: batch.transactions.filter(isMc),
          traces: [],
          actions: [],
          accounts: [],
          tokens: [],
          meta: batch.meta,
        }),
      ).then(written);
    }, this.delayMs);
  }

  close(): void {
    this.inner.close();
  }
}

/** The server over a live ledger, listening on a free port. */
export async function startStreamServer(
  ledger: LiveLedger,
  streaming: Partial<StreamingLimits> = {},
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await createServer({ location: ledger.path, limits: { workers: 1, lightWorkers: 0 }, streaming });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

export interface SseFrame {
  event: string | null;
  data: string | null;
  comment: string | null;
}

/**
 * A raw SSE reader over `fetch`: keeps every byte received (to check the framing exactly) and
 * parses frames as they complete.
 */
export class SseStream {
  text = '';
  readonly frames: SseFrame[] = [];
  status = 0;
  body: unknown = null;
  ended = false;
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];

  static async open(base: string, subscription: unknown, headers: Record<string, string> = {}): Promise<SseStream> {
    const s = new SseStream();
    const res = await fetch(`${base}/api/streaming/v2/sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof subscription === 'string' ? subscription : JSON.stringify(subscription),
      signal: s.controller.signal,
    });
    s.status = res.status;
    if (res.status !== 200) {
      s.body = await res.json();
      s.ended = true;
      return s;
    }
    void s.pump(res.body!.getReader());
    return s;
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let rest = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        this.text += chunk;
        rest += chunk;
        let end;
        while ((end = rest.indexOf('\n\n')) !== -1) {
          const block = rest.slice(0, end);
          rest = rest.slice(end + 2);
          const frame: SseFrame = { event: null, data: null, comment: null };
          for (const line of block.split('\n')) {
            if (line.startsWith(': ')) frame.comment = line.slice(2);
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = line.slice(6);
          }
          this.frames.push(frame);
        }
        this.wake();
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- notifications are checked field by field by the tests
  get events(): any[] {
    // every notification and the connected frame must match the streaming schemas of src/api
    for (const f of this.frames) if (f.event === 'connected') streamingConnected.parse(JSON.parse(f.data!));
    return this.frames
      .filter((f) => f.event === 'event')
      .map((f) => {
        const json: unknown = JSON.parse(f.data!);
        // checked, but kept as sent (a zod object drops keys it does not name)
        streamingNotification.parse(json);
        return json;
      });
  }

  /** Waits until `ready()` holds (checked on every frame), or fails after `timeoutMs`. */
  async until(ready: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (this.ended) throw new Error(`the stream ended before ${what}: ${this.text.slice(-300)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${this.frames.length} frames`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}
