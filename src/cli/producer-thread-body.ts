// The producer thread: opens the ledger as its one writer, fills it when empty, and makes live
// blocks, while the process's main thread serves the API. Everything the producer does between
// the emulator's events and the store (assembling blocks, hashing cells, writing batches) is
// JavaScript on this thread; on the main thread it would hold requests for as long.
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { spawnEmulatorThread } from '../ledger/producer/emulator-thread-spawn';

// the emulator thread first: it loads (its TypeScript, the emulator's WebAssembly) while this one
// loads the rest and opens the ledger
const emulator = spawnEmulatorThread();
const port = parentPort!;
const post = (m: import('./producer-thread-protocol').FromProducerThread) => port.postMessage(m);
const { config } = workerData as import('./producer-thread-protocol').ProducerThreadData;

const [{ openLedger }, { maskUrl, LedgerConnectionError }, { LedgerFileError }, { produce }, { LIVE_NICENESS }] =
  await Promise.all([
    import('../store/open-ledger'),
    import('../store/postgres/pg-location'),
    import('../store/sqlite/open-sqlite-store'),
    import('./produce'),
    import('../ledger/live'),
  ]);

try {
  const store = await openLedger(config.dbPath, { partitionSpan: config.partitionSpan });
  const production = await produce(config, store, maskUrl(config.dbPath), emulator, {
    onProgress: (progress) => post({ ev: 'progress', progress }),
    onWritten: () => post({ ev: 'written' }),
  });
  // History is made at full speed (nobody is served yet); live blocks yield the cores to the
  // serving thread. On Linux a thread has its own nice value: this lowers this thread's only.
  try {
    setPriority(0, Math.min(19, getPriority(0) + LIVE_NICENESS));
  } catch {
    // not permitted here: the thread keeps its priority
  }
  port.on('message', (m: import('./producer-thread-protocol').ToProducerThread) => {
    if (m.cmd === 'nudge') production.nudge();
    else
      void production
        .stop()
        .then(() => store.close())
        .then(() => {
          post({ ev: 'stopped' });
          port.close();
        });
  });
  post({ ev: 'ready' });
} catch (error) {
  const told = error instanceof LedgerFileError || error instanceof LedgerConnectionError;
  post({ ev: 'failed', message: told ? (error as Error).message : ((error as Error).stack ?? String(error)), told });
  await emulator.terminate();
  port.close();
}
