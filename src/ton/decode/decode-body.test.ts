// The decoder against bodies built with @ton/core's builders and @ton/ton's wallets (the same code
// that signs the ledger's externals), against the real TON Center payloads of the API's fixtures,
// and against truncated and malformed bodies, which must come back as null and never throw.
import { Address, beginCell, Cell, internal, SendMode, storeStateInit, type Builder } from '@ton/core';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentCell } from '../comment';
import { decodeBody, decodeBodyBoc, typeOfOpcode, type DecodeOptions } from './decode-body';
import type { DecodedBody, Payload } from './decoded';
import { decodeStateInit } from './state-init';

const A = Address.parseRaw('0:' + 'ab'.repeat(32));
const B = Address.parseRaw('-1:' + '0c'.repeat(32));
const C = Address.parseRaw('0:' + '7f'.repeat(32));
const RAW_A = '0:' + 'AB'.repeat(32);
const RAW_B = '-1:' + '0C'.repeat(32);
const RAW_C = '0:' + '7F'.repeat(32);
const KEY = Buffer.alloc(32, 7);

const body = (op: number, fill: (b: Builder) => Builder): Cell => fill(beginCell().storeUint(op, 32)).endCell();
const data = (d: DecodedBody | null): Record<string, unknown> => {
  expect(d).not.toBeNull();
  expect('data' in d!).toBe(true);
  return (d as { data: Record<string, unknown> }).data;
};

describe('jetton messages', () => {
  it('jetton_transfer with an inline comment as forward payload', () => {
    const cell = body(0x0f8a7ea5, (b) =>
      b
        .storeUint(42n, 64)
        .storeCoins(1_500_000_000n)
        .storeAddress(A)
        .storeAddress(B)
        .storeMaybeRef(null)
        .storeCoins(10n)
        .storeBit(0)
        .storeUint(0, 32)
        .storeStringTail('for you'),
    );
    const d = decodeBody(cell)!;
    expect(d.type).toBe('jetton_transfer');
    const x = data(d);
    expect(x).toMatchObject({
      query_id: '42',
      amount: '1500000000',
      destination: RAW_A,
      response_destination: RAW_B,
      custom_payload: null,
      forward_ton_amount: '10',
    });
    expect((x.forward_payload as Payload).decoded).toEqual({ type: 'text_comment', comment: 'for you' });
    // the payload's BOC is its own cell, decodable on its own
    expect(decodeBodyBoc((x.forward_payload as Payload).boc)).toEqual({ type: 'text_comment', comment: 'for you' });
  });

  it('jetton_transfer with the forward payload in a reference, a custom payload and no response address', () => {
    const inner = body(0xd53276db, (b) => b.storeUint(9n, 64));
    const cell = body(0x0f8a7ea5, (b) =>
      b
        .storeUint(1n, 64)
        .storeCoins(5n)
        .storeAddress(A)
        .storeAddress(null)
        .storeMaybeRef(commentCell('custom'))
        .storeCoins(0n)
        .storeBit(1)
        .storeRef(inner),
    );
    const x = data(decodeBody(cell));
    expect(x.response_destination).toBeNull();
    expect((x.custom_payload as Payload).decoded).toEqual({ type: 'text_comment', comment: 'custom' });
    expect((x.forward_payload as Payload).decoded).toEqual({ type: 'excess', data: { query_id: '9' } });
  });

  it('jetton_internal_transfer, with and without the Either bit', () => {
    const withBit = body(0x178d4519, (b) =>
      b.storeUint(3n, 64).storeCoins(77n).storeAddress(A).storeAddress(B).storeCoins(1n).storeBit(0),
    );
    expect(decodeBody(withBit)).toEqual({
      type: 'jetton_internal_transfer',
      data: {
        query_id: '3',
        amount: '77',
        from: RAW_A,
        response_address: RAW_B,
        forward_ton_amount: '1',
        forward_payload: null,
      },
    });
    const withoutBit = body(0x178d4519, (b) =>
      b.storeUint(3n, 64).storeCoins(77n).storeAddress(A).storeAddress(B).storeCoins(1n),
    );
    expect(data(decodeBody(withoutBit)).forward_payload).toBeNull();
  });

  it('jetton_notify, excess, jetton_burn, jetton_burn_notification', () => {
    expect(
      decodeBody(body(0x7362d09c, (b) => b.storeUint(5n, 64).storeCoins(100n).storeAddress(C).storeBit(0))),
    ).toEqual({
      type: 'jetton_notify',
      data: { query_id: '5', amount: '100', sender: RAW_C, forward_payload: null },
    });
    expect(decodeBody(body(0xd53276db, (b) => b.storeUint(2n ** 64n - 1n, 64)))).toEqual({
      type: 'excess',
      data: { query_id: '18446744073709551615' },
    });
    expect(
      decodeBody(body(0x595f07bc, (b) => b.storeUint(6n, 64).storeCoins(12n).storeAddress(A).storeMaybeRef(null))),
    ).toEqual({
      type: 'jetton_burn',
      data: { query_id: '6', amount: '12', response_destination: RAW_A, custom_payload: null },
    });
    expect(
      decodeBody(body(0x7bdd97de, (b) => b.storeUint(6n, 64).storeCoins(12n).storeAddress(A).storeAddress(B))),
    ).toEqual({
      type: 'jetton_burn_notification',
      data: { query_id: '6', amount: '12', sender: RAW_A, response_destination: RAW_B },
    });
  });

  it('jetton_mint in both layouts: the ledger minter inline, the reference minter with its internal_transfer', () => {
    const ours = body(0x642b7d07, (b) =>
      b.storeUint(8n, 64).storeAddress(A).storeCoins(1000n).storeCoins(20n).storeCoins(50n),
    );
    expect(decodeBody(ours)).toEqual({
      type: 'jetton_mint',
      data: {
        query_id: '8',
        to_address: RAW_A,
        jetton_amount: '1000',
        forward_ton_amount: '20',
        total_ton_amount: '50',
      },
    });
    const master = body(0x178d4519, (b) =>
      b.storeUint(8n, 64).storeCoins(1000n).storeAddress(null).storeAddress(B).storeCoins(0n).storeBit(0),
    );
    const reference = body(0x642b7d07, (b) => b.storeUint(8n, 64).storeAddress(A).storeCoins(50n).storeRef(master));
    const x = data(decodeBody(reference));
    expect(x).toMatchObject({ query_id: '8', to_address: RAW_A, ton_amount: '50' });
    expect((x.master_msg as Payload).decoded?.type).toBe('jetton_internal_transfer');
  });
});

