// Every real TON Center response of src/api/test-support/fixtures/ton-center (each file's source is in its
// SOURCES.md) goes through a wire schema and a normalizer; a new
// fixture without a reader fails the first test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  normalizeAction,
  normalizeAddressBook,
  normalizeAddressInformation,
  normalizeJettonMasters,
  normalizeBlock,
  normalizeTrace,
  normalizeTransaction,
  normalizeV2BlockHeader,
  normalizeV2BlockTransactionIds,
  normalizeV2BlockTransactions,
  normalizeV2Transaction,
} from './normalize';
import {
  wireActionsResponse,
  wireAddressInformation,
  wireJettonMasters,
  wireShardStateResponse,
  wireTracesResponse,
  wireTransactionsResponse,
  wireV2BlockHeader,
  wireV2BlockTransactionIds,
  wireV2BlockTransactions,
  wireV2Transactions,
} from './wire';
import { normalizeEmulation } from './emulate';

const dir = join(__dirname, 'test-support', 'fixtures', 'ton-center');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const FULL = '-9223372036854775808';
const BASE64_HASH = /^[A-Za-z0-9+/]{43}=$/;

const readers: Record<string, (body: unknown) => unknown> = {
  'v2-block-header-blockpi-mc39984096.json': (b) => normalizeV2BlockHeader(wireV2BlockHeader.parse(b)),
  'v2-block-transactions-blockpi-mc39984096.json': (b) =>
    normalizeV2BlockTransactionIds(wireV2BlockTransactionIds.parse(b)),
  'v2-block-transactions-ext-blockpi-mc39984096.json': (b) =>
    normalizeV2BlockTransactions(wireV2BlockTransactions.parse(b)),
  'v2-block-transactions-pagination-p1.json': (b) => normalizeV2BlockTransactionIds(wireV2BlockTransactionIds.parse(b)),
  'v2-block-transactions-pagination-p2.json': (b) => normalizeV2BlockTransactionIds(wireV2BlockTransactionIds.parse(b)),
  'v2-transactions-1.json': (b) => wireV2Transactions.parse(b).result.map(normalizeV2Transaction),
  'v3-blocks-javadoc.json': (b) => wireShardStateResponse.parse(b).blocks.map(normalizeBlock),
  'v3-transactions-1.json': (b) => wireTransactionsResponse.parse(b).transactions.map(normalizeTransaction),
  'v3-traces-cookbook-mainnet.json': (b) => wireTracesResponse.parse(b).traces.map(normalizeTrace),
  'v3-jetton-masters-kabacoin-testnet.json': (b) => normalizeJettonMasters(wireJettonMasters.parse(b)),
  'v3-actions-built-from-ton-indexer-cases.json': (b) =>
    wireActionsResponse.parse(b).actions.map((a) => normalizeAction(a)),
  'v3-address-information-toncenter-rs-testnet.json': (b) =>
    normalizeAddressInformation(wireAddressInformation.parse(b)),
  'emulate-trace-built-from-cookbook-trace.json': (b) => normalizeEmulation(b),
};

describe('every TON Center fixture', () => {
  it('has a reader, and the copy in the repository is the whole shared set', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files).toEqual(Object.keys(readers).sort());
  });

  for (const [name, read] of Object.entries(readers)) {
    it(`${name} parses and normalizes`, () => {
      expect(() => read(fixture(name))).not.toThrow();
    });
  }
});

