// The shape of a generated ledger: `npm run bench -- ledger-shape` (a ledger file as argument, else
// the default history: seed 42, 3,000 transactions). Prints one JSON line.
//
// How traces spread over blocks now that messages are delivered as on the network (a message to
// another shard waits for the next masterchain block): the share of complete traces that span more
// than one masterchain block, and the median number of masterchain blocks and of blocks (shard and
// masterchain) a trace's transactions are in, over all traces and over the jetton transfers.
import Database from 'better-sqlite3';
import { loadavg } from 'node:os';
import { benchLedgerPath, median } from './bench-ledger';

const path = process.argv[2] ?? (await benchLedgerPath());
const db = new Database(path, { readonly: true });

interface Shape {
  mcBlocks: number;
  blocks: number;
}
const rows = db
  .prepare(
    `SELECT t.trace_id, t.mc_seqno_end - t.mc_seqno_start + 1 AS mc_blocks,
                   (SELECT count(*) FROM (SELECT DISTINCT workchain, shard, block_seqno FROM transactions x WHERE x.trace_id = t.trace_id)) AS blocks,
                   EXISTS (SELECT 1 FROM actions a WHERE a.trace_id = t.trace_id AND a.type = 'jetton_transfer') AS jetton
            FROM traces t WHERE t.state = 'complete'`,
  )
  .all() as { mc_blocks: number; blocks: number; jetton: number }[];

function summary(traces: Shape[]) {
  return {
    traces: traces.length,
    spanning_share: +(traces.filter((t) => t.mcBlocks > 1).length / traces.length).toFixed(3),
    median_mc_blocks: median(traces.map((t) => t.mcBlocks)),
    median_blocks: median(traces.map((t) => t.blocks)),
    max_mc_blocks: Math.max(...traces.map((t) => t.mcBlocks)),
  };
}
const all = rows.map((r) => ({ mcBlocks: r.mc_blocks, blocks: r.blocks }));
const jettons = rows.filter((r) => r.jetton === 1).map((r) => ({ mcBlocks: r.mc_blocks, blocks: r.blocks }));
const pending = db.prepare("SELECT count(*) FROM traces WHERE state = 'pending'").pluck().get() as number;
console.log(
  JSON.stringify({
    bench: 'ledger-shape',
    ledger: path,
    transactions: db.prepare('SELECT count(*) FROM transactions').pluck().get(),
    all: summary(all),
    jetton_transfers: summary(jettons),
    pending_at_end: pending,
    load_average: +loadavg()[0]!.toFixed(2),
  }),
);
