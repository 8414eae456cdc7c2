// A real frame of @ton/sandbox for the tests: a forwarder fanning out (width × depth, deploying
// its children), verbose VM logs, storage recorded, captured on a socket of the test's process.
import { expect } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { compileContracts } from '../../ledger/contracts/compile';
import { Forwarder, MetaMap } from './contracts';

(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
// sandbox names the test sending a frame from jest's (here vitest's) expect
(globalThis as { expect?: unknown }).expect ??= expect;

/** The frame sandbox sends for one fan-out (width × depth), captured on a socket of this process. */
export async function fanOutFrame(width: number, depth: number): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const received: string[] = [];
  server.on('connection', (ws) => ws.on('message', (data) => received.push(String(data))));
  const before = process.env.SANDBOX_WEBSOCKET_ADDR;
  process.env.SANDBOX_WEBSOCKET_ADDR = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const code = await compileContracts();
    const chain = await Blockchain.create({ uiOptions: { enabled: true }, meta: new MetaMap() });
    chain.recordStorage = true;
    chain.verbosity = { print: false, blockchainLogs: true, vmLogs: 'vm_logs_full', debugLogs: true };
    const sender = await chain.treasury('readers');
    const forwarder = chain.openContract(Forwarder.fromCode(code.forwarder, 77n));
    const value = toNano('0.2') * BigInt(width + 1) ** BigInt(depth + 1);
    const ran = (await forwarder.sendFan(sender.getSender(), value, width, depth)).transactions.length;
    const count = (t: string) =>
      (JSON.parse(t) as { transactions: { transactions: unknown[] } }).transactions.transactions.length;
    const deadline = Date.now() + 30_000;
    let text: string | undefined;
    while (!(text = received.find((t) => count(t) === ran)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    if (!text) throw new Error(`no frame of ${ran} transactions arrived`);
    return text;
  } finally {
    if (before === undefined) delete process.env.SANDBOX_WEBSOCKET_ADDR;
    else process.env.SANDBOX_WEBSOCKET_ADDR = before;
    await new Promise((resolve) => server.close(resolve));
  }
}
