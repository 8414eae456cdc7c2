import { Address, beginCell, Cell, Dictionary, loadShardAccount } from '@ton/core';
import { defaultConfig } from '@ton/sandbox';
import { TonClient } from '@ton/ton';
import TonWeb from 'tonweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJettonMinterData, readJettonWalletData } from '../../ledger/contracts/jetton';
import { readNftItemData } from '../../ledger/contracts/nft';
import { getConfigParam } from '../../api/operations/v2-config';
import { v3RunGetMethod } from '../../api/operations/v3-run-get-method';
import { getExtendedAddressInformation, getWalletInformation } from '../../api/operations/v2-wallets';
import { getShards } from '../../api/operations/v2-blocks';
import { checkJsonRpcAnswer, checkTonCenterAnswer } from '../test-support/contract';
import { V2_METHOD_CONTRACTS } from '../../api/test-support/ton-center-contract/v2-methods';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { accountLeftNonexistent } from '../test-support/ledger-accounts';
import { FULL_SHARD } from '../../ton/shard';
import { readFileSync } from 'node:fs';
import { decodeBoc } from '../../store/compact';
import { accountOfKey } from '../../store/account-key';

// The v2 methods added for TON's client libraries (src/api/operations/v2-*.ts), driven through
// @ton/ton's TonClient where it has a call for them and by GET and JSON-RPC otherwise. Every figure
// is compared with one read apart from the server: the ledger's tables by SQL, and each account's
// latest state from the producer's saved ShardAccount (parsed with @ton/core), never with figures
// written here. `s.get` holds every answer to its zod schema and the published v2 contract.

let s: TestServer;
let client: TonClient;
beforeAll(async () => {
  s = await startTestServer();
  client = new TonClient({ endpoint: `${s.base}/api/v2/jsonRPC` });
}, 300_000);
afterAll(async () => s?.close());

const FULL = FULL_SHARD.toString();
const b64 = (b: Buffer) => b.toString('base64');
const q = encodeURIComponent;

async function ok(path: string) {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body.result;
}

async function rpc(method: string, params: Record<string, unknown>) {
  const res = await fetch(`${s.base}/api/v2/jsonRPC`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: '7', jsonrpc: '2.0', method, params }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  checkJsonRpcAnswer(body);
  return { status: res.status, body };
}

const lastMc = () =>
  Number(s.sql.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get() as bigint);

/**
 * Accounts with this interface whose every transaction is committed by the newest masterchain block:
 * their state as of that block is the one the producer saved after their newest transaction.
 */
function settled(iface: string, limit = 3): string[] {
  return (
    s.sql
      .prepare(
        `SELECT a.account FROM accounts a JOIN transactions t ON t.account = a.account
         WHERE a.interfaces LIKE ? GROUP BY a.account
         HAVING max(t.mc_seqno) <= (SELECT max(seqno) FROM blocks WHERE workchain = -1)
         ORDER BY count(*) DESC, a.account LIMIT ?`,
      )
      .pluck()
      .all(`%"${iface}"%`, limit) as string[]
  ).map(String);
}

/** The account's data cell as the producer saved it (its latest state). */
function savedData(account: string): Cell {
  // deflated in the file (schema version 7)
  const boc = decodeBoc(
    s.sql.prepare('SELECT shard_account FROM producer_accounts WHERE account = ?').pluck().get(account) as Buffer,
  );
  const sa = loadShardAccount(Cell.fromBoc(boc)[0]!.beginParse());
  const st = sa.account?.storage.state;
  if (st?.type !== 'active' || !st.state.data) throw new Error(`${account} is not active in producer_accounts`);
  return st.state.data;
}

