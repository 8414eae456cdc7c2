// The emulator (@ton/sandbox's executor: the real TON transaction emulator, WebAssembly) as a reader
// worker holds it: ~22 MB and about a second to load, so it is imported on the first call, in the
// worker that needs it, never by the accepting thread. Get methods and message runs share it.

type Sandbox = typeof import('@ton/sandbox');

export interface LoadedExecutor {
  sandbox: Sandbox;
  run: import('@ton/sandbox').Executor;
}

let executor: Promise<LoadedExecutor> | null = null;
let loaded = false;

export function loadExecutor(): Promise<LoadedExecutor> {
  executor ??= import('@ton/sandbox').then(async (sandbox) => {
    const run = await sandbox.Executor.create();
    loaded = true;
    return { sandbox, run };
  });
  return executor;
}

/**
 * Resolves once the emulator is loaded (loading it on the first call). A caller may stop waiting
 * and the load goes on: the next call finds it done.
 */
export async function emulatorLoaded(): Promise<void> {
  await loadExecutor();
}

/** Whether the emulator is loaded in this thread (a call then waits for nothing but its run). */
export const emulatorReady = () => loaded;
