import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Address, beginCell, contractAddress, external, internal, storeMessage, toNano, type Cell } from '@ton/core';
import { mnemonicToWalletKey } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServing, type MainProcess } from '../../cli/test-support/main-process';
import { compileContracts } from '../../ledger/contracts/compile';
import {
  jettonMinterData,
  jettonMintBody,
  jettonTransferBody,
  jettonWalletAddress,
} from '../../ledger/contracts/jetton';
import { nftCollectionData, nftItemAddress, nftMintBody, nftTransferBody } from '../../ledger/contracts/nft';
import {
  completedTraceOf,
  listedWallets,
  postJson,
  v4Send,
  v4Transfer,
  type ListedWallet,
} from '../test-support/local-network';

// Emulation as TON Center serves it, against `npm start`'s own process on a fresh ledger: a message's
// whole trace run on the current state, nothing stored; then the same message sent, and the real
// trace compared with the one foretold (where nothing else touched the accounts in between).

let dir: string;
let main: MainProcess;
let base: string;
let sql: Database.Database;
let wallets: ListedWallet[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-emulate-'));
  main = await startServing({
    LEDGER_DB: join(dir, 'ledger.db'),
    LEDGER_LIVE: 'on',
    LEDGER_TXS: '1',
    LEDGER_SEED: '29',
    LEDGER_TRAFFIC: 'off',
  });
  base = main.base!;
  sql = new Database(join(dir, 'ledger.db'), { readonly: true });
  wallets = await listedWallets(base);
  // the wallets are funded by the faucet wallet's first transfer, in the first blocks
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await fetch(`${base}/api/v2/getAddressBalance?address=${wallets[0]!.address}`);
    if (BigInt(((await r.json()) as { result: string }).result) > 0n) break;
    if (Date.now() > deadline) throw new Error('the wallets were never funded');
    await new Promise((res) => setTimeout(res, 200));
  }
}, 300_000);