describe('blocks, as TonClient reads them', () => {
  it('getWorkchainShards: the shard blocks each masterchain block lists (shard_state), with their hashes', async () => {
    const newest = lastMc();
    for (const seqno of [1, Math.floor(newest / 2), newest]) {
      const shards = await client.getWorkchainShards(seqno);
      const expected = s.sql
        .prepare('SELECT workchain, shard, seqno FROM shard_state WHERE mc_seqno = ? ORDER BY workchain, shard')
        .all(seqno) as { workchain: bigint; shard: bigint; seqno: bigint }[];
      expect(expected.length).toBeGreaterThan(0);
      expect(shards).toEqual(
        expected.map((e) => ({ workchain: Number(e.workchain), shard: e.shard.toString(), seqno: Number(e.seqno) })),
      );
      const r = await ok(`/api/v2/getShards?seqno=${seqno}`);
      for (const b of r.shards) {
        const row = s.sql
          .prepare('SELECT root_hash, file_hash FROM blocks WHERE workchain = ? AND shard = ? AND seqno = ?')
          .get(b.workchain, BigInt(b.shard), b.seqno) as { root_hash: Buffer; file_hash: Buffer };
        expect([b.root_hash, b.file_hash]).toEqual([b64(row.root_hash), b64(row.file_hash)]);
      }
    }
    // `shards` is TonClient's name for it; both answer alike
    const a = await rpc('shards', { seqno: newest });
    const b = await rpc('getShards', { seqno: newest });
    expect(getShards.response.parse({ ok: a.body.ok, result: a.body.result }).result.shards).toEqual(
      (b.body.result as { shards: unknown }).shards,
    );
  });

  it('getShardTransactions: a shard block’s transactions in (account, lt) order', async () => {
    const blocks = s.sql
      .prepare(
        `SELECT workchain, shard, seqno FROM blocks WHERE workchain = 0 AND tx_count BETWEEN 2 AND 40
           AND mc_seqno <= (SELECT max(seqno) FROM blocks WHERE workchain = -1) ORDER BY tx_count DESC LIMIT 3`,
      )
      .all() as { workchain: bigint; shard: bigint; seqno: bigint }[];
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) {
      const txs = await client.getShardTransactions(Number(b.workchain), Number(b.seqno), b.shard.toString());
      const rows = s.sql
        .prepare(
          'SELECT account, lt, hash FROM transactions WHERE workchain = ? AND shard = ? AND block_seqno = ? ORDER BY account, lt',
        )
        .all(b.workchain, b.shard, b.seqno) as { account: string; lt: bigint; hash: Buffer }[];
      expect(txs.map((t) => [t.account.toRawString().toUpperCase(), t.lt, t.hash])).toEqual(
        rows.map((r) => [r.account.toUpperCase(), r.lt.toString(), b64(r.hash)]),
      );
    }
  });

  it('getBlockTransactions: pages walked by after_lt + after_hash give the whole block', async () => {
    const b = s.sql
      .prepare(
        `SELECT workchain, shard, seqno, tx_count FROM blocks WHERE tx_count > 5
           AND mc_seqno <= (SELECT max(seqno) FROM blocks WHERE workchain = -1) ORDER BY tx_count DESC LIMIT 1`,
      )
      .get() as { workchain: bigint; shard: bigint; seqno: bigint; tx_count: bigint };
    const walked: string[] = [];
    let cursor = '';
    for (;;) {
      const r = await ok(
        `/api/v2/getBlockTransactions?workchain=${b.workchain}&shard=${b.shard}&seqno=${b.seqno}&count=2${cursor}`,
      );
      walked.push(...r.transactions.map((t: { hash: string }) => t.hash));
      if (!r.incomplete) break;
      const last = r.transactions.at(-1);
      cursor = `&after_lt=${last.lt}&after_hash=${q(last.account)}`;
    }
    const rows = s.sql
      .prepare(
        'SELECT hash FROM transactions WHERE workchain = ? AND shard = ? AND block_seqno = ? ORDER BY account, lt',
      )
      .pluck()
      .all(b.workchain, b.shard, b.seqno) as Buffer[];
    expect(walked).toEqual(rows.map(b64));
    expect(walked).toHaveLength(Number(b.tx_count));
  });

  it('lookupBlock by seqno, by an lt of the block, by its time, and by nothing (the newest)', async () => {
    const mc = lastMc();
    const rows = s.sql
      .prepare(
        `SELECT workchain, shard, seqno, root_hash, start_lt, end_lt, gen_utime FROM blocks
          WHERE mc_seqno <= ? AND (workchain = -1 AND seqno IN (1, ?) OR workchain = 0 AND tx_count > 0)
          ORDER BY seqno DESC LIMIT 4`,
      )
      .all(mc, Math.floor(mc / 2)) as {
      workchain: bigint;
      shard: bigint;
      seqno: bigint;
      root_hash: Buffer;
      start_lt: bigint;
      end_lt: bigint;
      gen_utime: bigint;
    }[];
    for (const b of rows) {
      const chain = `workchain=${b.workchain}&shard=${b.shard}`;
      for (const by of [`seqno=${b.seqno}`, `lt=${b.end_lt}`, `lt=${b.start_lt}`]) {
        const r = await ok(`/api/v2/lookupBlock?${chain}&${by}`);
        expect([r.seqno, r.root_hash], by).toEqual([Number(b.seqno), b64(b.root_hash)]);
      }
      // by time: the last block of the chain generated at or before it
      const byTime = s.sql
        .prepare(
          `SELECT seqno FROM blocks WHERE workchain = ? AND shard = ? AND gen_utime <= ? AND mc_seqno <= ?
            ORDER BY gen_utime DESC, seqno DESC LIMIT 1`,
        )
        .pluck()
        .get(b.workchain, b.shard, b.gen_utime, mc) as bigint;
      expect((await ok(`/api/v2/lookupBlock?${chain}&unixtime=${b.gen_utime}`)).seqno).toBe(Number(byTime));
    }
    expect((await ok(`/api/v2/lookupBlock?workchain=-1&shard=${FULL}`)).seqno).toBe(mc);
  });

  it('lookupBlock reads the shard it is given as a liteserver does, as an account prefix: any prefix finds the block of the shard holding it', async () => {
    const mc = lastMc();
    // the basechain's shards as the newest masterchain block lists them, each with its newest block
    const layout = s.sql
      .prepare(
        `SELECT shard, max(seqno) AS seqno, max(end_lt) AS end_lt FROM blocks
          WHERE workchain = 0 AND mc_seqno <= ? GROUP BY shard`,
      )
      .all(mc) as { shard: bigint; seqno: bigint; end_lt: bigint }[];
    const shards = (await ok(`/api/v2/getShards?seqno=${mc}`)).shards as { shard: string }[];
    // a split workchain, or the whole-workchain id would be found as it is
    expect(shards.length).toBeGreaterThan(1);
    const unsigned = (v: bigint | string) => BigInt.asUintN(64, BigInt(v));
    for (const { shard } of shards) {
      const id = unsigned(shard);
      const tag = id & -id;
      // the prefix of the shard's first half: no shard has that id, the shard holds that prefix
      const inside = BigInt.asIntN(64, (id - tag) | (tag >> 1n));
      const newest = layout.find((l) => unsigned(l.shard) === id)!;
      for (const by of [`seqno=${newest.seqno}`, `lt=${newest.end_lt}`]) {
        const r = await ok(`/api/v2/lookupBlock?workchain=0&shard=${inside}&${by}`);
        expect([r.shard, r.seqno], by).toEqual([shard, Number(newest.seqno)]);
      }
    }
    // the whole workchain's id is the prefix 1000…: the shard holding it answers
    const holder = shards.find(({ shard }) => {
      const id = unsigned(shard);
      const tag = id & -id;
      return (id & ~(tag * 2n - 1n)) === ((1n << 63n) & ~(tag * 2n - 1n));
    })!;
    const r = await ok(`/api/v2/lookupBlock?workchain=0&shard=${FULL}`);
    expect(r.shard).toBe(holder.shard);
  });

  it('getBlockHeader: the block’s own figures and previous blocks; a recorded TON Center header holds the same contract', async () => {
    const b = s.sql
      .prepare(
        `SELECT workchain, shard, seqno, root_hash, file_hash, start_lt, end_lt, gen_utime, global_id, prev_blocks
           FROM blocks WHERE workchain = 0 AND seqno > 1 ORDER BY seqno DESC LIMIT 1 OFFSET 3`,
      )
      .get() as Record<string, bigint | Buffer | string>;
    const r = await ok(
      `/api/v2/getBlockHeader?workchain=0&shard=${b.shard}&seqno=${b.seqno}&root_hash=${q(b64(b.root_hash as Buffer))}`,
    );
    expect(r.id.root_hash).toBe(b64(b.root_hash as Buffer));
    expect(r.id.file_hash).toBe(b64(b.file_hash as Buffer));
    expect([r.start_lt, r.end_lt, r.gen_utime, r.global_id]).toEqual([
      String(b.start_lt),
      String(b.end_lt),
      Number(b.gen_utime),
      Number(b.global_id),
    ]);
    expect(r.prev_blocks.map((p: { seqno: number }) => p.seqno)).toContain(Number(b.seqno) - 1);
    const fixture = JSON.parse(
      readFileSync(
        new URL('../../api/test-support/fixtures/ton-center/v2-block-header-blockpi-mc39984096.json', import.meta.url),
        'utf8',
      ),
    ) as { result: Record<string, unknown> };
    checkTonCenterAnswer('/api/v2/getBlockHeader', fixture);
    expect(Object.keys(r).sort()).toEqual(Object.keys(fixture.result).sort());
  });
});