describe('what the normalized fixtures say', () => {
  it('traces (mainnet, Go indexer): the tree, hex opcodes as numbers, the address book without interfaces', () => {
    const [t] = wireTracesResponse.parse(fixture('v3-traces-cookbook-mainnet.json')).traces.map(normalizeTrace);
    expect(t!.root!.txHash).toBe('Vy11B+AiGGrDBcGx3UiUFUJozUQ3U2yHvaATSrS03og=');
    expect(Object.keys(t!.transactions)).toHaveLength(6);
    const count = (n: { children: unknown[] }): number =>
      1 + (n.children as { children: unknown[] }[]).reduce((s, c) => s + count(c), 0);
    expect(count(t!.root!)).toBe(6);
    expect(t!.mcSeqnoEnd).toBe(52372896);
    const opcodes = Object.values(t!.transactions).flatMap((x) => x.outMsgs.map((m) => m.opcode));
    expect(opcodes.every((o) => o === null || Number.isInteger(o))).toBe(true);
  });

  it('getBlockHeader: the same Block as a v3 block, ton.blockIdExt accepted, absent v3 fields null', () => {
    const b = normalizeV2BlockHeader(wireV2BlockHeader.parse(fixture('v2-block-header-blockpi-mc39984096.json')));
    expect(b).toMatchObject({
      workchain: -1,
      shard: FULL,
      seqno: 39984096,
      globalId: -239,
      genUtime: 1724744427,
      startLt: '48756940000000',
      endLt: '48756940000004',
    });
    expect(b).toMatchObject({ wantMerge: true, wantSplit: false, keyBlock: false, txCount: null, mcSeqno: 39984096 });
    expect(b.prevBlocks).toEqual([{ workchain: -1, shard: FULL, seqno: 39984095 }]);
    expect(b.rootHash).toMatch(BASE64_HASH);
  });

  it('getBlockTransactions: short ids, and the two pages of the cursor example', () => {
    const all = normalizeV2BlockTransactionIds(
      wireV2BlockTransactionIds.parse(fixture('v2-block-transactions-blockpi-mc39984096.json')),
    );
    expect(all.block).toMatchObject({ workchain: -1, shard: FULL, seqno: 39984096 });
    expect(all.incomplete).toBe(false);
    expect(all.transactions[0]).toEqual({
      account: '-1:3333333333333333333333333333333333333333333333333333333333333333',
      lt: '48756940000001',
      hash: 'RzoRGcEyx5Ia5tEKUWlCpFbg8B0scpuXSyNXf9a4Nsk=',
      mode: 135,
    });

    const p1 = normalizeV2BlockTransactionIds(
      wireV2BlockTransactionIds.parse(fixture('v2-block-transactions-pagination-p1.json')),
    );
    const p2 = normalizeV2BlockTransactionIds(
      wireV2BlockTransactionIds.parse(fixture('v2-block-transactions-pagination-p2.json')),
    );
    expect([p1.incomplete, p2.incomplete]).toEqual([true, false]);
    expect(p1.transactions).toHaveLength(p1.reqCount);
    expect(p2.block).toEqual(p1.block);
    // the cursor is (account, lt) ascending: page 2 starts after page 1's last
    const last = p1.transactions.at(-1)!;
    const next = p2.transactions[0]!;
    expect(next.account > last.account || (next.account === last.account && BigInt(next.lt) > BigInt(last.lt))).toBe(
      true,
    );
    expect(p1.transactions.every((t) => t.mode === null)).toBe(true);
  });

  it('getBlockTransactionsExt: the same transactions as the short-id answer of the same block', () => {
    const ext = normalizeV2BlockTransactions(
      wireV2BlockTransactions.parse(fixture('v2-block-transactions-ext-blockpi-mc39984096.json')),
    );
    const ids = normalizeV2BlockTransactionIds(
      wireV2BlockTransactionIds.parse(fixture('v2-block-transactions-blockpi-mc39984096.json')),
    );
    expect(ext.block).toEqual(ids.block);
    expect(ext.transactions.map((t) => [t.lt, t.hash])).toEqual(ids.transactions.map((t) => [t.lt, t.hash]));
    // tick-tock transactions have no in_msg key at all
    expect(ext.transactions.filter((t) => t.inMsg === null)).toHaveLength(2);
  });

  it('getTransactions: user-friendly address strings, an external-in with an empty source', () => {
    const txs = wireV2Transactions.parse(fixture('v2-transactions-1.json')).result.map(normalizeV2Transaction);
    expect(txs).toHaveLength(7);
    expect(txs[0]!.address).toBe('EQAWnJNnwByLThRxli2zLpnj5Ec6r7R-GmpkOkF3pnWPFuF-');
    expect(txs[0]!.inMsg).toMatchObject({
      source: 'EQDqiUpFpvfxbjdS_kycd_rvhfcm6BJPBgO7zeDdl9Cc1yec',
      value: '53567941',
      initState: null,
    });
    const externals = txs.filter((t) => t.inMsg?.source === '');
    expect(externals).toHaveLength(2);
    expect(externals.every((t) => t.outMsgs.length === 1)).toBe(true);
    for (const t of txs) expect(t.hash).toMatch(BASE64_HASH);
  });

  it('v3 blocks: unsigned hex shards become signed decimal, string times numbers', () => {
    const blocks = wireShardStateResponse.parse(fixture('v3-blocks-javadoc.json')).blocks.map(normalizeBlock);
    expect(blocks).toHaveLength(2);
    const b = blocks[0]!;
    expect(b).toMatchObject({
      workchain: 0,
      shard: String(0x2000000000000000n),
      seqno: 21188229,
      genUtime: 1717130279,
      txCount: 0,
      mcSeqno: 19728375,
    });
    expect(b.prevBlocks).toEqual([{ workchain: 0, shard: String(0x2000000000000000n), seqno: 21188228 }]);
  });

  it('v3 transactions: hex opcode, string created_at, older skipped-compute layout, no trace id', () => {
    const r = wireTransactionsResponse.parse(fixture('v3-transactions-1.json'));
    const [t] = r.transactions.map(normalizeTransaction);
    expect(t!.inMsg).toMatchObject({
      opcode: 0x7362d09c,
      createdAt: 1717058009,
      importFee: null,
      bounce: false,
      body: { comment: null },
    });
    expect(t!.block).toEqual({ workchain: 0, shard: String(0x2000000000000000n), seqno: 21163829 });
    expect(t!.description).toMatchObject({
      aborted: true,
      compute: { skipped: true, reason: 'no_gas' },
      credit: { credit: '1' },
    });
    expect(t!.mcSeqno).toBe(19705707);
    expect(t!.traceId).toBeNull();
    const book = normalizeAddressBook(r.address_book);
    expect(book[t!.account]).toEqual({
      userFriendly: '0QAWnJNnwByLThRxli2zLpnj5Ec6r7R-GmpkOkF3pnWPFgcx',
      domain: null,
      interfaces: [],
    });
  });

  it('jetton/masters (testnet, a masterchain jetton): its content, and the metadata that names it a jetton master', () => {
    const raw = fixture('v3-jetton-masters-kabacoin-testnet.json') as { jetton_masters: { address: string }[] };
    const page = normalizeJettonMasters(wireJettonMasters.parse(raw));
    const address = raw.jetton_masters[0]!.address;
    expect(page.rows[0]).toMatchObject({ address, totalSupply: '100000000000000', mintable: true });
    expect(page.rows[0]!.content.symbol).toBe('KAB');
    // decimals where TON Center puts them: `extra.decimals`, a string
    expect(page.metadata[address]!.tokens[0]!.decimals).toBe(9);
    // the address book has no interfaces; the metadata says what the address is
    expect(page.addressBook[address]!.interfaces).toEqual(['jetton_master']);
  });

  it('addressInformation (testnet): balance, status and last transaction; no address of its own', () => {
    const info = normalizeAddressInformation(
      wireAddressInformation.parse(fixture('v3-address-information-toncenter-rs-testnet.json')),
    );
    expect(info).toEqual({
      balance: '1609999315',
      status: 'active',
      lastTxHash: 'QHUTlAQ3QYFqPfgU0YQ3CWZnaJeUyWyvASZcXBkiHP8=',
      lastTxLt: '26848796000001',
    });
  });
});