afterAll(async () => {
  sql?.close();
  await main?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const EMULATE = '/api/emulate/v1/emulateTrace';

interface V3Tx {
  account: string;
  emulated?: boolean;
  description: { aborted: boolean; compute_ph: { skipped?: boolean; exit_code?: number; reason?: string } };
  out_msgs: { destination: string | null; value: string | null; bounced: boolean | null }[];
  in_msg: { source: string | null; bounced: boolean | null } | null;
}

interface Node {
  tx_hash: string;
  children: Node[] | null;
}

interface Action {
  type: string;
  success: boolean;
  accounts: string[];
  details: Record<string, unknown>;
}

/** What must be the same in a foretold and a real trace: accounts, outcomes, messages sent. */
function shape(txs: V3Tx[]) {
  return txs
    .map((t) => ({
      account: t.account,
      aborted: t.description.aborted,
      exit: t.description.compute_ph.skipped
        ? `skipped ${t.description.compute_ph.reason}`
        : t.description.compute_ph.exit_code,
      bounced: t.in_msg?.bounced ?? null,
      out: t.out_msgs.map((m) => `${m.destination}:${m.bounced}`).sort(),
    }))
    .sort((a, b) => `${a.account}${a.bounced}`.localeCompare(`${b.account}${b.bounced}`));
}

/**
 * The order of a trace: its tree of accounts and exit codes, each transaction after the one whose
 * message it received (siblings by account: between accounts, a block may order them either way).
 */
function tree(node: Node, txs: Record<string, V3Tx>): unknown {
  const t = txs[node.tx_hash]!;
  const children = (node.children ?? []).map((c) => tree(c, txs));
  return {
    account: t.account,
    exit: t.description.compute_ph.exit_code ?? null,
    children: children.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

/** Actions as both traces must have them: their ids and times name the transactions, which differ. */
const actionsOf = (actions: Action[]) =>
  actions
    .map((a) => ({ type: a.type, success: a.success, accounts: [...a.accounts].sort(), details: a.details }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The ledger's transactions on the basechain (the masterchain's tick-tock runs every block). */
const rows = () => sql.prepare('SELECT count(*) FROM transactions WHERE workchain = 0').pluck().get() as number;

async function foretellThenSend(from: ListedWallet, to: string, seqno: number, bounce: boolean) {
  return foretellThenSendMessage(await v4Transfer(from, to, seqno, toNano('1'), bounce));
}

async function foretellThenSendMessage(m: { boc: string; cell: Cell }) {
  const before = rows();
  const emulated = await postJson(`${base}${EMULATE}`, {
    boc: m.boc,
    with_actions: true,
    include_address_book: true,
    include_code_data: true,
  });
  expect(emulated.status).toBe(200);
  // nothing stored: the ledger holds no more basechain transactions than before (no traffic runs)
  expect(rows()).toBe(before);
  const body = emulated.body as {
    mc_block_seqno: number;
    trace: Node & { in_msg_hash: string };
    transactions: Record<string, V3Tx>;
    actions: Action[];
    rand_seed: string;
    is_incomplete: boolean;
    address_book: Record<string, unknown>;
    code_cells: Record<string, string>;
  };
  expect(body.is_incomplete).toBe(false);
  expect(Buffer.from(body.rand_seed, 'base64')).toHaveLength(32);
  expect(body.trace.in_msg_hash).toBe(m.cell.hash().toString('base64'));
  expect(Object.values(body.transactions).every((t) => t.emulated === true)).toBe(true);
  for (const t of Object.values(body.transactions)) expect(body.address_book[t.account]).toBeDefined();
  expect((await postJson(`${base}/api/v2/sendBoc`, { boc: m.boc })).status).toBe(200);
  const real = (await completedTraceOf(base, m.cell.hash())) as unknown as {
    trace: Node;
    transactions: Record<string, V3Tx>;
    actions: Action[];
  };
  // the same trace: its transactions, their order, outcomes and messages, and its actions
  expect(shape(Object.values(body.transactions))).toEqual(shape(Object.values(real.transactions)));
  expect(tree(body.trace, body.transactions)).toEqual(tree(real.trace, real.transactions));
  expect(actionsOf(body.actions)).toEqual(actionsOf(real.actions));
  return { emulated: body, real };
}

describe('POST /api/emulate/v1/emulateTrace', () => {
  it("foretells a wallet's first transfer (its deploy) as the real trace then runs", async () => {
    const from = wallets.filter((w) => w.version === 'v4r2')[0]!;
    const { emulated, real } = await foretellThenSend(from, wallets[1]!.friendly, 0, false);
    expect(Object.keys(emulated.transactions)).toHaveLength(2);
    expect(Object.keys(real.transactions)).toHaveLength(2);
    expect(emulated.actions.map((a) => a.type)).toEqual(['ton_transfer']);
    // the wallet's code is among the code cells: it deploys itself
    expect(Object.keys(emulated.code_cells).length).toBeGreaterThan(0);
  }, 60_000);

  it('foretells a bouncing call: the bounce comes back, as it then does', async () => {
    const from = wallets.filter((w) => w.version === 'v4r2')[1]!;
    const nowhere = new Address(0, Buffer.alloc(32, 0x7e)).toString({ bounceable: true });
    const { emulated, real } = await foretellThenSend(from, nowhere, 0, true);
    const txs = Object.values(emulated.transactions);
    expect(txs).toHaveLength(3);
    expect(txs.some((t) => t.in_msg?.bounced === true)).toBe(true);
    expect(Object.keys(real.transactions)).toHaveLength(3);
    // the transfer failed: its message came back
    expect(emulated.actions.map((a) => [a.type, a.success])).toEqual([['ton_transfer', false]]);
  }, 60_000);

  it('refuses what it cannot run, naming why, and runs an unsigned message when asked to ignore the signature', async () => {
    const from = wallets.filter((w) => w.version === 'v4r2')[2]!;
    expect((await postJson(`${base}${EMULATE}`, { boc: 'not base64!' })).status).toBe(422);
    expect((await postJson(`${base}${EMULATE}`, {})).body.error).toMatch(/boc: required/);
    // the wallet's first transfer signed by another wallet's key: refused as the contract refuses it,
    // unless the signature check is ignored (what a wallet app does before its user signs)
    const own = await mnemonicToWalletKey(from.mnemonic.split(' '));
    const other = await mnemonicToWalletKey(wallets[0]!.mnemonic.split(' '));
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: own.publicKey });
    const body = wallet.createTransfer({
      seqno: 0,
      secretKey: other.secretKey,
      messages: [internal({ to: Address.parse(wallets[1]!.friendly), value: toNano('1'), bounce: false })],
    });
    const wrongKey = beginCell()
      .store(storeMessage(external({ to: wallet.address, init: wallet.init, body })))
      .endCell()
      .toBoc()
      .toString('base64');
    const refused = await postJson(`${base}${EMULATE}`, { boc: wrongKey });
    expect(refused.status).toBe(409);
    expect(String(refused.body.error)).toMatch(/not accepted.*exit code 35/);
    const asked = await postJson(`${base}${EMULATE}`, { boc: wrongKey, ignore_chksig: true });
    expect(asked.status).toBe(200);
    expect(Object.keys((asked.body as { transactions: object }).transactions)).toHaveLength(2);
    // an older block's state is not kept to run on
    const old = await postJson(`${base}${EMULATE}`, { boc: wrongKey, mc_block_seqno: 1 });
    expect(old.status).toBe(404);
    expect(String(old.body.error)).toMatch(/mc_block_seqno 1/);
  }, 60_000);

  it("foretells a contract's deploy, a jetton mint and transfer, an NFT mint and transfer as they then run", async () => {
    const owner = wallets.filter((w) => w.version === 'v4r2')[2]!;
    const ownerAddress = Address.parse(owner.friendly);
    const to = Address.parse(wallets[3]!.friendly);
    const c = await compileContracts();
    const metadata = { name: 'Emulated', symbol: 'EMU', decimals: '9', description: 'foretold', image: '' };
    const minterInit = {
      code: c.jettonMinter,
      data: jettonMinterData({ admin: ownerAddress, walletCode: c.jettonWallet, metadata }),
    };
    const collectionInit = {
      code: c.nftCollection,
      data: nftCollectionData({ owner: ownerAddress, itemCode: c.nftItem, metadata }),
    };
    const minter = contractAddress(0, minterInit);
    const collection = contractAddress(0, collectionInit);
    // the wallet deploys itself, a jetton minter and an NFT collection it owns
    const deploy = await foretellThenSendMessage(
      await v4Send(owner, 0, [
        internal({ to: minter, value: toNano('1'), init: minterInit, bounce: false }),
        internal({ to: collection, value: toNano('1'), init: collectionInit, bounce: false }),
      ]),
    );
    expect(deploy.emulated.actions.map((a) => a.type).sort()).toEqual(['contract_deploy', 'contract_deploy']);
    const mint = await foretellThenSendMessage(
      await v4Send(owner, 1, [
        internal({
          to: minter,
          value: toNano('0.3'),
          body: jettonMintBody({
            queryId: 1n,
            to: ownerAddress,
            amount: 1000n,
            forwardTonAmount: 0n,
            totalTonAmount: toNano('0.1'),
          }),
        }),
        internal({
          to: collection,
          value: toNano('0.3'),
          body: nftMintBody({ queryId: 2n, index: 0n, amount: toNano('0.1'), owner: ownerAddress, name: 'first' }),
        }),
      ]),
    );
    expect(mint.emulated.actions.map((a) => [a.type, a.success]).sort()).toEqual([
      ['jetton_mint', true],
      ['nft_mint', true],
    ]);
    const ownerJettons = jettonWalletAddress(minter, ownerAddress, c.jettonWallet);
    const item = nftItemAddress(collection, 0n, c.nftItem);
    const jetton = await foretellThenSendMessage(
      await v4Send(owner, 2, [
        internal({
          to: ownerJettons,
          value: toNano('0.3'),
          body: jettonTransferBody({
            queryId: 3n,
            amount: 400n,
            destination: to,
            responseDestination: ownerAddress,
            // no notification: the receiver's wallet is not deployed, a notification to it would bounce
            forwardTonAmount: 0n,
            comment: 'foretold',
          }),
        }),
      ]),
    );
    const transfer = jetton.emulated.actions.find((a) => a.type === 'jetton_transfer');
    expect(transfer?.success).toBe(true);
    expect(transfer?.details).toMatchObject({ amount: '400', comment: 'foretold', query_id: '3' });
    const nft = await foretellThenSendMessage(
      await v4Send(owner, 3, [
        internal({
          to: item,
          value: toNano('0.2'),
          body: nftTransferBody({ queryId: 4n, newOwner: to, responseDestination: ownerAddress, forwardAmount: 0n }),
        }),
      ]),
    );
    expect(nft.emulated.actions.find((a) => a.type === 'nft_transfer')?.details).toMatchObject({
      nft_item_index: '0',
      query_id: '4',
    });
  }, 120_000);
});