describe('wallets: seqno and wallet id by their own get methods', () => {
  it.each(['wallet_v4r2', 'wallet_v5r1'])(
    'getWalletInformation and getExtendedAddressInformation of %s',
    async (iface) => {
      const wallets = settled(iface);
      expect(wallets.length).toBeGreaterThan(0);
      for (const account of wallets) {
        const data = savedData(account).beginParse();
        // v4: seqno, subwallet id; v5 r1: signature allowed (1 bit), seqno, wallet id (int32)
        const allowed = iface === 'wallet_v5r1' ? data.loadBit() : undefined;
        const seqno = data.loadUint(32);
        const walletId = iface === 'wallet_v5r1' ? data.loadInt(32) : data.loadUint(32);
        const { status, body } = await rpc('getWalletInformation', { address: account });
        expect(status).toBe(200);
        const info = getWalletInformation.response.parse({ ok: body.ok, result: body.result }).result;
        expect(info).toMatchObject({
          wallet: true,
          wallet_type: iface === 'wallet_v5r1' ? 'wallet v5 r1' : 'wallet v4 r2',
          seqno,
          wallet_id: walletId,
          account_state: 'active',
        });
        expect(info.is_signature_allowed).toBe(allowed);
        const byGet = await ok(`/api/v2/getWalletInformation?address=${account}`);
        expect({ ...byGet, '@extra': '' }).toEqual({ ...info, '@extra': '' });
        const ext = getExtendedAddressInformation.response.parse({
          ok: true,
          result: await ok(`/api/v2/getExtendedAddressInformation?address=${account}`),
        }).result;
        const plain = await ok(`/api/v2/getAddressInformation?address=${account}`);
        expect([ext.balance, ext.last_transaction_id, ext.block_id]).toEqual([
          plain.balance,
          plain.last_transaction_id,
          plain.block_id,
        ]);
        expect(ext.address.account_address).toBe(Address.parse(account).toString({ bounceable: true, urlSafe: true }));
        // tonlib parses wallet v4; v5 comes raw
        if (iface === 'wallet_v4r2')
          expect(ext.account_state).toEqual({ '@type': 'wallet.v4.accountState', wallet_id: String(walletId), seqno });
        else
          expect(ext.account_state).toEqual({
            '@type': 'raw.accountState',
            code: plain.code,
            data: plain.data,
            frozen_hash: '',
          });
      }
    },
  );

  it('a contract that is no wallet, and an address never seen: wallet false, no wallet fields', async () => {
    const [jetton] = settled('jetton_master', 1);
    const info = await ok(`/api/v2/getWalletInformation?address=${jetton}`);
    expect(info.wallet).toBe(false);
    expect(info).not.toHaveProperty('seqno');
    const nobody = await ok(`/api/v2/getWalletInformation?address=0:${'ab'.repeat(32)}`);
    // pyTON's balance of an account that does not exist: the number 0 (v2-real-shapes.test.ts)
    expect(nobody).toMatchObject({ wallet: false, balance: 0, account_state: 'uninitialized' });
    const ext = await ok(`/api/v2/getExtendedAddressInformation?address=0:${'ab'.repeat(32)}`);
    expect(ext.account_state).toEqual({ '@type': 'uninited.accountState', frozen_hash: '' });
  });
});

