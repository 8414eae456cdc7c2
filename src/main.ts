// The composition root (`npm start`): open the ledger, fill it when empty, produce live blocks while
// serving the API and the explorer. The only module that knows both the producer and the server.
import { join } from 'node:path';
import { ConfigError, readConfig } from './cli/config';
import { progressReporter } from './cli/progress';
import { LedgerFileError, openLedgerStore } from './store/open-store';
import { createServer } from './server/app';
import { closeOnSignals } from './server/lifecycle';
import { generateInto } from './ledger/generate';
import { LiveProducer } from './ledger/live';

async function main(): Promise<void> {
  const config = readConfig();
  const store = openLedgerStore(config.dbPath);
  let live: LiveProducer | null = null;
  if (store.reader.latestMasterchainSeqno() === null) {
    process.stderr.write(`${config.dbPath} is empty: generating ${config.txs} transactions of history (seed ${config.seed})\n`);
    const r = await generateInto(store, { seed: config.seed, txs: config.txs, onProgress: progressReporter('generating'), keepRunning: config.live });
    process.stderr.write(`history ready: ${r.transactions} transactions in ${r.seconds.toFixed(1)} s\n`);
    if (config.live && r.producer) live = new LiveProducer(r.producer);
  } else {
    process.stderr.write(`${config.dbPath}: reusing the ledger (masterchain seqno ${store.reader.latestMasterchainSeqno()})\n`);
  }
  const app = await createServer({ reader: store.reader, webRoot: join(process.cwd(), 'dist', 'web'), log: true });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stderr.write(`ledgerscope: explorer and API at http://${config.host}:${port}/ ${config.live ? '(producing live blocks)' : '(live production off)'}\n`);
  let stopping = false;
  if (live) {
    live.start();
  } else if (config.live) {
    // Serve at once; the producer takes up its saved position beside (a ledger of an older build,
    // without one, is replayed from the seed once, and saves its position as it goes).
    LiveProducer.resume(store, Number((await store.getMeta('seed')) ?? config.seed))
      .then(async (resumed) => {
        if (stopping) return resumed.stop();
        live = resumed;
        resumed.start();
        const replayed = resumed.replayedSlots;
        process.stderr.write(`live production resumed at masterchain seqno ${store.reader.latestMasterchainSeqno()}${replayed ? ` (${replayed} slots replayed)` : ''}\n`);
      })
      .catch((error: unknown) => process.stderr.write(`live production cannot resume: ${(error as Error).message}; serving the ledger as it is\n`));
  }
  closeOnSignals(app, async () => {
    stopping = true;
    await live?.stop();
    store.close();
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof LedgerFileError) {
    process.stderr.write(`ledgerscope: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`ledgerscope: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