describe('NFT messages', () => {
  it('nft_transfer and nft_ownership_assigned', () => {
    const t = body(0x5fcc3d14, (b) =>
      b
        .storeUint(4n, 64)
        .storeAddress(A)
        .storeAddress(B)
        .storeMaybeRef(null)
        .storeCoins(3n)
        .storeBit(1)
        .storeRef(commentCell('gift')),
    );
    const x = data(decodeBody(t));
    expect(x).toMatchObject({
      query_id: '4',
      new_owner: RAW_A,
      response_destination: RAW_B,
      custom_payload: null,
      forward_amount: '3',
    });
    expect((x.forward_payload as Payload).decoded).toEqual({ type: 'text_comment', comment: 'gift' });
    expect(decodeBody(body(0x05138d91, (b) => b.storeUint(4n, 64).storeAddress(C).storeBit(0)))).toEqual({
      type: 'nft_ownership_assigned',
      data: { query_id: '4', prev_owner: RAW_C, forward_payload: null },
    });
  });

  it('get_static_data and report_static_data, with a TEP-62 uint256 index and a uint64 one', () => {
    expect(decodeBody(body(0x2fcb26a2, (b) => b.storeUint(11n, 64)))).toEqual({
      type: 'get_static_data',
      data: { query_id: '11' },
    });
    const wide = body(0x8b771735, (b) =>
      b
        .storeUint(11n, 64)
        .storeUint(2n ** 200n, 256)
        .storeAddress(A),
    );
    expect(decodeBody(wide)).toEqual({
      type: 'report_static_data',
      data: { query_id: '11', index: (2n ** 200n).toString(), collection: RAW_A },
    });
    const narrow = body(0x8b771735, (b) => b.storeUint(11n, 64).storeUint(7n, 64).storeAddress(A));
    expect(decodeBody(narrow)).toEqual({
      type: 'report_static_data',
      data: { query_id: '11', index: '7', collection: RAW_A },
    });
  });

  it('the collection deploy and the item first message (recognised only on a deploying message)', () => {
    const content = beginCell().storeAddress(C).storeRef(beginCell().storeStringTail('item.json')).endCell();
    const deploy = body(0x00000001, (b) =>
      b.storeUint(1n, 64).storeUint(3n, 64).storeCoins(50_000_000n).storeRef(content),
    );
    const x = data(decodeBody(deploy));
    expect(x).toMatchObject({ query_id: '1', item_index: '3', amount: '50000000' });
    expect((x.content as Payload).decoded).toBeNull();
    expect(decodeBody(content)).toBeNull();
    const init: DecodeOptions = { deploys: true };
    expect(data(decodeBody(content, init)).owner).toBe(RAW_C);
  });
});