describe('get methods of tokens through TonClient.runMethod', () => {
  it('get_jetton_data on a jetton master: total supply and admin of its saved data', async () => {
    const masters = settled('jetton_master');
    expect(masters.length).toBeGreaterThan(0);
    for (const account of masters) {
      const saved = readJettonMinterData(savedData(account))!;
      const r = await client.runMethod(Address.parse(account), 'get_jetton_data');
      expect(r.stack.readBigNumber()).toBe(saved.totalSupply);
      expect(r.stack.readNumber()).toBe(-1);
      expect(r.stack.readAddressOpt()?.toRawString()).toBe(saved.admin?.toRawString());
    }
  });

  it('get_wallet_data on a jetton wallet: balance, owner and master of its saved data', async () => {
    const wallets = settled('jetton_wallet');
    expect(wallets.length).toBeGreaterThan(0);
    for (const account of wallets) {
      const saved = readJettonWalletData(savedData(account))!;
      const r = await client.runMethod(Address.parse(account), 'get_wallet_data');
      expect(r.stack.readBigNumber()).toBe(saved.balance);
      expect(r.stack.readAddress().toRawString()).toBe(saved.owner.toRawString());
      expect(r.stack.readAddress().toRawString()).toBe(saved.master.toRawString());
    }
  });

  it('get_nft_data on an NFT item: index, collection and owner of its saved data', async () => {
    const items = settled('nft_item');
    expect(items.length).toBeGreaterThan(0);
    for (const account of items) {
      const saved = readNftItemData(savedData(account))!;
      const r = await client.runMethod(Address.parse(account), 'get_nft_data');
      expect(r.stack.readNumber()).toBe(saved.owner ? -1 : 0);
      expect(r.stack.readBigNumber()).toBe(saved.index);
      expect(r.stack.readAddress().toRawString()).toBe(saved.collection.toRawString());
      expect(r.stack.readAddressOpt()?.toRawString()).toBe(saved.owner?.toRawString());
    }
  });
});

