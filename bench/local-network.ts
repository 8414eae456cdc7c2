// The local network as a developer meets it: `npm run bench -- local-network`.
// 1. Start: `npm start`'s entry (its own process, as `npm start` runs it after building the explorer)
//    on an empty ledger (LOCAL_TXS, default 3,000 asked) until a first transfer is accepted; then
//    stopped and started again on the same ledger until the next one is.
// 2. Latency: LOCAL_TRANSFERS wallet transfers one after another, each from `sendBoc`'s answer to
//    its whole trace complete in the API (polled every 10 ms), p50 and p99.
// 2b. Emulation: a wallet transfer's emulated trace and a 100-transaction fan-out's, p50 on warm workers.
// 3. Load: LOCAL_CLIENTS clients sending LOCAL_RATE messages a second in all for LOCAL_SECONDS, each
//    from wallets of its own (funded by the faucet first), while a reader in a process of its own
//    asks light queries on 4 connections, LOCAL_LIGHT_RATE a second in all (default 100; 0: as fast
//    as they come); the light queries' p99 under that load against their p99 without it, in one run.
// Prints one JSON line, with the load average beside the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address, beginCell, external, internal, storeMessage, toNano } from '@ton/core';
import { keyPairFromSeed, mnemonicToWalletKey } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { createHash } from 'node:crypto';
import { defaultLimits } from '../src/server/limits';
import { fanOutMessage } from './tools/fan-out-message';

const PORT = Number(process.env.BENCH_PORT ?? 8293);
const TXS = process.env.LOCAL_TXS ?? '3000';
const TRANSFERS = Number(process.env.LOCAL_TRANSFERS ?? 40);
const CLIENTS = Number(process.env.LOCAL_CLIENTS ?? 10);
const RATE = Number(process.env.LOCAL_RATE ?? 100);
const SECONDS = Number(process.env.LOCAL_SECONDS ?? 10);
/** Light lookups a second the probe asks, in all (0: as fast as they are answered). */
const LIGHT_RATE = Number(process.env.LOCAL_LIGHT_RATE ?? 100);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-local-bench-'));
const db = join(dir, 'ledger.db');

let server: ChildProcess | null = null;
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    // the bench's clients share one address: the per-client bounds (sends a second; heavy requests,
    // which a send's check is, waiting and on workers) are raised to the server's own, so that it
    // measures the network as ten clients of ten addresses meet it
    env: {
      ...process.env,
      LEDGER_DB: db,
      LEDGER_TXS: TXS,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LEDGER_SEND: 'on',
      API_SENDS_PER_SECOND: '10000',
      API_MAX_HEAVY_PER_CLIENT: String(defaultLimits().maxInflight),
      API_HEAVY_WORKERS_PER_CLIENT: String(defaultLimits().workers),
      FAUCET_TON_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
}

interface Wallet {
  contract: WalletContractV4;
  secretKey: Buffer;
  seqno: number;
}

async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

/** The wallet's next transfer as an external message: its BOC and hash; the seqno moves on. */
function transfer(w: Wallet, to: Address, value = toNano('0.01')) {
  const body = w.contract.createTransfer({
    seqno: w.seqno,
    secretKey: w.secretKey,
    messages: [internal({ to, value, bounce: false })],
  });
  const cell = beginCell()
    .store(storeMessage(external({ to: w.contract.address, init: w.seqno === 0 ? w.contract.init : undefined, body })))
    .endCell();
  w.seqno += 1;
  return { boc: cell.toBoc().toString('base64'), hash: cell.hash() };
}

async function traceComplete(hash: Buffer, timeoutMs = 30_000): Promise<void> {
  const id = encodeURIComponent(hash.toString('base64'));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const r = await fetch(`${base}/api/v3/traces?msg_hash=${id}`);
    if (r.status === 200 && ((await r.json()) as { traces: unknown[] }).traces.length === 1) return;
    await sleep(10);
  }
  throw new Error(`the trace of ${hash.toString('hex')} did not complete`);
}

