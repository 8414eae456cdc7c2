// The server the end-to-end tests drive: the real query service over a real, deterministic ledger
// (seed 11, at least 700 transactions: about 5,600, since slots in flight complete and one fan-out
// alone has 4,370; live production off), serving the built explorer from dist/web. The
// ledger file is built once and reused (same seed, same hashes), so a second run starts in a second.
import { resolve } from 'node:path';
import { testLedgerPath } from '../src/ledger/test-support/test-ledger';
import { createServer } from '../src/server/app';
import { defaultLimits } from '../src/server/limits';

const SEED = Number(process.env.E2E_SEED ?? 11);
const TXS = Number(process.env.E2E_TXS ?? 700);
const port = Number(process.env.PORT ?? 8181);
const host = process.env.HOST ?? '127.0.0.1';

const path = await testLedgerPath(SEED, TXS);
// the specs check what pages show, not speed: a budget far above the production one keeps a loaded
// CI machine from cutting a big answer that a spec is not about. E2E_QUERY_TIMEOUT_MS sets another
// (e2e/too-heavy.spec.ts starts a second server whose budget no large answer can meet).
const queryTimeoutMs = Number(process.env.E2E_QUERY_TIMEOUT_MS ?? 120_000);
// The browser of the specs is the server's only client: its heavy requests may use every worker
// (the per-client share keeps clients apart, src/server/admission.test.ts tests it; here it would
// only queue one page's requests behind another's on a loaded CI machine).
const workers = defaultLimits().workers;
const app = await createServer({
  location: path,
  webRoot: resolve('dist/web'),
  limits: { queryTimeoutMs, heavyWorkersPerClient: workers },
});
await app.listen({ port, host });
process.stdout.write(`fixture ledger ${path} served at http://${host}:${port}\n`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