describe('transactions', () => {
  it('tryLocateResultTx / tryLocateTx / tryLocateSourceTx: the two ends of internal messages', async () => {
    const messages = s.sql
      .prepare(
        `SELECT o.source, o.destination, o.created_lt, o.tx_hash AS sent, i.tx_hash AS received
           FROM messages o JOIN messages i ON i.msg_hash = o.msg_hash AND i.direction = 'in'
           JOIN transactions t ON t.hash = i.tx_hash
          WHERE o.direction = 'out' AND o.destination IS NOT NULL
            AND t.mc_seqno <= (SELECT max(seqno) FROM blocks WHERE workchain = -1)
          ORDER BY o.created_lt DESC LIMIT 5`,
      )
      .all()
      // the file keeps a message's accounts as keys (account-key.ts)
      .map((r) => {
        const m = r as { source: Buffer; destination: Buffer; created_lt: bigint; sent: Buffer; received: Buffer };
        return { ...m, source: accountOfKey(m.source), destination: accountOfKey(m.destination) };
      });
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      const source = Address.parse(m.source);
      const destination = Address.parse(m.destination);
      const result = await client.tryLocateResultTx(source, destination, m.created_lt.toString());
      expect(result.hash()).toEqual(m.received);
      const sent = await client.tryLocateSourceTx(source, destination, m.created_lt.toString());
      expect(sent.hash()).toEqual(m.sent);
      const query = `source=${m.source}&destination=${m.destination}&created_lt=${m.created_lt}`;
      expect((await ok(`/api/v2/tryLocateTx?${query}`)).transaction_id.hash).toBe(b64(m.received));
    }
    // a created_lt no message has: 404 naming the message
    const m = messages[0]!;
    const r = await s.get(`/api/v2/tryLocateTx?source=${m.source}&destination=${m.destination}&created_lt=1`);
    expect(r.status).toBe(404);
    expect(r.body.error).toMatch(/created at lt 1 not found/);
  });

  it('getTransactionsV2 answers getTransactions’ list, `count` at a time', async () => {
    const [account] = settled('wallet_v4r2', 1);
    const v1 = await ok(`/api/v2/getTransactions?address=${account}&limit=7`);
    const v2 = await ok(`/api/v2/getTransactionsV2?address=${account}&count=7`);
    expect(v2).toEqual(v1);
    const r = await s.get(`/api/v2/getTransactionsV2?address=${account}&limit=7`);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/limit/);
  });
});

describe('utilities and config', () => {
  it('detectAddress, packAddress, unpackAddress: every form of an address, as @ton/core prints it', async () => {
    const [account] = settled('wallet_v4r2', 1);
    const a = Address.parse(account!);
    const forms = {
      raw: account!,
      friendly_bounceable: a.toString({ bounceable: true, urlSafe: true }),
      friendly_non_bounceable: a.toString({ bounceable: false, urlSafe: false }),
    };
    for (const [given, form] of Object.entries(forms)) {
      const r = await ok(`/api/v2/detectAddress?address=${q(form)}`);
      expect(r).toMatchObject({
        raw_form: account,
        bounceable: {
          b64: a.toString({ bounceable: true, urlSafe: false }),
          b64url: a.toString({ bounceable: true, urlSafe: true }),
        },
        non_bounceable: {
          b64: a.toString({ bounceable: false, urlSafe: false }),
          b64url: a.toString({ bounceable: false, urlSafe: true }),
        },
        given_type: given === 'raw' ? 'raw_form' : given,
        test_only: false,
      });
      expect(await ok(`/api/v2/unpackAddress?address=${q(form)}`)).toBe(account);
    }
    expect(await ok(`/api/v2/packAddress?address=${account}`)).toBe(forms.friendly_bounceable);
    const testOnly = await ok(`/api/v2/detectAddress?address=${q(a.toString({ testOnly: true }))}`);
    expect(testOnly.test_only).toBe(true);
  });

  it('detectHash: a hash in hex, base64 and base64url', async () => {
    const hash = s.sql.prepare('SELECT hash FROM transactions LIMIT 1').pluck().get() as Buffer;
    for (const form of [hash.toString('hex'), b64(hash), hash.toString('base64url') + '=']) {
      const r = await ok(`/api/v2/detectHash?hash=${q(form)}`);
      expect([r.hex, r.b64, r.b64url]).toEqual([
        hash.toString('hex').toUpperCase(),
        b64(hash),
        b64(hash).replace(/\+/g, '-').replace(/\//g, '_'),
      ]);
    }
  });

  it('getConfigParam and getConfigAll: the config the ledger was produced under', async () => {
    const params = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      Cell.fromBase64(defaultConfig),
    );
    for (const id of [0, 1, 15, 34]) {
      const { status, body } = await rpc('getConfigParam', { config_id: id });
      expect(status).toBe(200);
      const r = getConfigParam.response.parse({ ok: body.ok, result: body.result }).result;
      expect(Cell.fromBase64(r.config.bytes).hash()).toEqual(params.get(id)!.hash());
    }
    const all = await ok('/api/v2/getConfigAll');
    expect(Cell.fromBase64(all.config.bytes).hash()).toEqual(Cell.fromBase64(defaultConfig).hash());
    const none = await s.get('/api/v2/getConfigParam?config_id=12345');
    expect(none.status).toBe(404);
    expect(none.body.error).toMatch(/config_id 12345/);
  });
});

