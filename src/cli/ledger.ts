// `npm run ledger -- --db FILE --seed N --txs N`: builds a ledger file without serving it.
import { parseArgs } from 'node:util';
import { generateLedger } from '../ledger/generate';
import { progressReporter } from './progress';
import { readEpoch } from './config';
import { wallClock } from '../ledger/live';

function fail(message: string): never {
  process.stderr.write(`ledger: ${message}\nusage: npm run ledger -- --db FILE [--seed N] [--txs N]\n`);
  process.exit(2);
}

let values: { db?: string; seed?: string; txs?: string };
try {
  ({ values } = parseArgs({
    options: { db: { type: 'string' }, seed: { type: 'string' }, txs: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (!values.db) fail('--db FILE is required');
const seed = values.seed ?? '42';
const txs = values.txs ?? '3000';
if (!/^\d+$/.test(seed)) fail(`--seed must be a non-negative integer, got ${JSON.stringify(seed)}`);
if (!/^\d+$/.test(txs) || Number(txs) < 1) fail(`--txs must be a positive integer, got ${JSON.stringify(txs)}`);

try {
  // the history ends now, unless LEDGER_EPOCH fixes its end (the same seed and epoch: the same hashes)
  const epoch = readEpoch() ?? wallClock();
  const r = await generateLedger({
    dbPath: values.db,
    seed: Number(seed),
    txs: Number(txs),
    epoch,
    onProgress: progressReporter('generating'),
  });
  // peak resident memory of the whole process, both threads (resourceUsage reports kilobytes)
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(
    `${values.db}: ${r.transactions} transactions, ${r.traces} traces, masterchain seqno ${r.mcSeqno}, ${r.seconds.toFixed(1)} s (${(r.transactions / r.seconds).toFixed(0)} tx/s), peak memory ${peakMb} MB\n`,
  );
} catch (error) {
  fail((error as Error).message);
}
