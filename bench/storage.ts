// Bytes on disk per transaction, table by table: `npm run bench -- storage` (a ledger file may be
// named by STORAGE_BENCH_DB, else the 10,000-transaction ledger of seed 42 is built once under
// data/bench/). Each table's figure includes its indexes, and each b-tree (a table, or one of its
// indexes) has its own figure; measured with SQLite's dbstat table after a checkpoint, so the WAL is
// not counted. Prints one JSON line.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { benchLedgerPath } from './bench-ledger';

const path = process.env.STORAGE_BENCH_DB ?? (await benchLedgerPath(42, 10_000));
const db = new Database(path);
db.pragma('wal_checkpoint(TRUNCATE)');
const txs = db.prepare('SELECT count(*) FROM transactions').pluck().get() as number;
const owner = new Map<string, string>();
for (const r of db.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all() as {
  name: string;
  tbl_name: string;
}[]) {
  owner.set(r.name, r.tbl_name);
}
const perTable = new Map<string, { bytes: number; indexes: number }>();
const btrees = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as {
  name: string;
  bytes: number;
}[];
for (const r of btrees) {
  const table = owner.get(r.name) ?? r.name;
  const t = perTable.get(table) ?? { bytes: 0, indexes: 0 };
  t.bytes += r.bytes;
  if (table !== r.name) t.indexes += r.bytes;
  perTable.set(table, t);
}
const version = db.pragma('user_version', { simple: true }) as number;
db.close();
const fileBytes = statSync(path).size;
const perTx = (b: number) => Math.round((b / txs) * 10) / 10;
console.log(
  JSON.stringify({
    bench: 'storage',
    schema_version: version,
    transactions: txs,
    file_bytes_per_tx: perTx(fileBytes),
    bytes_per_tx_by_table: Object.fromEntries(
      [...perTable]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([name, t]) => [name, { total: perTx(t.bytes), of_which_indexes: perTx(t.indexes) }]),
    ),
    // each b-tree: `table` or `table.index`
    bytes_per_tx_by_btree: Object.fromEntries(
      btrees.map((r) => [
        owner.get(r.name) === r.name || !owner.has(r.name) ? r.name : `${owner.get(r.name)}.${r.name}`,
        perTx(r.bytes),
      ]),
    ),
  }),
);
