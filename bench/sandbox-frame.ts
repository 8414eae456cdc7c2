// A large sandbox frame, stored and listed: `npm run bench -- sandbox-frame`. The target (issue 23):
// a frame of 1,000 transactions with verbose VM logs is stored and listed ≤ 2 s after it arrives.
// Frames are made by real @ton/sandbox runs (a forwarder fanning out WIDTH messages DEPTH levels
// down, `vm_logs_full`, storage recorded) captured on a WebSocket of this process, then sent one at
// a time to a running `npm run sandbox` (its own process, a fresh ledger): from the last byte sent
// to the receiver's answer (stored), and to `/api/sandbox/runs?seqno=N` listing the run with all its
// transactions (listed). Each frame is another forwarder's tree, so none is a repeat. Prints one
// JSON line. BENCH_WIDTH, BENCH_DEPTH (default 10 and 3: 1,111 transactions a frame), BENCH_FRAMES (3).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { compileContracts } from '../src/ledger/contracts/compile';
import { Forwarder, MetaMap } from '../src/sandbox/test-support/contracts';
import { startReceiverProcess } from '../src/sandbox/test-support/receiver-process';

const WIDTH = Number(process.env.BENCH_WIDTH ?? 10);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 3);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 3);
const TARGET_MS = 2000;

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
(globalThis as { expect?: unknown }).expect = {
  getState: () => ({ testId: undefined, currentTestName: 'bench: a large frame', testPath: import.meta.filename }),
};

/** Runs the fan-outs under sandbox with its UI on, and keeps the frame of each (the largest a run sends). */
async function makeFrames(): Promise<{ text: string; transactions: number }[]> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const received: string[] = [];
  server.on('connection', (ws) => ws.on('message', (data) => received.push(String(data))));
  const { port } = server.address() as { port: number };
  process.env.SANDBOX_WEBSOCKET_ADDR = `ws://127.0.0.1:${port}`;
  const code = await compileContracts();
  const chain = await Blockchain.create({ uiOptions: { enabled: true }, meta: new MetaMap() });
  chain.recordStorage = true;
  chain.verbosity = { print: false, blockchainLogs: true, vmLogs: 'vm_logs_full', debugLogs: true };
  const sender = await chain.treasury('bench');
  const frames: { text: string; transactions: number }[] = [];
  for (let i = 0; i < FRAMES; i++) {
    const forwarder = chain.openContract(Forwarder.fromCode(code.forwarder, BigInt(1000 + i)));
    const value = toNano('0.2') * BigInt(WIDTH + 1) ** BigInt(DEPTH + 1);
    const ran = (await forwarder.sendFan(sender.getSender(), value, WIDTH, DEPTH)).transactions.length;
    // sandbox sends without waiting, a connection a frame: wait for this run's (as many transactions)
    type Frame = { transactions: { transactions: { vmLogs?: string }[] } };
    const count = (t: string) => (JSON.parse(t) as Frame).transactions.transactions.length;
    const deadline = Date.now() + 60_000;
    let text: string | undefined;
    while (!(text = received.find((t) => count(t) === ran)) && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 20));
    if (!text) throw new Error(`no frame of ${ran} transactions arrived for run ${i}`);
    received.length = 0;
    const sent = (JSON.parse(text) as Frame).transactions.transactions;
    frames.push({ text, transactions: sent.length });
    const vm = sent.reduce((n, t) => n + (t.vmLogs?.length ?? 0), 0);
    console.error(`# frame ${i}: ${sent.length} transactions, ${text.length} bytes, VM logs ${vm} bytes`);
  }
  await new Promise((resolve) => server.close(resolve));
  return frames;
}

/** Sends a frame as sandbox does and waits for the receiver's answer: the time it took, and its seqno. */
async function send(ws: string, text: string): Promise<{ sentAt: number; storedAt: number; seqno: number }> {
  const socket = new WebSocket(ws);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return new Promise((resolve, reject) => {
    let sentAt = 0;
    socket.once('message', (data) => {
      const storedAt = performance.now();
      const answer = JSON.parse(String(data)) as { stored: boolean; seqno?: number; reason?: string };
      socket.close();
      if (!answer.stored) reject(new Error(`frame refused: ${answer.reason}`));
      else resolve({ sentAt, storedAt, seqno: answer.seqno! });
    });
    socket.send(text, (error) => {
      if (error) reject(error);
      sentAt = performance.now();
    });
  });
}

async function main() {
  const frames = await makeFrames();
  const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-bench-sandbox-'));
  const recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') });
  const results: { transactions: number; bytes: number; stored_ms: number; listed_ms: number }[] = [];
  try {
    for (const f of frames) {
      const { sentAt, storedAt, seqno } = await send(recv.ws, f.text);
      console.error(`# stored at seqno ${seqno}`);
      for (;;) {
        const res = await fetch(`${recv.api}/api/sandbox/runs?seqno=${seqno}`);
        if (res.ok) {
          const body = (await res.json()) as { runs: { transactions: unknown[] }[] };
          if (body.runs[0]?.transactions.length === f.transactions) break;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      const listedAt = performance.now();
      results.push({
        transactions: f.transactions,
        bytes: Buffer.byteLength(f.text),
        stored_ms: Math.round(storedAt - sentAt),
        listed_ms: Math.round(listedAt - sentAt),
      });
    }
  } finally {
    await recv.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const worst = Math.max(...results.map((r) => r.listed_ms));
  console.log(
    JSON.stringify({
      bench: 'sandbox-frame',
      width: WIDTH,
      depth: DEPTH,
      frames: results,
      worst_listed_ms: worst,
      target_ms: TARGET_MS,
      within_target: worst <= TARGET_MS,
    }),
  );
}

await main();