describe('comments and bounces', () => {
  it('a text comment spanning several cells, and bytes that are not UTF-8', () => {
    const long = 'ü'.repeat(300);
    expect(decodeBody(commentCell(long))).toEqual({ type: 'text_comment', comment: long });
    expect(decodeBody(body(0, (b) => b.storeBuffer(Buffer.from([0xff, 0xfe]))))).toBeNull();
  });

  it('a bounced jetton internal_transfer names what bounced and the amount the wallet takes back', () => {
    const cell = body(0xffffffff, (b) => b.storeUint(0x178d4519, 32).storeUint(12n, 64).storeCoins(999n));
    expect(decodeBody(cell)).toEqual({
      type: 'bounce',
      data: { original_opcode: 0x178d4519, original_type: 'jetton_internal_transfer', query_id: '12', amount: '999' },
    });
    expect(typeOfOpcode(-1)).toBe('bounce');
    expect(typeOfOpcode(0x0f8a7ea5)).toBe('jetton_transfer');
    expect(typeOfOpcode(0x12345678)).toBeNull();
  });

  it('the ledger contracts: throw_exit, forward_chain, forward_fan', () => {
    expect(decodeBody(body(0x7468726f, (b) => b.storeUint(1n, 64).storeUint(48, 16)))).toEqual({
      type: 'throw_exit',
      data: { query_id: '1', exit_code: 48 },
    });
    expect(decodeBody(body(0x63686e31, (b) => b.storeUint(1n, 64).storeUint(20, 16)))).toEqual({
      type: 'forward_chain',
      data: { query_id: '1', hops: 20 },
    });
    expect(decodeBody(body(0x66616e31, (b) => b.storeUint(1n, 64).storeUint(15, 8).storeUint(2, 8)))).toEqual({
      type: 'forward_fan',
      data: { query_id: '1', width: 15, depth: 2 },
    });
  });
});

