// The process entry (`npm start`). A process that produces starts its producer thread first thing
// (which starts its emulator thread at once): they take about two seconds to load (their
// TypeScript, the emulator's WebAssembly), and started here they load while this thread loads the
// service, instead of after (a restart is live that much sooner). Everything else is in service.ts.
import { ConfigError, readConfig } from './cli/config';
import { ProducerStartError, ProducerThread } from './cli/producer-thread';
import { LedgerConnectionError } from './store/postgres/pg-location';

async function main(): Promise<void> {
  const config = readConfig();
  const producer = config.role === 'api' ? null : ProducerThread.spawn(config);
  const { run } = await import('./service');
  await run(config, producer);
}

main().catch(async (error: unknown) => {
  // what names a wrong setting or ledger is told as it is; anything else with its stack
  const { LedgerFileError } = await import('./store/sqlite/open-sqlite-store');
  if (error instanceof ProducerStartError) {
    // told in the producer thread's words (its stack, when it is not a setting's or a ledger's fault)
    process.stderr.write(`ledgerscope: ${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof ConfigError || error instanceof LedgerFileError || error instanceof LedgerConnectionError) {
    process.stderr.write(`ledgerscope: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`ledgerscope: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
