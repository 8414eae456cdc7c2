// The composition root (`npm start`, through main.ts): open the ledger, fill it when empty, produce
// live blocks while serving the API and the explorer. The only module that knows both the producer
// and the server.
// LEDGER_ROLE splits the two: one `producer` writes, any number of `api` processes serve the same
// ledger (a PostgreSQL database, or its replicas through LEDGER_DB_READ); `all` is both in one.
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Config } from './cli/config';
import { progressReporter } from './cli/progress';
import type { LedgerStore } from './store/interface';
import { openLedger } from './store/open-ledger';
import { maskUrl } from './store/postgres/pg-location';
import { createServer } from './server/app';
import { closeOnSignals } from './server/lifecycle';
import { generateInto } from './ledger/generate';
import { LiveProducer, wallClock } from './ledger/live';
import { faucetWallet, keptLocalWallets, listing } from './ledger/traffic/local-wallets';
import { toRaw } from './ton/address';
import { openInboundQueue } from './store/open-ledger';
import type { WalletListing } from './server/sending/send-routes';

/**
 * Told after each live block is in the store. When the service shares this process it nudges the
 * streaming follower, so subscribers hear of the block at once rather than at the next poll.
 */
let blockWritten: () => void = () => undefined;

/** The live producer of this process, once it runs: a message accepted here nudges it. */
let liveProducer: LiveProducer | null = null;

/** Sending needs a producer to take the messages: this process's (live), or another's (role api). */
const sendingOn = (config: Config) => config.send && (config.role === 'api' || config.live);

/**
 * Fills an empty ledger, then keeps producing (when live); answers a way to stop it. `thread`: the
 * emulator thread main.ts started early, for the producer to take (or to stop, when none runs).
 */
async function produce(
  config: Config,
  store: LedgerStore,
  name: string,
  thread: Worker | null,
): Promise<() => Promise<void>> {
  let live: LiveProducer | null = null;
  let stopping = false;
  const inbound = sendingOn(config) ? openInboundQueue(config.dbPath) : null;
  const options = { inbound, traffic: config.traffic, instant: config.instantBlocks };
  if ((await store.reader.latestMasterchainSeqno()) === null) {
    process.stderr.write(`${name} is empty: generating ${config.txs} transactions of history (seed ${config.seed})\n`);
    // the history ends now (or at LEDGER_EPOCH), where live blocks, dated by the wall clock, go on
    const r = await generateInto(store, {
      seed: config.seed,
      txs: config.txs,
      epoch: config.epoch ?? wallClock(),
      onProgress: progressReporter('generating'),
      keepRunning: config.live,
      thread: thread ?? undefined,
    });
    process.stderr.write(`history ready: ${r.transactions} transactions in ${r.seconds.toFixed(1)} s\n`);
    if (config.live && r.producer) {
      live = liveProducer = new LiveProducer(r.producer, options);
      live.start(() => blockWritten());
    }
  } else {
    process.stderr.write(
      `${name}: reusing the ledger (masterchain seqno ${await store.reader.latestMasterchainSeqno()})\n`,
    );
    if (!config.live) void thread?.terminate();
    if (config.live) {
      // The producer takes up its saved position in the background (a ledger of an older build,
      // without one, is replayed from the seed once, and saves its position as it goes).
      LiveProducer.resume(store, Number((await store.getMeta('seed')) ?? config.seed), thread ?? undefined, options)
        .then(async (resumed) => {
          if (stopping) return resumed.stop();
          live = liveProducer = resumed;
          resumed.start(() => blockWritten());
          const replayed = resumed.replayedSlots;
          process.stderr.write(
            `live production resumed at masterchain seqno ${await store.reader.latestMasterchainSeqno()}${replayed ? ` (${replayed} slots replayed)` : ''}\n`,
          );
        })
        .catch((error: unknown) =>
          process.stderr.write(
            `live production cannot resume: ${(error as Error).message}; the ledger stays as it is\n`,
          ),
        );
    }
  }
  return async () => {
    stopping = true;
    await live?.stop();
    await inbound?.close();
  };
}

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

async function serve(config: Config, cleanup: () => Promise<void>): Promise<void> {
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
            onAccepted: () => liveProducer?.nudge(),
            takenWithinMs: Math.max(config.limits.queryTimeoutMs, 3000),
          },
        }
      : {}),
    webRoot: join(process.cwd(), 'dist', 'web'),
    log: true,
  });
  blockWritten = () => app.ledgerStream.nudge();
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

/** Runs the process as `config.role` says; `thread`: the emulator thread, started when the role produces. */
export async function run(config: Config, thread: Worker | null): Promise<void> {
  const name = maskUrl(config.dbPath);
  if (config.role === 'api') {
    // the ledger must be there and of this version before the first request; the service then
    // opens its own read-only connections to it
    const check = await openLedger(config.readLocation ?? config.dbPath, { readonly: true });
    await check.close();
    await serve(config, async () => undefined);
    return;
  }
  const store = await openLedger(config.dbPath, { partitionSpan: config.partitionSpan });
  const stop = await produce(config, store, name, thread);
  const cleanup = async () => {
    await stop();
    await store.close();
  };
  if (config.role === 'all') return serve(config, cleanup);
  process.stderr.write(
    `ledgerscope: producer writing ${name} ${config.live ? '(producing live blocks)' : '(live production off)'}\n`,
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
