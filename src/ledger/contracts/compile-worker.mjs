// Runs the FunC compiler in a worker thread: its WASM keeps ~200 MB once loaded, which the producer
// would otherwise carry for its whole life. The worker compiles every target, posts the code BOCs
// (base64) back, and exits, taking the compiler's memory with it.
import { parentPort, workerData } from 'node:worker_threads';
import { compileFunc } from '@ton-community/func-js';

const { sources, targets } = workerData;
const out = {};
for (const [name, target] of Object.entries(targets)) {
  const result = await compileFunc({ targets: [target], sources });
  if (result.status === 'error') {
    parentPort.postMessage({ error: `FunC compilation of ${target} failed: ${result.message}` });
    process.exit(0);
  }
  out[name] = result.codeBoc;
}
parentPort.postMessage({ code: out });
