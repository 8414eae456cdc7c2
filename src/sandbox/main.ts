// `npm run sandbox`: the explorer and the API over a ledger of @ton/sandbox test runs, received live
// on sandbox's UI protocol (docs/sandbox.md). Nothing is produced here: every block is a frame a
// test process sent.
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../cli/config';
import { createServer } from '../server/app';
import { closeOnSignals } from '../server/lifecycle';
import { LedgerFileError, openSqliteStore } from '../store/sqlite/open-sqlite-store';
import { readSandboxConfig } from './config';
import { ActonImporter } from './acton-import';
import { Ingestor } from './ingest';
import { PortInUseError, startReceiver } from './receiver';
import { holdsProducedLedger } from './run-store';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** `--import <folder>`: Acton's trace bundles to import and watch (docs/sandbox.md). */
function importFolder(argv: string[]): string | null {
  const at = argv.indexOf('--import');
  if (at === -1) return null;
  const folder = argv[at + 1];
  if (!folder || folder.startsWith('--')) throw new ConfigError('--import needs a folder (Acton writes build/traces)');
  return folder;
}

/**
 * Lowers this process's priority before any thread is started (Linux sets it per thread, and the
 * threads started later inherit it: the reader threads, the API's readers).
 */
function yieldToTests(nice: number): void {
  if (nice === 0) return;
  try {
    setPriority(nice);
  } catch (error) {
    log(
      `ledgerscope: SANDBOX_NICE=${nice}: the priority could not be lowered (${(error as Error).message}); running as is`,
    );
  }
}

async function main(): Promise<void> {
  const config = readSandboxConfig();
  yieldToTests(config.nice);
  const folder = importFolder(process.argv.slice(2));
  const { service } = config;
  if (holdsProducedLedger(service.dbPath)) {
    throw new LedgerFileError(
      service.dbPath,
      'holds a ledger the producer made, not sandbox runs; set LEDGER_DB to another file (default data/sandbox.db)',
    );
  }
  const store = openSqliteStore(service.dbPath);
  let app: Awaited<ReturnType<typeof createServer>> | null = null;
  const ingestor = await Ingestor.open(store, {
    log,
    onStored: () => app?.ledgerStream.nudge(),
    readers: config.readers,
  });
  let receiver;
  try {
    receiver = await startReceiver(ingestor, {
      host: config.wsHost,
      port: config.wsPort,
      maxFrameBytes: config.maxFrameBytes,
      log,
    });
  } catch (error) {
    store.close();
    throw error;
  }
  app = await createServer({
    location: service.dbPath,
    limits: service.limits,
    streaming: service.streaming,
    trustProxy: service.trustProxy,
    webRoot: join(process.cwd(), 'dist', 'web'),
    log: true,
  });
  try {
    await app.listen({ port: service.port, host: service.host });
  } catch (error) {
    await receiver.close();
    await app.close();
    store.close();
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') throw new PortInUseError(`PORT ${service.port} of ${service.host} is in use`);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : service.port;
  log(`ledgerscope: explorer and API at http://${service.host}:${port}/ (sandbox test runs, ledger ${service.dbPath})`);
  log(`ledgerscope: receiving sandbox test runs at ws://${config.wsHost}:${receiver.port}`);
  let importer: ActonImporter | null = null;
  if (folder) {
    try {
      importer = new ActonImporter(folder, ingestor, log);
    } catch (error) {
      await receiver.close();
      await app.close();
      store.close();
      throw new ConfigError((error as Error).message);
    }
    importer.watch();
    log(`ledgerscope: importing Acton trace bundles from ${folder}, and watching it`);
    await importer.importAll();
  }
  closeOnSignals(app, async () => {
    importer?.close();
    await importer?.idle();
    await receiver.close();
    await ingestor.close();
    store.close();
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof LedgerFileError || error instanceof PortInUseError) {
    log(`ledgerscope: ${error.message}`);
    process.exit(1);
  }
  log(`ledgerscope: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
