import Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import {
  INBOUND_COLUMNS,
  inboundRecord,
  inboundValues,
  type InboundMessage,
  type InboundQueue,
  type InboundRecord,
} from '../inbound';

/**
 * Enqueues made in this process, by ledger file: the producer of `npm start` (role `all`) shares
 * the process with the service and hears of a message at once. A producer in another process polls.
 */
const enqueued = new EventEmitter();
enqueued.setMaxListeners(0);

/**
 * The inbound queue of a SQLite ledger, on a connection of its own: the service's sends write here
 * while the producer writes its batches on another. A write waits for the other's transaction
 * (`busy_timeout`) rather than failing; a batch commits in milliseconds.
 */
export function openSqliteInbound(path: string): InboundQueue {
  const db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  // the file is in WAL mode already (the producer opened it first); a commit is durable once this
  // process has written it, whatever happens to the process after
  db.pragma('synchronous = NORMAL');
  const key = resolve(path);
  const insert = db.prepare(
    `INSERT INTO inbound_messages (${INBOUND_COLUMNS}) VALUES (${INBOUND_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')}) ON CONFLICT (hash) DO NOTHING`,
  );
  const queued = db.prepare(
    `SELECT ${INBOUND_COLUMNS} FROM inbound_messages WHERE state = 'queued' ORDER BY received_at, hash LIMIT ?`,
  );
  const byHash = db.prepare(`SELECT ${INBOUND_COLUMNS} FROM inbound_messages WHERE hash = ?`);
  const oldest = db
    .prepare("SELECT received_at FROM inbound_messages WHERE state = 'queued' ORDER BY received_at, hash LIMIT 1")
    .pluck();
  return {
    async enqueue(m: InboundMessage) {
      const fresh = insert.run(...inboundValues(m)).changes === 1;
      if (fresh) enqueued.emit(key);
      return fresh;
    },
    async queued(limit: number) {
      return (queued.all(limit) as Record<string, unknown>[]).map(inboundRecord);
    },
    async get(hash: Buffer): Promise<InboundRecord | null> {
      const row = byHash.get(hash) as Record<string, unknown> | undefined;
      return row ? inboundRecord(row) : null;
    },
    async oldestQueued() {
      const at = oldest.get() as number | bigint | undefined;
      return at === undefined ? null : Number(at);
    },
    waitForMessages(ms: number) {
      return new Promise<void>((done) => {
        const finish = () => {
          clearTimeout(timer);
          enqueued.off(key, finish);
          done();
        };
        const timer = setTimeout(finish, ms);
        enqueued.once(key, finish);
      });
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
