import pg from 'pg';
import {
  INBOUND_COLUMNS,
  inboundRecord,
  inboundValues,
  type InboundMessage,
  type InboundQueue,
  type InboundRecord,
} from '../inbound';
import { pool } from './open-pg-store';

/** The channel an enqueue notifies: the producer LISTENs, so a message waits for no poll. */
export const INBOUND_CHANNEL = 'ledgerscope_inbound';

/**
 * The inbound queue of a PostgreSQL ledger. Any API process enqueues (an INSERT and a NOTIFY in one
 * transaction: the notification is delivered only if the row is committed); the one producer
 * LISTENs on a connection of its own and takes the rows. A message accepted by two API processes
 * (a client retrying elsewhere) is one row: the hash is the key.
 */
export function openPgInbound(location: string): InboundQueue {
  const db = pool(location, 4, false);
  let listener: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const w of [...waiters]) w();
  };
  const listen = () => {
    listening ??= (async () => {
      const client = new pg.Client({ connectionString: location });
      client.on('notification', wakeAll);
      // a lost listening connection: the producer falls back on its interval, and listens anew
      client.on('error', () => {
        listener = null;
        listening = null;
        wakeAll();
      });
      await client.connect();
      await client.query(`LISTEN ${INBOUND_CHANNEL}`);
      listener = client;
    })().catch(() => {
      listening = null;
    });
    return listening;
  };
  const placeholders = INBOUND_COLUMNS.split(',')
    .map((_, i) => `$${i + 1}`)
    .join(', ');
  return {
    async enqueue(m: InboundMessage) {
      const client = await db.connect();
      try {
        await client.query('BEGIN');
        const r = await client.query(
          `INSERT INTO inbound_messages (${INBOUND_COLUMNS}) VALUES (${placeholders}) ON CONFLICT (hash) DO NOTHING`,
          inboundValues(m),
        );
        if (r.rowCount === 1) await client.query(`NOTIFY ${INBOUND_CHANNEL}`);
        await client.query('COMMIT');
        return r.rowCount === 1;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async queued(limit: number) {
      const r = await db.query(
        `SELECT ${INBOUND_COLUMNS} FROM inbound_messages WHERE state = 'queued' ORDER BY received_at, hash LIMIT $1`,
        [limit],
      );
      return r.rows.map(inboundRecord);
    },
    async get(hash: Buffer): Promise<InboundRecord | null> {
      const r = await db.query(`SELECT ${INBOUND_COLUMNS} FROM inbound_messages WHERE hash = $1`, [hash]);
      return r.rows[0] ? inboundRecord(r.rows[0] as Record<string, unknown>) : null;
    },
    async oldestQueued() {
      const r = await db.query(
        "SELECT received_at FROM inbound_messages WHERE state = 'queued' ORDER BY received_at, hash LIMIT 1",
      );
      return r.rows[0] ? Number((r.rows[0] as { received_at: string | number }).received_at) : null;
    },
    async waitForMessages(ms: number) {
      await listen();
      await new Promise<void>((done) => {
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(finish);
          done();
        };
        const timer = setTimeout(finish, ms);
        waiters.add(finish);
      });
    },
    async close() {
      wakeAll();
      await listener?.end().catch(() => undefined);
      await db.end();
    },
  };
}