async function listed(): Promise<Wallet[]> {
  for (;;) {
    try {
      const r = await fetch(`${base}/api/local/wallets`);
      if (r.status === 200) {
        const { wallets } = (await r.json()) as { wallets: { version: string; mnemonic: string }[] };
        return Promise.all(
          wallets
            .filter((w) => w.version === 'v4r2')
            .map(async (w) => {
              const k = await mnemonicToWalletKey(w.mnemonic.split(' '));
              return {
                contract: WalletContractV4.create({ workchain: 0, publicKey: k.publicKey }),
                secretKey: k.secretKey,
                seqno: 0,
              };
            }),
        );
      }
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

async function seqnoOf(w: Wallet): Promise<number> {
  const r = await post('/api/v2/runGetMethod', { address: w.contract.address.toString(), method: 'seqno', stack: [] });
  const result = r.json.result as { exit_code: number; stack: [string, string][] } | undefined;
  return result && result.exit_code === 0 ? Number(result.stack[0]![1]) : 0;
}

/** Until a first transfer of wallet 0 is accepted: ms since `t0` (then waits for its trace). */
async function firstAccepted(t0: number): Promise<number> {
  const [w, to] = await listed();
  for (;;) {
    w!.seqno = await seqnoOf(w!);
    const m = transfer(w!, to!.contract.address);
    const r = await post('/api/v2/sendBoc', { boc: m.boc });
    if (r.status === 200) {
      const ms = Date.now() - t0;
      await traceComplete(m.hash);
      return ms;
    }
    await sleep(50);
  }
}

// 1. first start, later start
let t0 = Date.now();
server = start();
const firstStartMs = await firstAccepted(t0);
server.kill('SIGTERM');
await new Promise((r) => server!.once('exit', r));
await sleep(1000);
t0 = Date.now();
server = start();
const laterStartMs = await firstAccepted(t0);

// 2. latency, one transfer after another
const wallets = await listed();
for (const w of wallets) w.seqno = await seqnoOf(w);
const latencies: number[] = [];
for (let i = 0; i < TRANSFERS; i++) {
  const from = wallets[i % wallets.length]!;
  const to = wallets[(i + 1) % wallets.length]!;
  const m = transfer(from, to.contract.address);
  const r = await post('/api/v2/sendBoc', { boc: m.boc });
  if (r.status !== 200) throw new Error(`transfer ${i}: ${r.status} ${JSON.stringify(r.json)}`);
  const sent = Date.now();
  await traceComplete(m.hash);
  latencies.push(Date.now() - sent);
}

// 2b. emulation: a wallet transfer's trace to come, and a 100-transaction fan-out's (a v5r1 wallet
// sending 99 messages), each asked EMULATE_RUNS times on warm workers
const EMULATE_RUNS = Number(process.env.LOCAL_EMULATE_RUNS ?? 30);
async function emulateTimes(boc: string, runs: number): Promise<{ ms: number[]; transactions: number }> {
  const ms: number[] = [];
  let transactions = 0;
  for (let i = 0; i < runs + 3; i++) {
    const t = performance.now();
    const r = await post('/api/emulate/v1/emulateTrace', { boc });
    if (r.status !== 200) throw new Error(`emulateTrace: ${r.status} ${JSON.stringify(r.json)}`);
    transactions = Object.keys(r.json.transactions as object).length;
    // the first runs warm the workers' emulators
    if (i >= 3) ms.push(performance.now() - t);
  }
  return { ms, transactions };
}
const transferEmulation = await emulateTimes(transfer(wallets[0]!, wallets[1]!.contract.address).boc, EMULATE_RUNS);
wallets[0]!.seqno -= 1;
const fanBoc = await fanOutMessage(
  (
    (await (await fetch(`${base}/api/local/wallets`)).json()) as { wallets: { version: string; mnemonic: string }[] }
  ).wallets.find((w) => w.version === 'v5r1')!.mnemonic,
);
const fanEmulation = await emulateTimes(fanBoc, Math.max(5, Math.floor(EMULATE_RUNS / 3)));

// 3. load: wallets of the clients' own, funded by the faucet; one message per wallet every two
// seconds (a wallet's next message is refused until its last is in a block: its seqno)
const perClient = Math.ceil(RATE / CLIENTS);
const walletsPerClient = perClient * 2;
const own: Wallet[][] = [];
for (let c = 0; c < CLIENTS; c++) {
  own.push(
    Array.from({ length: walletsPerClient }, (_, i) => {
      const k = keyPairFromSeed(createHash('sha256').update(`bench-wallet:${c}:${i}`).digest());
      return {
        contract: WalletContractV4.create({ workchain: 0, publicKey: k.publicKey }),
        secretKey: k.secretKey,
        seqno: 0,
      };
    }),
  );
}
for (const w of own.flat()) {
  const r = await post('/api/local/faucet', {
    address: w.contract.address.toString({ bounceable: false }),
    amount: '5',
  });
  if (r.status !== 200 && r.status !== 202) throw new Error(`faucet: ${r.status} ${JSON.stringify(r.json)}`);
}
await sleep(3000);

const lightPaths = [
  '/api/v3/masterchainInfo',
  `/api/v2/getAddressBalance?address=${wallets[0]!.contract.address.toRawString()}`,
  '/api/v3/transactions?limit=1',
];
/** Light queries' latencies from a client in a process of its own (bench/tools/light-probe.ts). */
function lightLatencies(ms: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const probe = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/tools/light-probe.ts', base, String(ms), '4', String(LIGHT_RATE), ...lightPaths],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    probe.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    probe.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(text) as number[]) : reject(new Error(`light probe exited ${code}`)),
    );
  });
}

