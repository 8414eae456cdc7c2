// The emulator half alone: `npm run bench -- emulator`. Prints one JSON line.
//
// What the producer's emulator thread can do when nothing else runs: the traffic, real TVM execution
// through the executor, reading each transaction out and serializing its events as the thread posts
// them, but no main thread (records, classification, the store). It is the ceiling of the two-thread
// producer (bench/producer.ts), which shares the machine's two cores with the ledger half.
import { serialize } from 'node:v8';
import { loadavg } from 'node:os';
import { compileContracts } from '../src/ledger/contracts/compile';
import { Emulator } from '../src/ledger/network/emulator';
import type { EmulatorEvent } from '../src/ledger/network/emulator-events';
import { Traffic } from '../src/ledger/traffic/traffic';
import { median } from './bench-ledger';

const ROUNDS = 3;
const TXS_PER_ROUND = 4000;

let pending: EmulatorEvent[] = [];
let transactions = 0;
let eventBytes = 0;
const emulator = await Emulator.create({ genesisTime: 1_760_000_000 }, (event) => {
  pending.push(event);
  if (event.kind === 'tx') transactions += 1;
  // as the emulator thread does: events leave in groups of 256, v8-serialized
  if (pending.length >= 256) {
    eventBytes += serialize(pending).length;
    pending = [];
  }
});
const traffic = new Traffic(emulator, 42);
await compileContracts();
await traffic.genesis();
await traffic.bootstrap();

const rates: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = transactions;
  const started = performance.now();
  while (transactions - start < TXS_PER_ROUND) await traffic.slot(10);
  rates.push(Math.round((transactions - start) / ((performance.now() - started) / 1000)));
}
console.log(
  JSON.stringify({
    bench: 'emulator',
    transactions,
    tx_per_s_median: median(rates),
    tx_per_s_rounds: rates,
    event_bytes_per_tx: Math.round(eventBytes / transactions),
    load_average: +loadavg()[0]!.toFixed(2),
  }),
);
