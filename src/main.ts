// The process entry (`npm start`). A process that produces starts its emulator thread first thing:
// the thread takes about two seconds to load (its TypeScript, the emulator's WebAssembly), and
// started here it loads while this thread loads the service and opens the ledger, instead of
// after (a restart is live that much sooner). Everything else is in service.ts.
import { ConfigError, readConfig } from './cli/config';
import { spawnEmulatorThread } from './ledger/producer/emulator-thread-spawn';
import { LedgerConnectionError } from './store/postgres/pg-location';

async function main(): Promise<void> {
  const config = readConfig();
  const thread = config.role === 'api' ? null : spawnEmulatorThread();
  const { run } = await import('./service');
  await run(config, thread);
}

main().catch(async (error: unknown) => {
  // what names a wrong setting or ledger is told as it is; anything else with its stack
  const { LedgerFileError } = await import('./store/sqlite/open-sqlite-store');
  if (error instanceof ConfigError || error instanceof LedgerFileError || error instanceof LedgerConnectionError) {
    process.stderr.write(`ledgerscope: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`ledgerscope: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