const quiet = await lightLatencies(SECONDS * 1000 - 1000);
let accepted = 0;
let refused = 0;
/** The answers other than 200, by status (409: a wallet's last message not in a block yet; 429; 503). */
const refusedBy: Record<string, number> = {};
const hashes: Buffer[] = [];
const sending = Promise.all(
  own.map(async (mine, c) => {
    const until = Date.now() + SECONDS * 1000;
    for (let i = 0; Date.now() < until; i++) {
      const next = Date.now() + 1000 / perClient;
      const w = mine[i % mine.length]!;
      const m = transfer(w, own[(c + 1) % own.length]![0]!.contract.address, toNano('0.001'));
      const r = await post('/api/v2/sendBoc', { boc: m.boc });
      if (r.status === 200) {
        accepted += 1;
        hashes.push(m.hash);
      } else {
        refused += 1;
        refusedBy[r.status] = (refusedBy[r.status] ?? 0) + 1;
        w.seqno -= 1;
      }
      await sleep(Math.max(0, next - Date.now()));
    }
  }),
);
// the probe's process takes some hundreds of ms to load: it asks for a second less than the load lasts
const [loaded] = await Promise.all([lightLatencies(SECONDS * 1000 - 1000), sending]);
let included = 0;
for (const h of hashes) {
  try {
    await traceComplete(h, 20_000);
    included += 1;
  } catch {
    // counted as not included
  }
}
server.kill('SIGTERM');
await new Promise((r) => server!.once('exit', r));
server = null;

const p = (xs: number[], q: number) => Math.round(percentile(xs, q) * 100) / 100;
console.log(
  JSON.stringify({
    bench: 'local-network',
    ledger_txs_asked: Number(TXS),
    first_start_to_accepted_send_ms: firstStartMs,
    later_start_to_accepted_send_ms: laterStartMs,
    transfer_to_complete_trace_ms: { n: latencies.length, p50: p(latencies, 50), p99: p(latencies, 99) },
    emulate_transfer_ms: {
      n: transferEmulation.ms.length,
      transactions: transferEmulation.transactions,
      p50: p(transferEmulation.ms, 50),
    },
    emulate_fan_out_ms: {
      n: fanEmulation.ms.length,
      transactions: fanEmulation.transactions,
      p50: p(fanEmulation.ms, 50),
    },
    load: {
      clients: CLIENTS,
      sends_per_second_offered: RATE,
      seconds: SECONDS,
      accepted,
      refused,
      refused_by_status: refusedBy,
      included,
      accepted_per_second: Math.round((accepted / SECONDS) * 10) / 10,
      light_p99_quiet_ms: p(quiet, 99),
      light_p99_loaded_ms: p(loaded, 99),
      light_p99_ratio: Math.round((percentile(loaded, 99) / percentile(quiet, 99)) * 100) / 100,
      light_requests: { rate_asked: LIGHT_RATE, quiet: quiet.length, loaded: loaded.length },
    },
    loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
  }),
);
process.exit(0);