describe('wallet externals, as @ton/ton signs them', () => {
  const jettonTransfer = body(0x0f8a7ea5, (b) =>
    b.storeUint(1n, 64).storeCoins(5n).storeAddress(A).storeAddress(B).storeMaybeRef(null).storeCoins(0n).storeBit(0),
  );
  const messages = [
    internal({ to: A, value: 1_000_000_000n, bounce: false, body: 'hello' }),
    internal({ to: C, value: 50_000_000n, bounce: true, body: jettonTransfer }),
  ];

  it('v4r2: signature, subwallet, valid_until, seqno, each message with its mode and decoded body', () => {
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: KEY });
    const cell = wallet.createTransfer({
      seqno: 5,
      secretKey: Buffer.alloc(64, 1),
      messages,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      timeout: 1_700_000_000,
    });
    const d = decodeBody(cell)!;
    expect(d.type).toBe('wallet_signed_v4');
    const x = data(d);
    expect(x).toMatchObject({ subwallet_id: 698983191, valid_until: 1_700_000_000, msg_seqno: 5, op: 'simple_send' });
    expect(x.signature).toBe(cell.beginParse().loadBuffer(64).toString('hex').toUpperCase());
    const inner = x.messages as {
      mode: number;
      message: { destination: string; value: string; bounce: boolean; body: Payload };
    }[];
    expect(inner.map((m) => [m.mode, m.message.destination, m.message.value, m.message.bounce])).toEqual([
      [SendMode.PAY_GAS_SEPARATELY, RAW_A, '1000000000', false],
      [SendMode.PAY_GAS_SEPARATELY, RAW_C, '50000000', true],
    ]);
    expect(inner[0]!.message.body.decoded).toEqual({ type: 'text_comment', comment: 'hello' });
    expect(inner[1]!.message.body.decoded?.type).toBe('jetton_transfer');
  });

  it('v5r1: wallet_id, valid_until, seqno, every send action with its inner message, the trailing signature', () => {
    const wallet = WalletContractV5R1.create({ workchain: 0, publicKey: KEY });
    const cell = wallet.createTransfer({
      seqno: 9,
      secretKey: Buffer.alloc(64, 1),
      messages,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      timeout: 1_700_000_000,
    });
    const d = decodeBody(cell)!;
    expect(d.type).toBe('w5_external_signed_request');
    const x = data(d);
    expect(x).toMatchObject({ valid_until: 1_700_000_000, msg_seqno: 9, extended_actions: [] });
    expect(x.signature).toMatch(/^[0-9A-F]{128}$/);
    const actions = x.out_actions as { type: string; mode: number; message: { destination: string; body: Payload } }[];
    expect(actions.map((a) => [a.type, a.mode, a.message.destination])).toEqual([
      // v5r1's externals always add IGNORE_ERRORS to the mode asked for
      ['action_send_msg', SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS, RAW_A],
      ['action_send_msg', SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS, RAW_C],
    ]);
    expect(actions[1]!.message.body.decoded?.type).toBe('jetton_transfer');
  });

  it('v5r1 with extended actions: each one after the send actions', () => {
    const wallet = WalletContractV5R1.create({ workchain: 0, publicKey: KEY });
    const cell = wallet.createRequest({
      seqno: 1,
      secretKey: Buffer.alloc(64, 1),
      authType: 'external',
      timeout: 1_700_000_000,
      actions: [
        { type: 'sendMsg', mode: SendMode.NONE, outMsg: messages[0]! },
        { type: 'addExtension', address: B },
        { type: 'setIsPublicKeyEnabled', isEnabled: false },
        { type: 'removeExtension', address: A },
      ],
    });
    const x = data(decodeBody(cell));
    expect(x.extended_actions).toEqual([
      { type: 'add_extension', addr: RAW_B },
      { type: 'set_signature_auth_allowed', allowed: false },
      { type: 'delete_extension', addr: RAW_A },
    ]);
    expect((x.out_actions as unknown[]).length).toBe(1);
  });

  it('a state init: code and data hashes', () => {
    const code = beginCell().storeUint(1, 8).endCell();
    const init = beginCell()
      .store(storeStateInit({ code, data: null }))
      .endCell();
    expect(decodeStateInit(init)).toEqual({
      type: 'state_init',
      data: {
        split_depth: null,
        special: null,
        code_hash: code.hash().toString('base64'),
        data_hash: null,
        libraries: 0,
      },
    });
    expect(decodeStateInit(beginCell().storeUint(7, 3).endCell())).toBeNull();
  });
});

