// A test process of someone's contracts, for the receiver's tests: @ton/sandbox with its UI on, sending
// to SANDBOX_WEBSOCKET_ADDR. Funds the treasury named by argv[2] and the treasury `shared`, then
// sends `shared` three transfers; prints each run's transactions (hash, parent hash, children
// hashes) as one JSON line per run on stdout. SANDBOX_NOW fixes the chain's clock.
import WebSocket from 'ws';
import { toNano } from '@ton/core';
import { Blockchain, type BlockchainTransaction } from '@ton/sandbox';

const seed = process.argv[2] ?? 'first';
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
// sandbox names the test from jest's global `expect` (and throws where there is none): this process's
(globalThis as { expect?: unknown }).expect ??= {
  getState: () => ({ testId: undefined, currentTestName: `test process ${seed}`, testPath: import.meta.filename }),
};
const chain = await Blockchain.create({ uiOptions: { enabled: true } });
if (process.env.SANDBOX_NOW) chain.now = Number(process.env.SANDBOX_NOW);
const describe = (txs: BlockchainTransaction[]) =>
  txs.map((t) => ({
    hash: t.hash().toString('hex'),
    parent: t.parent ? t.parent.hash().toString('hex') : null,
    children: t.children.map((c) => c.hash().toString('hex')),
  }));
const a = await chain.treasury(seed);
const b = await chain.treasury('shared');
for (let i = 0; i < 3; i++) {
  const r = await a.send({ to: b.address, value: toNano('1') + BigInt(i), bounce: false });
  process.stdout.write(`${JSON.stringify(describe(r.transactions))}\n`);
}
// sandbox sends without waiting: give the last frames' sockets time to finish before exiting
await new Promise((resolve) => setTimeout(resolve, 500));