describe('bad input answers the envelope naming the parameter, never a 500', () => {
  it.each([
    ['getWalletInformation', { address: 'nope' }, 422, /parameter address/],
    ['getExtendedAddressInformation', { address: '0:zz' }, 422, /parameter address/],
    ['detectAddress', { address: 'EQ' + 'A'.repeat(46) }, 422, /parameter address/],
    ['detectHash', { hash: 'abc' }, 422, /parameter hash/],
    ['getShards', { seqno: 99_999_999 }, 404, /masterchain block 99999999 not found/],
    ['getShards', {}, 422, /parameter seqno/],
    ['lookupBlock', { workchain: 0, shard: FULL, seqno: 99_999_999 }, 404, /has seqno 99999999/],
    ['lookupBlock', { workchain: 0, shard: FULL, seqno: 1, lt: 5 }, 422, /at most one/],
    ['lookupBlock', { workchain: 7, shard: FULL, seqno: 1 }, 422, /parameter workchain/],
    ['getBlockHeader', { workchain: 0, shard: 'x', seqno: 1 }, 422, /parameter shard/],
    ['getBlockHeader', { workchain: -1, shard: FULL, seqno: 1, root_hash: 'A'.repeat(43) + '=' }, 404, /root_hash/],
    ['getBlockTransactions', { workchain: 0, shard: FULL, seqno: 99_999_999 }, 404, /not found/],
    ['getBlockTransactions', { workchain: 0, shard: FULL, seqno: 1, after_lt: 1 }, 422, /after_lt and after_hash/],
    ['tryLocateSourceTx', { source: 'x', destination: 'y', created_lt: 1 }, 422, /parameter source/],
    ['tryLocateResultTx', { source: `0:${'00'.repeat(32)}`, destination: `0:${'00'.repeat(32)}` }, 422, /created_lt/],
    ['getConfigParam', { config_id: 'one' }, 422, /parameter config_id/],
    ['getTransactionsV2', { address: `0:${'00'.repeat(32)}`, count: 0 }, 422, /parameter count/],
  ] as const)('%s %j → %i', async (method, params, code, message) => {
    const { status, body } = await rpc(method, params);
    expect(status).toBe(code);
    expect(body).toMatchObject({ ok: false, code, id: '7' });
    expect(body.error).toMatch(message);
    const byGet = await s.get(`/api/v2/${method}?${new URLSearchParams(params as Record<string, string>).toString()}`);
    expect(byGet.status).toBe(code);
  });
});

describe('v3 addressInformation and walletInformation, the v2 reads flattened', () => {
  it.each(['wallet_v4r2', 'wallet_v5r1'])(
    '%s: the same state as v2, seqno and wallet id of its saved data',
    async (iface) => {
      for (const account of settled(iface, 2)) {
        const v2 = await ok(`/api/v2/getAddressInformation?address=${account}`);
        const r = await s.get(`/api/v3/addressInformation?address=${account}&use_v2=true`);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({
          balance: v2.balance,
          code: v2.code,
          data: v2.data,
          frozen_hash: null,
          last_transaction_hash: v2.last_transaction_id.hash,
          last_transaction_lt: v2.last_transaction_id.lt,
          status: 'active',
        });
        const data = savedData(account).beginParse();
        if (iface === 'wallet_v5r1') data.skip(1); // v5 r1: signature allowed, then seqno
        const seqno = data.loadUint(32);
        const walletId = iface === 'wallet_v5r1' ? data.loadInt(32) : data.loadUint(32);
        const w = await s.get(`/api/v3/walletInformation?address=${account}`);
        expect(w.status).toBe(200);
        expect(w.body).toEqual({
          balance: v2.balance,
          last_transaction_hash: v2.last_transaction_id.hash,
          last_transaction_lt: v2.last_transaction_id.lt,
          seqno,
          status: 'active',
          wallet_id: walletId,
          wallet_type: iface,
        });
      }
    },
  );

  it('an address never seen, one left nonexistent, a contract that is no wallet, a bad address', async () => {
    // TON Center's index: an address it holds no state of is the empty account, a zero last transaction
    const empty = {
      balance: '0',
      last_transaction_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      last_transaction_lt: '0',
      status: 'uninit',
    };
    const nobody = `0:${'ab'.repeat(32)}`;
    const address = await s.get(`/api/v3/addressInformation?address=${nobody}`);
    expect(address.body).toEqual({ ...empty, code: null, data: null, frozen_hash: null });
    const wallet = await s.get(`/api/v3/walletInformation?address=${nobody}`);
    expect(wallet.status).toBe(200);
    expect(wallet.body).toEqual(empty);
    // messages bounced off an address with no code: its state, no wallet's fields
    const bounced = accountLeftNonexistent(s.sql);
    const v2 = await ok(`/api/v2/getAddressInformation?address=${bounced}`);
    const left = await s.get(`/api/v3/walletInformation?address=${bounced}`);
    expect(left.status).toBe(200);
    expect(left.body).toEqual({
      // v2 prints the balance of an account that does not exist as the number 0, v3 as a string
      balance: String(v2.balance),
      last_transaction_hash: v2.last_transaction_id.hash,
      last_transaction_lt: v2.last_transaction_id.lt,
      status: 'nonexist',
    });
    const [jetton] = settled('jetton_master', 1);
    const notWallet = await s.get(`/api/v3/walletInformation?address=${jetton}`);
    expect(notWallet.status).toBe(409);
    expect(notWallet.body.error).toMatch(/^not a wallet: /);
    const bad = await s.get('/api/v3/walletInformation?address=nope');
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatch(/parameter address/);
  });
});