describe('real TON Center payloads', () => {
  const dir = join(__dirname, '..', '..', 'api', 'test-support', 'fixtures', 'ton-center');
  const bodies: { file: string; boc: string }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    JSON.parse(readFileSync(join(dir, file), 'utf8'), (key, value: unknown) => {
      if (key === 'body' && typeof value === 'string' && value.startsWith('te6')) bodies.push({ file, boc: value });
      return value;
    });
  }

  it('decodes every message body of the fixtures (never throws), and the known ones to their fields', () => {
    expect(bodies.length).toBeGreaterThan(5);
    const decoded = bodies.map((b) => decodeBodyBoc(b.boc));
    const types = decoded.map((d) => d?.type ?? null);
    expect(types).toContain('wallet_signed_v4');
    expect(types).toContain('jetton_transfer');
    expect(types).toContain('jetton_notify');
    expect(types).toContain('excess');
    // the v3 fixture's notification carries a text comment as its forward payload, in a reference
    const notify = decoded.find(
      (d) => d?.type === 'jetton_notify' && (data(d).forward_payload as Payload | null) !== null,
    )!;
    expect(data(notify)).toMatchObject({
      amount: '111000000000',
      forward_payload: { decoded: { type: 'text_comment', comment: '1985597651' } },
    });
    const transfer = data(decoded.find((d) => d?.type === 'jetton_transfer')!);
    expect(transfer).toMatchObject({
      amount: '12356789000',
      destination: '0:631C65CB4B32543E93A227199AF043D9A8B8F54263B3CE18227FD7400A8608C7',
    });
    // every v4 external of the fixtures fits exactly and carries at least one message
    for (const d of decoded.filter((d) => d?.type === 'wallet_signed_v4'))
      expect((data(d).messages as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('truncated and malformed bodies are undecodable, never an error', () => {
  const samples: Cell[] = [
    body(0x0f8a7ea5, (b) =>
      b
        .storeUint(42n, 64)
        .storeCoins(1n)
        .storeAddress(A)
        .storeAddress(B)
        .storeMaybeRef(null)
        .storeCoins(10n)
        .storeBit(1)
        .storeRef(commentCell('x')),
    ),
    body(0x178d4519, (b) =>
      b.storeUint(3n, 64).storeCoins(77n).storeAddress(A).storeAddress(B).storeCoins(1n).storeBit(0),
    ),
    body(0x7362d09c, (b) => b.storeUint(5n, 64).storeCoins(100n).storeAddress(C).storeBit(0)),
    body(0x5fcc3d14, (b) =>
      b.storeUint(4n, 64).storeAddress(A).storeAddress(B).storeMaybeRef(null).storeCoins(3n).storeBit(0),
    ),
    body(0x8b771735, (b) => b.storeUint(11n, 64).storeUint(7n, 64).storeAddress(A)),
    body(0x7bdd97de, (b) => b.storeUint(6n, 64).storeCoins(12n).storeAddress(A).storeAddress(B)),
    WalletContractV5R1.create({ workchain: 0, publicKey: KEY }).createTransfer({
      seqno: 1,
      secretKey: Buffer.alloc(64, 1),
      messages: [internal({ to: A, value: 1n })],
      sendMode: SendMode.NONE,
      timeout: 1,
    }),
  ];

  it('every prefix of a known body, cut anywhere inside its fields, decodes to null or to the same type', () => {
    for (const full of samples) {
      const type = decodeBody(full)!.type;
      const bits = full.bits.length;
      for (let cut = 0; cut < bits; cut += 7) {
        const prefix = beginCell().storeBits(full.bits.substring(0, cut)).endCell();
        const d = decodeBody(prefix);
        if (d !== null) expect(d.type).toBe(type);
      }
      // cut well inside the fixed fields (opcode + query id + the first field): always null
      expect(decodeBody(beginCell().storeBits(full.bits.substring(0, 40)).endCell())).toBeNull();
      expect(decodeBody(beginCell().storeBits(full.bits.substring(0, 100)).endCell())).toBeNull();
    }
  });

  it('random bytes after a known opcode, empty bodies, a body shorter than an opcode, and BOCs that do not parse', () => {
    let state = 12345;
    const rnd = () => (state = (state * 1103515245 + 12345) & 0x7fffffff);
    for (const op of [0x0f8a7ea5, 0x178d4519, 0x7362d09c, 0x5fcc3d14, 0x7369676e, 0x642b7d07, 0xffffffff, 0x12345678]) {
      for (let i = 0; i < 200; i++) {
        const bytes = Buffer.from(Array.from({ length: rnd() % 90 }, () => rnd() & 0xff));
        expect(() => decodeBody(beginCell().storeUint(op, 32).storeBuffer(bytes).endCell())).not.toThrow();
      }
    }
    expect(decodeBody(Cell.EMPTY)).toBeNull();
    expect(decodeBody(beginCell().storeUint(5, 20).endCell())).toBeNull();
    expect(decodeBodyBoc('not a boc')).toBeNull();
    expect(decodeBodyBoc('')).toBeNull();
    expect(decodeBodyBoc(Buffer.from('b5ee9c72', 'hex').toString('base64'))).toBeNull();
  });
});
