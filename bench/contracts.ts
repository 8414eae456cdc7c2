// Our contracts alone, in @ton/sandbox: `npm run bench -- contracts`. Times compiling every contract
// from source (FunC WASM, in a worker thread) and, per scenario, the transactions of one trace, the
// gas its compute phases used and the wall time the emulator took. Prints one JSON line.
import { performance } from 'node:perf_hooks';
import { Blockchain, type BlockchainTransaction } from '@ton/sandbox';
import { contractAddress, toNano } from '@ton/core';
import { compileContracts } from '../src/ledger/contracts/compile';
import {
  jettonBurnBody,
  jettonMintBody,
  jettonMinterData,
  jettonTransferBody,
  jettonWalletAddress,
} from '../src/ledger/contracts/jetton';
import { nftCollectionData, nftItemAddress, nftMintBody, nftTransferBody } from '../src/ledger/contracts/nft';
import { chainBody, fanBody, forwarderAddress, forwarderInit, throwBody } from '../src/ledger/contracts/test-contracts';
import { commentCell } from '../src/ton/comment';

type Figure = { txs: number; gas: number; ms: number };
const out: Record<string, number | Figure> = {};

async function measure(name: string, run: () => Promise<{ transactions: BlockchainTransaction[] }>): Promise<void> {
  const t0 = performance.now();
  const { transactions } = await run();
  const ms = performance.now() - t0;
  let gas = 0n;
  for (const tx of transactions) {
    const d = tx.description;
    if (d.type === 'generic' && d.computePhase.type === 'vm') gas += d.computePhase.gasUsed;
  }
  out[name] = { txs: transactions.length, gas: Number(gas), ms: Math.round(ms * 10) / 10 };
}

const t0 = performance.now();
const code = await compileContracts();
out.compileMs = Math.round(performance.now() - t0);

const chain = await Blockchain.create();
const admin = await chain.treasury('admin');
const alice = await chain.treasury('alice');
const bob = await chain.treasury('bob');

const minterInit = {
  code: code.jettonMinter,
  data: jettonMinterData({
    admin: admin.address,
    metadata: { name: 'Bench', symbol: 'B', decimals: '9' },
    walletCode: code.jettonWallet,
  }),
};
const minter = contractAddress(0, minterInit);
await admin.send({ to: minter, value: toNano('1'), init: minterInit, bounce: false });
const aliceWallet = jettonWalletAddress(minter, alice.address, code.jettonWallet);

await measure('jettonMint', () =>
  admin.send({
    to: minter,
    value: toNano('0.2'),
    body: jettonMintBody({
      queryId: 1n,
      to: alice.address,
      amount: 1000n,
      forwardTonAmount: 0n,
      totalTonAmount: toNano('0.1'),
    }),
  }),
);
await measure('jettonTransfer', () =>
  alice.send({
    to: aliceWallet,
    value: toNano('0.2'),
    body: jettonTransferBody({
      queryId: 2n,
      amount: 100n,
      destination: bob.address,
      responseDestination: alice.address,
      forwardTonAmount: toNano('0.01'),
      comment: 'bench',
    }),
  }),
);
await measure('jettonBurn', () =>
  alice.send({
    to: aliceWallet,
    value: toNano('0.1'),
    body: jettonBurnBody({ queryId: 3n, amount: 100n, responseDestination: alice.address }),
  }),
);
await measure('jettonTransferRefused', () =>
  alice.send({
    to: aliceWallet,
    value: toNano('0.2'),
    body: jettonTransferBody({
      queryId: 4n,
      amount: 10n ** 9n,
      destination: bob.address,
      responseDestination: alice.address,
      forwardTonAmount: 0n,
    }),
  }),
);

const collInit = {
  code: code.nftCollection,
  data: nftCollectionData({ owner: admin.address, metadata: { name: 'Bench NFTs' }, itemCode: code.nftItem }),
};
const collection = contractAddress(0, collInit);
await admin.send({ to: collection, value: toNano('1'), init: collInit, bounce: false });
await measure('nftMint', () =>
  admin.send({
    to: collection,
    value: toNano('0.2'),
    body: nftMintBody({ queryId: 5n, index: 0n, amount: toNano('0.05'), owner: alice.address, name: 'Item 0' }),
  }),
);
await measure('nftTransfer', () =>
  alice.send({
    to: nftItemAddress(collection, 0n, code.nftItem),
    value: toNano('0.1'),
    body: nftTransferBody({
      queryId: 6n,
      newOwner: bob.address,
      responseDestination: alice.address,
      forwardAmount: toNano('0.01'),
    }),
  }),
);

const throwerInit = { code: code.thrower, data: commentCell('bench thrower') };
const thrower = contractAddress(0, throwerInit);
await admin.send({ to: thrower, value: toNano('1'), init: throwerInit, bounce: false });
await measure('thrower', () => alice.send({ to: thrower, value: toNano('0.05'), bounce: true, body: throwBody(42) }));

await measure('chain25', () =>
  admin.send({
    to: forwarderAddress(1n, code.forwarder),
    value: toNano('2'),
    init: forwarderInit(1n, code.forwarder),
    bounce: false,
    body: chainBody(25),
  }),
);
await measure('fan15x15', () =>
  admin.send({
    to: forwarderAddress(2n, code.forwarder),
    value: toNano('40'),
    init: forwarderInit(2n, code.forwarder),
    bounce: false,
    body: fanBody(15, 2),
  }),
);

console.log(JSON.stringify({ bench: 'contracts', ...out }));