describe('v3 runGetMethod, by POST as TON Center takes it, and by GET', () => {
  const post = async (body: unknown, method = 'POST') => {
    const res = await fetch(`${s.base}/api/v3/runGetMethod`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, allow: res.headers.get('allow') };
  };

  it('seqno of a wallet and get_jetton_data of a jetton master, as their saved data says', async () => {
    const [wallet] = settled('wallet_v4r2', 1);
    const r = await post({ address: wallet, method: 'seqno', stack: [] });
    expect(r.status).toBe(200);
    const parsed = v3RunGetMethod.response.parse(r.body);
    expect(parsed).toMatchObject({
      exit_code: 0,
      stack: [{ type: 'num', value: `0x${savedData(wallet!).beginParse().loadUint(32).toString(16)}` }],
    });
    const byGet = await s.get(`/api/v3/runGetMethod?address=${wallet}&method=seqno`);
    expect(byGet.body).toEqual({ ...r.body, gas_used: byGet.body.gas_used });

    const [master] = settled('jetton_master', 1);
    const saved = readJettonMinterData(savedData(master!))!;
    const j = v3RunGetMethod.response.parse((await post({ address: master, method: 'get_jetton_data' })).body);
    expect(j.stack[0]).toEqual({ type: 'num', value: `0x${saved.totalSupply.toString(16)}` });
    expect(j.stack.map((e) => e.type)).toEqual(['num', 'num', 'slice', 'cell', 'cell']);
    // an argument: the jetton wallet address of the admin, as a slice
    const owner = beginCell().storeAddress(saved.admin).endCell().toBoc().toString('base64');
    const w = v3RunGetMethod.response.parse(
      (await post({ address: master, method: 'get_wallet_address', stack: [{ type: 'slice', value: owner }] })).body,
    );
    expect(w.exit_code).toBe(0);
    expect(w.stack[0]!.type).toBe('slice');
  });

  it('a bad stack entry, a bad body and another HTTP method answer v3 errors naming what is wrong', async () => {
    const [wallet] = settled('wallet_v4r2', 1);
    const badType = await post({ address: wallet, method: 'seqno', stack: [{ type: 'tuple', value: [] }] });
    expect(badType.status).toBe(422);
    expect(badType.body.error).toMatch(/parameter stack entry 0: type "tuple"/);
    const notList = await post({ address: wallet, method: 'seqno', stack: { type: 'num' } });
    expect(notList.status).toBe(422);
    expect(notList.body.error).toMatch(/parameter stack/);
    const noAddress = await post({ method: 'seqno' });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.error).toMatch(/parameter address/);
    const array = await post([1, 2]);
    expect(array.status).toBe(422);
    expect(array.body.error).toMatch(/JSON object/);
    const put = await post({}, 'PUT');
    expect(put.status).toBe(405);
    expect(put.allow).toBe('GET, HEAD, POST');
  });
});

