// Child process of the crash test: produces real slots into a ledger file, reporting each batch it
// commits; after `slots` batches it opens one more batch, writes it half-way (inside an open SQLite
// transaction), says "mid-batch" and waits to be killed.
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store';
import type { LedgerBatch } from '../../store/records';
import { Producer } from '../producer/producer';

const [path, slotsArg] = process.argv.slice(2);
const store = openSqliteStore(path!);
const writer = store.writer!;
let committed = 0;
let txs = 0;
const slots = Number(slotsArg);
const write = writer.writeBatch.bind(writer);
writer.writeBatch = async (batch: LedgerBatch) => {
  if (committed < slots) {
    await write(batch);
    committed += 1;
    txs += batch.transactions.length;
    process.stdout.write(`committed ${committed} ${txs}\n`);
    return;
  }
  store.db.exec('BEGIN');
  void write({ ...batch, transactions: batch.transactions.slice(0, Math.ceil(batch.transactions.length / 2)) });
  process.stdout.write(`mid-batch ${batch.transactions.length}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
};
const producer = await Producer.start(store, 3);
for (;;) await producer.slot();
