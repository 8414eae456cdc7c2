// The decoded share: `npm run bench -- decode`. On the default ledger (seed 42, 3000 transactions,
// as `npm start` makes it), every message with a non-empty body is decoded once (each message once,
// though a delivered one is stored for both of its transactions), counted by type, and timed.
// Prints one JSON line: the share that decoded to a type (target >= 0.99), the count per type and
// the opcodes of those that did not, and the median decode time per body.
import { Cell } from '@ton/core';
import { performance } from 'node:perf_hooks';
import { decodeBody } from '../src/ton/decode/decode-body';
import { openSqliteStore } from '../src/store/sqlite/open-sqlite-store';
import type { MessageRecord } from '../src/store/records';
import { benchLedgerPath, median } from './bench-ledger';

const path = await benchLedgerPath();
const store = openSqliteStore(path, { readonly: true });
const reader = store.reader;

const seen = new Set<string>();
const messages: MessageRecord[] = [];
for (let offset = 0; ; offset += 1000) {
  const traces = await reader.findTraces({}, { limit: 1000, offset, sort: 'asc' });
  for (const t of traces) {
    for (const tx of await reader.getTraceTransactions(t.traceId, 1_000_000)) {
      for (const m of [tx.inMsg, ...tx.outMsgs]) {
        if (!m || seen.has(m.hash.toString('hex'))) continue;
        seen.add(m.hash.toString('hex'));
        messages.push(m);
      }
    }
  }
  if (traces.length < 1000) break;
}

const byType: Record<string, number> = {};
const unknownOpcodes: Record<string, number> = {};
const times: number[] = [];
let withBody = 0;
let decoded = 0;
for (const m of messages) {
  const body = Cell.fromBoc(m.body.boc)[0]!;
  if (body.bits.length === 0 && body.refs.length === 0) continue;
  withBody += 1;
  const t0 = performance.now();
  const d = decodeBody(body, { deploys: m.initState !== null });
  times.push(performance.now() - t0);
  if (d) {
    decoded += 1;
    byType[d.type] = (byType[d.type] ?? 0) + 1;
  } else {
    const key = m.opcode === null ? 'short' : '0x' + (m.opcode >>> 0).toString(16).padStart(8, '0');
    unknownOpcodes[key] = (unknownOpcodes[key] ?? 0) + 1;
  }
}
store.close();

console.log(
  JSON.stringify({
    bench: 'decode',
    ledger: 'seed 42, 3000 txs',
    messages: messages.length,
    with_body: withBody,
    decoded,
    decoded_share: +(decoded / withBody).toFixed(4),
    by_type: Object.fromEntries(Object.entries(byType).sort((a, b) => b[1] - a[1])),
    undecoded_by_opcode: unknownOpcodes,
    decode_us_median: +(median(times) * 1000).toFixed(1),
  }),
);
