// The composition root (`npm start`, through main.ts): serve the API and the explorer over the
// ledger that the producer thread (cli/producer-thread.ts) opens, fills when empty and extends
// with live blocks. The only module that knows both the producer and the server.
// LEDGER_ROLE splits the two: one `producer` writes, any number of `api` processes serve the same
// ledger (a PostgreSQL database, or its replicas through LEDGER_DB_READ); `all` is both in one.
import { join } from 'node:path';
import type { Config } from './cli/config';
import { sendingOn } from './cli/produce';
import type { ProducerThread } from './cli/producer-thread';
import { openLedger } from './store/open-ledger';
import { maskUrl } from './store/postgres/pg-location';
import { createServer } from './server/app';
import { closeOnSignals } from './server/lifecycle';
import { faucetWallet, keptLocalWallets, listing } from './ledger/traffic/local-wallets';
import { toRaw } from './ton/address';
import type { WalletListing } from './server/sending/send-routes';

/** The pre-funded wallets of the ledger's seed, as the server lists them. */
async function walletListing(config: Config): Promise<{ wallets: WalletListing[]; faucet: string }> {
  const store = await openLedger(config.readLocation ?? config.dbPath, { readonly: true });
  try {
    const seed = Number((await store.getMeta('seed')) ?? config.seed);
    // kept in the ledger's metadata by the producer (derived here when it has not kept them yet)
    const wallets = await keptLocalWallets(seed, { getMeta: (key) => store.getMeta(key) });
    return { wallets: wallets.map(listing), faucet: toRaw(faucetWallet(seed).address) };
  } finally {
    await store.close();
  }
}

async function serve(config: Config, producer: ProducerThread | null, cleanup: () => Promise<void>): Promise<void> {
  const location = config.readLocation ?? config.dbPath;
  const wallets = sendingOn(config) ? walletListing(config) : null;
  // a failure to list them is told when the list is asked for, not as an unhandled rejection
  wallets?.catch(() => undefined);
  const app = await createServer({
    location,
    limits: config.limits,
    streaming: config.streaming,
    trustProxy: config.trustProxy,
    ...(wallets
      ? {
          sending: {
            apiKey: config.sendKey,
            sendsPerSecond: config.sendsPerSecond,
            location: config.dbPath,
            wallets: wallets.then((w) => w.wallets),
            faucet: {
              address: wallets.then((w) => w.faucet),
              maxPerRequest: BigInt(config.faucetMaxTon) * 1_000_000_000n,
              perClientHour: BigInt(config.faucetTonPerHour) * 1_000_000_000n,
            },
            onAccepted: () => producer?.nudge(),
            takenWithinMs: Math.max(config.limits.queryTimeoutMs, 3000),
          },
        }
      : {}),
    webRoot: join(process.cwd(), 'dist', 'web'),
    log: true,
  });
  // subscribers hear of a live block at once rather than at the streaming follower's next poll
  producer?.onWritten(() => app.ledgerStream.nudge());
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const what =
    config.role === 'api'
      ? `reading ${maskUrl(location)}`
      : config.live
        ? '(producing live blocks)'
        : '(live production off)';
  process.stderr.write(`ledgerscope: explorer and API at http://${config.host}:${port}/ ${what}\n`);
  if (wallets) printWallets((await wallets).wallets, `http://${config.host}:${port}`);
  else if (config.send && !config.live)
    process.stderr.write('ledgerscope: sending is off: live production is off, so no block would take a message\n');
  closeOnSignals(app, cleanup);
}

/** The local network's pre-funded wallets, for a developer to copy (sending on: a local network). */
function printWallets(wallets: WalletListing[], base: string): void {
  const lines = wallets.map((w, i) => `  ${i + 1}. ${w.version}  ${w.friendly}\n     ${w.mnemonic}`);
  process.stderr.write(
    `ledgerscope: a local network: send to ${base}/api/v2/jsonRPC (TonClient, tonweb, blueprint run --custom); pre-funded wallets (WALLET_VERSION, address, WALLET_MNEMONIC), also at ${base}/api/local/wallets:\n${lines.join('\n')}\n`,
  );
}

/**
 * Runs the process as `config.role` says; `producer`: the producer thread main.ts started (roles
 * `all` and `producer`), which opens the ledger, fills it when empty and makes live blocks.
 */
export async function run(config: Config, producer: ProducerThread | null): Promise<void> {
  if (!producer) {
    // role api: the ledger must be there and of this version before the first request; the
    // service then opens its own read-only connections to it
    const check = await openLedger(config.readLocation ?? config.dbPath, { readonly: true });
    await check.close();
    await serve(config, null, async () => undefined);
    return;
  }
  await producer.ready;
  const cleanup = () => producer.stop();
  if (config.role === 'all') return serve(config, producer, cleanup);
  process.stderr.write(
    `ledgerscope: producer writing ${maskUrl(config.dbPath)} ${config.live ? '(producing live blocks)' : '(live production off)'}\n`,
  );
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    process.stderr.write(`${signal}: finishing the block in progress, then closing the store\n`);
    cleanup().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