describe('tonweb, unchanged', () => {
  it('getWalletInfo, getBlockShards, getMasterchainBlockTransactions walked by its cursor, getMasterchainBlockHeader, getConfigParam', async () => {
    // tonweb's own methods, as its JavaScript has them (its type declarations lag behind)
    const provider = new TonWeb.HttpProvider(`${s.base}/api/v2/jsonRPC`) as unknown as {
      getWalletInfo(address: string): Promise<unknown>;
      getBlockShards(seqno: number): Promise<unknown>;
      getMasterchainBlockTransactions(
        seqno: number,
        limit?: number,
        afterLt?: string,
        account?: string,
      ): Promise<unknown>;
      getMasterchainBlockHeader(seqno: number): Promise<unknown>;
      getConfigParam(id: number): Promise<{ hash(): Promise<Uint8Array> }>;
    };
    const [wallet] = settled('wallet_v4r2', 1);
    const data = savedData(wallet!).beginParse();
    const info = (await provider.getWalletInfo(wallet!)) as { wallet: boolean; seqno: number; wallet_id: number };
    expect([info.wallet, info.seqno, info.wallet_id]).toEqual([true, data.loadUint(32), data.loadUint(32)]);

    const mc = lastMc();
    const shards = (await provider.getBlockShards(mc)) as { shards: { seqno: number }[] };
    expect(shards.shards.map((b) => b.seqno)).toEqual((await client.getWorkchainShards(mc)).map((b) => b.seqno));

    // tonweb's cursor is the lt and the account id (hex, no workchain) of the last transaction seen
    const seqno = Number(
      s.sql
        .prepare(
          'SELECT block_seqno FROM transactions WHERE workchain = -1 GROUP BY block_seqno HAVING count(*) > 2 LIMIT 1',
        )
        .pluck()
        .get() as bigint,
    );
    const walked: string[] = [];
    let after: { lt?: string; account?: string } = {};
    for (;;) {
      const page = (await provider.getMasterchainBlockTransactions(seqno, 2, after.lt, after.account)) as {
        incomplete: boolean;
        transactions: { account: string; lt: string; hash: string }[];
      };
      walked.push(...page.transactions.map((t) => t.hash));
      if (!page.incomplete) break;
      const last = page.transactions.at(-1)!;
      after = { lt: last.lt, account: last.account.split(':')[1]!.toLowerCase() };
    }
    const rows = s.sql
      .prepare('SELECT hash FROM transactions WHERE workchain = -1 AND block_seqno = ? ORDER BY account, lt')
      .pluck()
      .all(seqno) as Buffer[];
    expect(walked).toEqual(rows.map(b64));

    const header = (await provider.getMasterchainBlockHeader(mc)) as {
      id: { seqno: number };
      prev_blocks: { seqno: number }[];
    };
    expect([header.id.seqno, header.prev_blocks.map((b) => b.seqno)]).toEqual([mc, [mc - 1]]);

    const params = Dictionary.loadDirect(
      Dictionary.Keys.Int(32),
      Dictionary.Values.Cell(),
      Cell.fromBase64(defaultConfig),
    );
    const cell = await provider.getConfigParam(34);
    expect(Buffer.from(await cell.hash()).toString('hex')).toBe(params.get(34)!.hash().toString('hex'));
  });
});

describe('hostile JSON-RPC params', () => {
  it('every parameter of the new methods, given odd JSON values, answers the envelope and never a 5xx', async () => {
    const [account] = settled('wallet_v4r2', 1);
    const hash = b64(s.sql.prepare('SELECT hash FROM transactions LIMIT 1').pluck().get() as Buffer);
    const valid: Record<string, unknown> = {
      address: account,
      source: account,
      destination: account,
      created_lt: '1',
      seqno: 1,
      workchain: 0,
      shard: FULL,
      hash,
      config_id: 1,
    };
    const odd: unknown[] = [
      'x'.repeat(5000),
      '🦄💥',
      '',
      '-1',
      '99999999999999999999999999',
      'NaN',
      '0x10',
      true,
      1e308,
      -1,
      1.5,
      [],
      [1, 2],
      {},
      { a: { b: [] } },
    ];
    let calls = 0;
    for (const [path, parameters] of V2_METHOD_CONTRACTS) {
      const method = path.slice('/api/v2/'.length);
      const required = Object.fromEntries(parameters.filter((p) => p.required).map((p) => [p.name, valid[p.name]]));
      for (const p of parameters) {
        for (const value of odd) {
          const { status, body } = await rpc(method, { ...required, [p.name]: value });
          calls += 1;
          const what = `${method} ${p.name}=${JSON.stringify(value).slice(0, 40)} → ${status} ${JSON.stringify(body).slice(0, 200)}`;
          expect(status, what).toBeLessThan(500);
          expect(body.id, what).toBe('7');
          if (status !== 200) {
            expect(body, what).toMatchObject({ ok: false, code: status });
            expect(String(body.error), what).not.toMatch(/SQLITE|at .*\.ts:|node_modules|\/work\//);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
  });
});
