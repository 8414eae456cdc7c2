// Child process of the PostgreSQL crash test: produces real slots into a PostgreSQL ledger,
// reporting each batch it commits; after `slots` batches it writes one more batch up to and
// including its transactions (inside the batch's open transaction), says "mid-batch" and waits
// to be killed.
import type { PoolClient } from 'pg';
import { Producer } from '../../../ledger/producer/producer';
import type { LedgerBatch } from '../../records';
import { openPgStore } from '../open-pg-store';

const [url, slotsArg] = process.argv.slice(2);
const store = await openPgStore(url!, { partitionSpan: 2 });
const writer = store.writer!;
const slots = Number(slotsArg);
let committed = 0;
let txs = 0;
let armed = false;

const connect = store.pool.connect.bind(store.pool) as (callback?: unknown) => Promise<PoolClient>;
(store.pool as unknown as { connect: (callback?: unknown) => Promise<PoolClient> | void }).connect = (
  callback?: unknown,
) => {
  // pool.query (the store's metadata reads) connects with a callback: passed through as it is
  if (typeof callback === 'function') return connect(callback);
  return armedConnect();
};
const armedConnect = async () => {
  const client = await connect();
  if (!armed) return client;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const result = await query(...args);
    if (String(args[0]).startsWith('INSERT INTO transactions')) {
      process.stdout.write('mid-batch\n');
      await new Promise(() => undefined);
    }
    return result;
  };
  return client;
};

const write = writer.writeBatch.bind(writer);
writer.writeBatch = async (batch: LedgerBatch) => {
  if (committed >= slots) armed = true;
  await write(batch);
  committed += 1;
  txs += batch.transactions.length;
  process.stdout.write(`committed ${committed} ${txs}\n`);
};
const producer = await Producer.start(store, 3);
for (;;) await producer.slot();
