// Builds (or finds) the bench ledger of seed 42 and BUILD_TXS transactions under data/bench/, once,
// for the benchmarks that compare sizes: `npx tsx bench/tools/build-bench-ledger.ts 1000000`.
import { benchLedgerPath } from '../bench-ledger';

const txs = Number(process.argv[2] ?? 1_000_000);
const started = Date.now();
console.log(await benchLedgerPath(42, txs), `${Math.round((Date.now() - started) / 1000)} s`);
