import { Worker } from 'node:worker_threads';

/**
 * Starts a producer's emulator thread (emulator-thread.ts). It begins loading at once, before it
 * knows its ledger (its TypeScript and the emulator's WebAssembly: about two seconds), and waits for
 * the producer's `start`: a process that will produce starts it first thing (src/main.ts), so that
 * the loading overlaps loading the service and opening the ledger.
 */
export function spawnEmulatorThread(): Worker {
  // The thread's live heap is ~50 MB, but V8 lets it grow to several hundred MB of garbage before
  // collecting; a cap keeps the whole producer under 1 GB (30,000 transactions: 1,092 -> 820 MB
  // peak, 294 -> 273 tx/s), far above what the thread ever holds alive.
  const resourceLimits = { maxOldGenerationSizeMb: 384 };
  return new Worker(new URL('./worker-entry.mjs', import.meta.url), { execArgv: [], resourceLimits });
}
