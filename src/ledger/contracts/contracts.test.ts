import { beforeAll, describe, expect, it } from 'vitest';
import { Blockchain, type BlockchainTransaction, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { Address, beginCell, Cell, contractAddress, toNano, TupleBuilder } from '@ton/core';
import { compileContracts, type CompiledContracts } from './compile';
import {
  jettonBurnBody,
  jettonMintBody,
  jettonMinterData,
  jettonTransferBody,
  jettonWalletAddress,
  jettonWalletData,
  readJettonMinterData,
  readJettonWalletData,
} from './jetton';
import {
  nftCollectionData,
  nftItemAddress,
  nftMintBody,
  nftTransferBody,
  readNftCollectionData,
  readNftItemData,
} from './nft';
import { readOnchainMetadata } from './metadata';
import {
  nftSaleAddress,
  nftSaleBuyBody,
  nftSaleCancelBody,
  nftSaleInit,
  readNftSaleData,
  type NftSale,
} from './nft-sale';
import { chainBody, fanBody, forwarderAddress, forwarderInit, throwBody } from './test-contracts';
import { OP } from './opcodes';

// Every contract runs here in @ton/sandbox (the same emulator the producer drives), one scenario
// per test. Each test logs one line of figures (transactions, gas, wall time) for the report.

let code: CompiledContracts;
let chain: Blockchain;
let admin: SandboxContract<TreasuryContract>;
let alice: SandboxContract<TreasuryContract>;
let bob: SandboxContract<TreasuryContract>;

const META = {
  name: 'Test Jetton',
  symbol: 'TJ',
  decimals: '9',
  description: 'a jetton of our own',
  image: 'https://example.com/tj.png',
};

function opOf(tx: BlockchainTransaction): number | null {
  const body = tx.inMessage?.body;
  if (!body) return null;
  const s = body.beginParse();
  if (tx.inMessage?.info.type === 'internal' && tx.inMessage.info.bounced)
    return s.remainingBits >= 64 ? (s.skip(32), s.loadUint(32)) : null;
  return s.remainingBits >= 32 ? s.loadUint(32) : null;
}

function compute(tx: BlockchainTransaction): { exitCode: number; gas: bigint; success: boolean } | null {
  const d = tx.description;
  if (d.type !== 'generic' || d.computePhase.type !== 'vm') return null;
  return { exitCode: d.computePhase.exitCode, gas: d.computePhase.gasUsed, success: d.computePhase.success };
}

const totalGas = (txs: BlockchainTransaction[]) => txs.reduce((g, tx) => g + (compute(tx)?.gas ?? 0n), 0n);
const isBounced = (tx: BlockchainTransaction) => tx.inMessage?.info.type === 'internal' && tx.inMessage.info.bounced;
const dest = (tx: BlockchainTransaction) => tx.inMessage?.info.dest as Address;

function figures(name: string, txs: BlockchainTransaction[], started: number): void {
  console.log(
    `[contracts] ${name}: ${txs.length} txs, gas ${totalGas(txs)}, ${(performance.now() - started).toFixed(0)} ms`,
  );
}

/** Depth of the message tree of one trace: the longest chain of transactions linked by messages. */
function traceDepth(txs: BlockchainTransaction[]): number {
  const depth = new Map<bigint, number>();
  // transactions come in lt order per account and a child always has a larger lt than its parent
  const sorted = [...txs].sort((a, b) => (a.lt < b.lt ? -1 : 1));
  const parentOf = new Map<bigint, bigint>();
  for (const tx of sorted) {
    for (const out of tx.outMessages.values()) {
      const sent = out.info;
      if (sent.type !== 'internal') continue;
      // a message is the same on both sides when its sender and creation lt agree
      const child = sorted.find(
        (c) =>
          c.inMessage?.info.type === 'internal' &&
          c.inMessage.info.createdLt === sent.createdLt &&
          c.inMessage.info.src.equals(sent.src),
      );
      if (child) parentOf.set(child.lt, tx.lt);
    }
  }
  let max = 0;
  for (const tx of sorted) {
    const p = parentOf.get(tx.lt);
    const d = p === undefined ? 1 : (depth.get(p) ?? 0) + 1;
    depth.set(tx.lt, d);
    max = Math.max(max, d);
  }
  return max;
}

async function getJettonBalance(wallet: Address): Promise<bigint> {
  const r = await chain.runGetMethod(wallet, 'get_wallet_data');
  return r.stackReader.readBigNumber();
}

let minters = 0;
/** A fresh minter per test: the same data would give the same address, and the tests would share it. */
async function deployMinter() {
  minters += 1;
  const data = jettonMinterData({
    admin: admin.address,
    metadata: { ...META, name: `${META.name} ${minters}` },
    walletCode: code.jettonWallet,
  });
  const init = { code: code.jettonMinter, data };
  const minter = contractAddress(0, init);
  await admin.send({ to: minter, value: toNano('1'), init, bounce: false });
  return minter;
}

async function mint(minter: Address, to: Address, amount: bigint) {
  return admin.send({
    to: minter,
    value: toNano('0.2'),
    body: jettonMintBody({ queryId: 1n, to, amount, forwardTonAmount: 0n, totalTonAmount: toNano('0.1') }),
  });
}

beforeAll(async () => {
  const t0 = performance.now();
  code = await compileContracts();
  console.log(`[contracts] compile (7 contracts, worker thread): ${(performance.now() - t0).toFixed(0)} ms`);
  chain = await Blockchain.create();
  admin = await chain.treasury('admin');
  alice = await chain.treasury('alice');
  bob = await chain.treasury('bob');
});

describe('compile', () => {
  it('compiles every contract once per process into distinct code cells', async () => {
    expect(await compileContracts()).toBe(await compileContracts());
    const hashes = Object.values(code).map((c: Cell) => c.hash().toString('hex'));
    expect(new Set(hashes).size).toBe(8);
  });
});

describe('TEP-74 jetton', () => {
  it('mint deploys the wallet with the balance; the minter reports supply, metadata and addresses', async () => {
    const minter = await deployMinter();
    const t0 = performance.now();
    const r = await mint(minter, alice.address, 1000n);
    figures('jetton mint', r.transactions, t0);
    const wallet = jettonWalletAddress(minter, alice.address, code.jettonWallet);
    const walletTx = r.transactions.find((tx) => dest(tx)?.equals(wallet));
    expect(walletTx && opOf(walletTx)).toBe(OP.jettonInternalTransfer);
    expect(compute(walletTx!)?.success).toBe(true);
    expect(await getJettonBalance(wallet)).toBe(1000n);

    const jd = await chain.runGetMethod(minter, 'get_jetton_data');
    expect(jd.stackReader.readBigNumber()).toBe(1000n);
    expect(jd.stackReader.readBigNumber()).toBe(-1n);
    expect(jd.stackReader.readAddress().equals(admin.address)).toBe(true);
    expect(readOnchainMetadata(jd.stackReader.readCell())).toEqual({ ...META, name: `${META.name} ${minters}` });
    expect(jd.stackReader.readCell().equals(code.jettonWallet)).toBe(true);

    const args = new TupleBuilder();
    args.writeAddress(alice.address);
    const wa = await chain.runGetMethod(minter, 'get_wallet_address', args.build());
    expect(wa.stackReader.readAddress().equals(wallet)).toBe(true);

    const state = await chain.getContract(minter);
    if (state.accountState?.type !== 'active') throw new Error('minter not active');
    const md = readJettonMinterData(state.accountState.state.data!);
    expect(md?.totalSupply).toBe(1000n);
    expect(readOnchainMetadata(md!.content)?.symbol).toBe('TJ');
    const ws = await chain.getContract(wallet);
    if (ws.accountState?.type !== 'active') throw new Error('wallet not active');
    const wd = readJettonWalletData(ws.accountState.state.data!);
    expect(wd?.balance).toBe(1000n);
    expect(wd?.owner.equals(alice.address)).toBe(true);
    expect(wd?.master.equals(minter)).toBe(true);
  });

  it('only the admin can mint (exit 73, bounced)', async () => {
    const minter = await deployMinter();
    const r = await alice.send({
      to: minter,
      value: toNano('0.2'),
      body: jettonMintBody({
        queryId: 2n,
        to: alice.address,
        amount: 5n,
        forwardTonAmount: 0n,
        totalTonAmount: toNano('0.1'),
      }),
    });
    const tx = r.transactions.find((t) => dest(t)?.equals(minter));
    expect(compute(tx!)?.exitCode).toBe(73);
    expect(r.transactions.some((t) => isBounced(t) && dest(t).equals(alice.address))).toBe(true);
  });

  it('transfer with a forward amount: internal_transfer, transfer_notification, excesses; balances move', async () => {
    const minter = await deployMinter();
    await mint(minter, alice.address, 1000n);
    const aliceWallet = jettonWalletAddress(minter, alice.address, code.jettonWallet);
    const bobWallet = jettonWalletAddress(minter, bob.address, code.jettonWallet);
    const t0 = performance.now();
    const r = await alice.send({
      to: aliceWallet,
      value: toNano('0.2'),
      body: jettonTransferBody({
        queryId: 7n,
        amount: 300n,
        destination: bob.address,
        responseDestination: alice.address,
        forwardTonAmount: toNano('0.01'),
        comment: 'hi',
      }),
    });
    figures('jetton transfer', r.transactions, t0);
    expect(r.transactions.length).toBeGreaterThanOrEqual(5);
    for (const tx of r.transactions) expect(compute(tx)?.success ?? true).toBe(true);
    const ops = r.transactions.map(opOf);
    expect(ops).toContain(OP.jettonTransfer);
    expect(ops).toContain(OP.jettonInternalTransfer);
    const note = r.transactions.find((t) => opOf(t) === OP.jettonTransferNotification);
    expect(note && dest(note).equals(bob.address)).toBe(true);
    // the notification carries amount, sender and the comment we put in the forward payload
    const ns = note!.inMessage!.body.beginParse();
    ns.skip(32 + 64);
    expect(ns.loadCoins()).toBe(300n);
    expect(ns.loadAddress().equals(alice.address)).toBe(true);
    expect(ns.loadBit()).toBe(true);
    const payload = ns.loadRef().beginParse();
    expect(payload.loadUint(32)).toBe(0);
    expect(payload.loadStringTail()).toBe('hi');
    const excess = r.transactions.find((t) => opOf(t) === OP.excesses);
    expect(excess && dest(excess).equals(alice.address)).toBe(true);
    expect(await getJettonBalance(aliceWallet)).toBe(700n);
    expect(await getJettonBalance(bobWallet)).toBe(300n);
  });

  it('transfer without a forward amount sends no notification', async () => {
    const minter = await deployMinter();
    await mint(minter, alice.address, 10n);
    const aliceWallet = jettonWalletAddress(minter, alice.address, code.jettonWallet);
    const r = await alice.send({
      to: aliceWallet,
      value: toNano('0.2'),
      body: jettonTransferBody({
        queryId: 8n,
        amount: 10n,
        destination: bob.address,
        responseDestination: alice.address,
        forwardTonAmount: 0n,
      }),
    });
    expect(r.transactions.map(opOf)).not.toContain(OP.jettonTransferNotification);
    expect(r.transactions.map(opOf)).toContain(OP.excesses);
  });

  it('burn: burn_notification to the minter, supply falls, excesses to the response destination', async () => {
    const minter = await deployMinter();
    await mint(minter, alice.address, 1000n);
    const aliceWallet = jettonWalletAddress(minter, alice.address, code.jettonWallet);
    const t0 = performance.now();
    const r = await alice.send({
      to: aliceWallet,
      value: toNano('0.1'),
      body: jettonBurnBody({ queryId: 9n, amount: 400n, responseDestination: alice.address }),
    });
    figures('jetton burn', r.transactions, t0);
    const notif = r.transactions.find((t) => opOf(t) === OP.jettonBurnNotification);
    expect(notif && dest(notif).equals(minter)).toBe(true);
    expect(compute(notif!)?.success).toBe(true);
    expect(r.transactions.some((t) => opOf(t) === OP.excesses && dest(t).equals(alice.address))).toBe(true);
    expect(await getJettonBalance(aliceWallet)).toBe(600n);
    const jd = await chain.runGetMethod(minter, 'get_jetton_data');
    expect(jd.stackReader.readBigNumber()).toBe(600n);
  });

  it('a transfer of more than the balance fails with 47 and bounces; the balance stays', async () => {
    const minter = await deployMinter();
    await mint(minter, alice.address, 50n);
    const aliceWallet = jettonWalletAddress(minter, alice.address, code.jettonWallet);
    const t0 = performance.now();
    const r = await alice.send({
      to: aliceWallet,
      value: toNano('0.2'),
      bounce: true,
      body: jettonTransferBody({
        queryId: 10n,
        amount: 51n,
        destination: bob.address,
        responseDestination: alice.address,
        forwardTonAmount: 0n,
      }),
    });
    figures('jetton transfer over balance', r.transactions, t0);
    const walletTx = r.transactions.find((t) => dest(t)?.equals(aliceWallet))!;
    expect(compute(walletTx)?.exitCode).toBe(47);
    expect(r.transactions.some((t) => isBounced(t) && dest(t).equals(alice.address))).toBe(true);
    expect(await getJettonBalance(aliceWallet)).toBe(50n);
  });

  it('a transfer by someone not the owner fails with 73', async () => {
    const minter = await deployMinter();
    await mint(minter, alice.address, 50n);
    const aliceWallet = jettonWalletAddress(minter, alice.address, code.jettonWallet);
    const r = await bob.send({
      to: aliceWallet,
      value: toNano('0.2'),
      body: jettonTransferBody({
        queryId: 11n,
        amount: 1n,
        destination: bob.address,
        responseDestination: bob.address,
        forwardTonAmount: 0n,
      }),
    });
    expect(compute(r.transactions.find((t) => dest(t)?.equals(aliceWallet))!)?.exitCode).toBe(73);
    expect(await getJettonBalance(aliceWallet)).toBe(50n);
  });

  it('a bounced burn_notification gives the jettons back to the wallet', async () => {
    // a wallet whose "master" is a thrower: the burn_notification fails there (0xffff) and bounces
    const throwerInit = { code: code.thrower, data: beginCell().storeUint(1, 8).endCell() };
    const thrower = contractAddress(0, throwerInit);
    await admin.send({ to: thrower, value: toNano('1'), init: throwerInit, bounce: false });
    const init = {
      code: code.jettonWallet,
      data: jettonWalletData({ balance: 500n, owner: alice.address, master: thrower, walletCode: code.jettonWallet }),
    };
    const wallet = contractAddress(0, init);
    await alice.send({ to: wallet, value: toNano('0.5'), init, bounce: false });
    const t0 = performance.now();
    const r = await alice.send({
      to: wallet,
      value: toNano('0.1'),
      body: jettonBurnBody({ queryId: 12n, amount: 200n, responseDestination: alice.address }),
    });
    figures('jetton burn bounced', r.transactions, t0);
    const atMaster = r.transactions.find((t) => dest(t)?.equals(thrower))!;
    expect(opOf(atMaster)).toBe(OP.jettonBurnNotification);
    expect(compute(atMaster)?.exitCode).toBe(0xffff);
    const back = r.transactions.find((t) => isBounced(t) && dest(t).equals(wallet));
    expect(back && opOf(back)).toBe(OP.jettonBurnNotification);
    expect(compute(back!)?.success).toBe(true);
    expect(await getJettonBalance(wallet)).toBe(500n);
  });
});

describe('TEP-62 NFT', () => {
  it('mint an item, then transfer it with ownership_assigned and excesses', async () => {
    const meta = { name: 'Test Collection', description: 'items of our own', image: 'https://example.com/c.png' };
    const init = {
      code: code.nftCollection,
      data: nftCollectionData({ owner: admin.address, metadata: meta, itemCode: code.nftItem }),
    };
    const collection = contractAddress(0, init);
    await admin.send({ to: collection, value: toNano('1'), init, bounce: false });

    let t0 = performance.now();
    const m = await admin.send({
      to: collection,
      value: toNano('0.2'),
      body: nftMintBody({ queryId: 1n, index: 0n, amount: toNano('0.05'), owner: alice.address, name: 'Item #0' }),
    });
    figures('nft mint', m.transactions, t0);
    const item = nftItemAddress(collection, 0n, code.nftItem);
    expect(m.transactions.some((t) => dest(t)?.equals(item) && compute(t)?.success)).toBe(true);

    const cd = await chain.runGetMethod(collection, 'get_collection_data');
    expect(cd.stackReader.readBigNumber()).toBe(1n);
    expect(readOnchainMetadata(cd.stackReader.readCell())).toEqual(meta);
    expect(cd.stackReader.readAddress().equals(admin.address)).toBe(true);
    const byIndex = new TupleBuilder();
    byIndex.writeNumber(0n);
    expect(
      (await chain.runGetMethod(collection, 'get_nft_address_by_index', byIndex.build())).stackReader
        .readAddress()
        .equals(item),
    ).toBe(true);

    const nd = await chain.runGetMethod(item, 'get_nft_data');
    expect(nd.stackReader.readBigNumber()).toBe(-1n);
    expect(nd.stackReader.readBigNumber()).toBe(0n);
    expect(nd.stackReader.readAddress().equals(collection)).toBe(true);
    expect(nd.stackReader.readAddress().equals(alice.address)).toBe(true);
    const content = nd.stackReader.readCell();
    const contentArgs = new TupleBuilder();
    contentArgs.writeNumber(0n);
    contentArgs.writeCell(content);
    const full = await chain.runGetMethod(collection, 'get_nft_content', contentArgs.build());
    expect(full.stackReader.readCell().beginParse().loadStringTail()).toBe('Item #0');

    t0 = performance.now();
    const r = await alice.send({
      to: item,
      value: toNano('0.1'),
      body: nftTransferBody({
        queryId: 2n,
        newOwner: bob.address,
        responseDestination: alice.address,
        forwardAmount: toNano('0.01'),
        comment: 'yours',
      }),
    });
    figures('nft transfer', r.transactions, t0);
    const assigned = r.transactions.find((t) => opOf(t) === OP.nftOwnershipAssigned);
    expect(assigned && dest(assigned).equals(bob.address)).toBe(true);
    const as = assigned!.inMessage!.body.beginParse();
    as.skip(32 + 64);
    expect(as.loadAddress().equals(alice.address)).toBe(true);
    expect(r.transactions.some((t) => opOf(t) === OP.excesses && dest(t).equals(alice.address))).toBe(true);

    const s = await chain.getContract(item);
    if (s.accountState?.type !== 'active') throw new Error('item not active');
    const d = readNftItemData(s.accountState.state.data!);
    expect(d?.owner?.equals(bob.address)).toBe(true);
    expect(d?.name).toBe('Item #0');
    expect(d?.index).toBe(0n);
    const cs = await chain.getContract(collection);
    if (cs.accountState?.type !== 'active') throw new Error('collection not active');
    expect(readNftCollectionData(cs.accountState.state.data!)?.nextIndex).toBe(1n);

    // the old owner can no longer move it
    const again = await alice.send({
      to: item,
      value: toNano('0.1'),
      body: nftTransferBody({
        queryId: 3n,
        newOwner: alice.address,
        responseDestination: alice.address,
        forwardAmount: 0n,
      }),
    });
    expect(compute(again.transactions.find((t) => dest(t)?.equals(item))!)?.exitCode).toBe(401);

    // get_static_data answers the sender with report_static_data (index, collection)
    const st = await bob.send({
      to: item,
      value: toNano('0.05'),
      body: beginCell().storeUint(OP.nftGetStaticData, 32).storeUint(4n, 64).endCell(),
    });
    const report = st.transactions.find((t) => opOf(t) === OP.nftReportStaticData);
    expect(report && dest(report).equals(bob.address)).toBe(true);
    const rs = report!.inMessage!.body.beginParse();
    rs.skip(32 + 64);
    expect(rs.loadUintBig(64)).toBe(0n);
    expect(rs.loadAddress().equals(collection)).toBe(true);
  });
});

describe('NFT sale', () => {
  /** A collection with one item of alice's, and a sale of it at `price` (not deployed yet). */
  async function itemAndSale(price: bigint, name: string) {
    const meta = { name };
    const init = {
      code: code.nftCollection,
      data: nftCollectionData({ owner: admin.address, metadata: meta, itemCode: code.nftItem }),
    };
    const collection = contractAddress(0, init);
    await admin.send({ to: collection, value: toNano('1'), init, bounce: false });
    await admin.send({
      to: collection,
      value: toNano('0.2'),
      body: nftMintBody({ queryId: 1n, index: 0n, amount: toNano('0.05'), owner: alice.address, name: 'On sale' }),
    });
    const item = nftItemAddress(collection, 0n, code.nftItem);
    const sale: NftSale = { nft: item, seller: alice.address, marketplace: admin.address, price };
    return { item, sale, address: nftSaleAddress(sale, code.nftSale) };
  }
  const ownerOf = async (item: Address) => {
    const s = await chain.getContract(item);
    if (s.accountState?.type !== 'active') throw new Error('item not active');
    return readNftItemData(s.accountState.state.data!)!.owner!;
  };
  /** The seller deploys the sale and hands it the item, in one go (as the traffic's nft_sale does). */
  async function putOnSale(x: Awaited<ReturnType<typeof itemAndSale>>) {
    await alice.send({ to: x.address, value: toNano('0.05'), init: nftSaleInit(x.sale, code.nftSale), bounce: false });
    return alice.send({
      to: x.item,
      value: toNano('0.1'),
      body: nftTransferBody({
        queryId: 2n,
        newOwner: x.address,
        responseDestination: alice.address,
        forwardAmount: toNano('0.01'),
      }),
    });
  }

  it('holds the item for its seller; a buyer at the price gets it and the seller the price', async () => {
    const x = await itemAndSale(toNano('5'), 'For sale');
    const t0 = performance.now();
    const put = await putOnSale(x);
    figures('nft put on sale', put.transactions, t0);
    // the sale took the ownership notice; the item's owner is the sale, its data names the seller
    const notice = put.transactions.find((t) => opOf(t) === OP.nftOwnershipAssigned)!;
    expect(dest(notice).equals(x.address) && compute(notice)?.success).toBe(true);
    expect((await ownerOf(x.item)).equals(x.address)).toBe(true);
    const s = await chain.getContract(x.address);
    if (s.accountState?.type !== 'active') throw new Error('sale not active');
    const data = readNftSaleData(s.accountState.state.data!)!;
    expect([data.nft.equals(x.item), data.seller.equals(alice.address), data.price]).toEqual([true, true, toNano('5')]);
    const got = await chain.runGetMethod(x.address, 'get_sale_data');
    expect(got.stackReader.readAddress().equals(x.item)).toBe(true);
    expect(got.stackReader.readAddress().equals(alice.address)).toBe(true);

    // too cheap: refused (450), the item stays on sale
    const cheap = await bob.send({ to: x.address, value: toNano('1'), body: nftSaleBuyBody(3n) });
    expect(compute(cheap.transactions.find((t) => dest(t)?.equals(x.address))!)?.exitCode).toBe(450);
    expect((await ownerOf(x.item)).equals(x.address)).toBe(true);

    const before = (await chain.getContract(alice.address)).balance;
    const buy = await bob.send({ to: x.address, value: toNano('5.2'), body: nftSaleBuyBody(4n) });
    expect((await ownerOf(x.item)).equals(bob.address)).toBe(true);
    expect(buy.transactions.some((t) => dest(t)?.equals(alice.address) && !isBounced(t))).toBe(true);
    expect((await chain.getContract(alice.address)).balance - before).toBeGreaterThan(toNano('4.9'));
  });

  it('the seller, and only the seller, takes the item back', async () => {
    const x = await itemAndSale(toNano('2'), 'Withdrawn');
    await putOnSale(x);
    const stranger = await bob.send({ to: x.address, value: toNano('0.2'), body: nftSaleCancelBody(5n) });
    expect(compute(stranger.transactions.find((t) => dest(t)?.equals(x.address))!)?.exitCode).toBe(401);
    expect((await ownerOf(x.item)).equals(x.address)).toBe(true);
    await alice.send({ to: x.address, value: toNano('0.2'), body: nftSaleCancelBody(6n) });
    expect((await ownerOf(x.item)).equals(alice.address)).toBe(true);
  });
});

describe('thrower', () => {
  it('throws the exit code it is asked for, and the message bounces; plain transfers pass', async () => {
    const init = { code: code.thrower, data: beginCell().storeUint(2, 8).endCell() };
    const thrower = contractAddress(0, init);
    await admin.send({ to: thrower, value: toNano('1'), init, bounce: false });
    for (const exitCode of [42, 333, 1000]) {
      const t0 = performance.now();
      const r = await alice.send({ to: thrower, value: toNano('0.05'), bounce: true, body: throwBody(exitCode) });
      if (exitCode === 42) figures('thrower', r.transactions, t0);
      const tx = r.transactions.find((t) => dest(t)?.equals(thrower))!;
      expect(compute(tx)).toMatchObject({ exitCode, success: false });
      const back = r.transactions.find((t) => isBounced(t) && dest(t).equals(alice.address));
      expect(back && opOf(back)).toBe(OP.throwExit);
    }
    const plain = await alice.send({ to: thrower, value: toNano('0.05'), bounce: true });
    expect(compute(plain.transactions.find((t) => dest(t)?.equals(thrower))!)).toMatchObject({
      exitCode: 0,
      success: true,
    });
    const comment = await alice.send({
      to: thrower,
      value: toNano('0.05'),
      bounce: true,
      body: beginCell().storeUint(0, 32).storeStringTail('hello').endCell(),
    });
    expect(compute(comment.transactions.find((t) => dest(t)?.equals(thrower))!)?.success).toBe(true);
    expect(comment.transactions.some(isBounced)).toBe(false);
  });
});

describe('forwarder', () => {
  it('a chain of 25 hops is one trace 26 transactions deep', async () => {
    const hops = 25;
    const first = forwarderAddress(1000n, code.forwarder);
    const t0 = performance.now();
    const r = await admin.send({
      to: first,
      value: toNano('2'),
      init: forwarderInit(1000n, code.forwarder),
      bounce: false,
      body: chainBody(hops),
    });
    figures(`forwarder chain ${hops} hops`, r.transactions, t0);
    for (const tx of r.transactions) expect(compute(tx)?.success ?? true).toBe(true);
    // the admin's wallet, then forwarders 1000 .. 1000+hops
    expect(r.transactions.length).toBe(hops + 2);
    expect(traceDepth(r.transactions)).toBe(hops + 2);
    expect(
      r.transactions.at(-1) &&
        dest(r.transactions.at(-1)!).equals(forwarderAddress(1000n + BigInt(hops), code.forwarder)),
    ).toBe(true);
    const id = await chain.runGetMethod(forwarderAddress(1010n, code.forwarder), 'get_forwarder_id');
    expect(id.stackReader.readBigNumber()).toBe(1010n);
  });

  it('a fan-out 15 wide and 2 deep is one trace of 242 transactions', async () => {
    const root = forwarderAddress(7n, code.forwarder);
    const t0 = performance.now();
    const r = await admin.send({
      to: root,
      value: toNano('40'),
      init: forwarderInit(7n, code.forwarder),
      bounce: false,
      body: fanBody(15, 2),
    });
    figures('forwarder fan-out 15x15', r.transactions, t0);
    for (const tx of r.transactions) expect(compute(tx)?.success ?? true).toBe(true);
    expect(r.transactions.length).toBe(1 + 1 + 15 + 225);
    expect(traceDepth(r.transactions)).toBe(4);
    // every leaf is a distinct deployed forwarder
    expect(new Set(r.transactions.map((t) => dest(t).toRawString())).size).toBe(r.transactions.length);
  });
});
