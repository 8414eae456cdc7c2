// The Tact ABI reader on real cells: our contracts' own data and bodies (src/ledger/contracts), and
// cells built with @ton/core's Builder in Tact's layout for every kind of field.
import { describe, expect, it } from 'vitest';
import { Address, beginCell, Cell, Dictionary } from '@ton/core';
import { compileContracts } from '../ledger/contracts/compile';
import { OP } from '../ledger/contracts/opcodes';
import { fanBody, forwarderData, throwBody } from '../ledger/contracts/test-contracts';
import { FORWARDER_ABI, THROWER_ABI } from './test-support/abi';
import { Thrower } from './test-support/contracts';
import { toRaw } from '../ton/address';
import { TactAbi, type AbiDecoding, type AbiField } from '../ton/tact-abi';

const simple = (type: string, format?: string | number, optional = false) =>
  ({ kind: 'simple', type, optional, ...(format === undefined ? {} : { format }) }) as const;
const values = (d: AbiDecoding | null) => {
  if (!d || 'error' in d) throw new Error(`not decoded: ${JSON.stringify(d)}`);
  return Object.fromEntries(d.fields.map((f: AbiField) => [f.path, f.value]));
};
const a1 = Address.parse('0:' + '11'.repeat(32));
const a2 = Address.parse('-1:' + '22'.repeat(32));

describe('TactAbi on our contracts', () => {
  it("reads the thrower's real data and the body that makes it throw", async () => {
    const code = await compileContracts();
    const data = Thrower.fromCode(code.thrower).init!.data;
    const abi = new TactAbi(THROWER_ABI);
    const storage = abi.decodeStorage(data);
    expect(storage).toEqual({
      type: 'Thrower$Data',
      layout: 'fields (Tact 1.6, contract parameters)',
      fields: [{ path: 'marker', type: 'uint32', kind: 'int', value: '7' }],
    });
    expect(abi.decodeBody(throwBody(77, 9n))).toEqual({
      type: 'ThrowExit',
      layout: null,
      fields: [
        { path: 'queryId', type: 'uint64', kind: 'int', value: '9' },
        { path: 'exitCode', type: 'uint16', kind: 'int', value: '77' },
      ],
    });
    // a body of another contract's type, or too short for an opcode: not this ABI's
    expect(abi.decodeBody(fanBody(2, 1))).toBeNull();
    expect(abi.decodeBody(beginCell().storeUint(1, 8).endCell())).toBeNull();
  });

  it("reads the forwarder's data and its fan body", () => {
    const abi = new TactAbi(FORWARDER_ABI);
    expect(values(abi.decodeStorage(forwarderData(1281n)))).toEqual({ id: '1281' });
    expect(values(abi.decodeBody(fanBody(3, 2, 5n)))).toEqual({ queryId: '5', width: '3', depth: '2' });
  });

  it('says what is wrong with a body that does not fit its type', () => {
    const abi = new TactAbi(THROWER_ABI);
    const short = beginCell().storeUint(OP.throwExit, 32).storeUint(1, 64).storeUint(1, 8).endCell();
    expect(abi.decodeBody(short)).toEqual({ error: expect.stringMatching(/^ThrowExit\.exitCode \(uint16\): /) });
    const long = beginCell().storeUint(OP.throwExit, 32).storeUint(1, 64).storeUint(1, 16).storeBit(1).endCell();
    expect(abi.decodeBody(long)).toEqual({ error: '1 bits and 0 references left after ThrowExit' });
  });
});

describe('TactAbi field kinds', () => {
  const abi = new TactAbi({
    name: 'Kinds',
    types: [
      {
        name: 'Point',
        header: null,
        fields: [
          { name: 'x', type: simple('int', 16) },
          { name: 'y', type: simple('int', 16) },
        ],
      },
      {
        name: 'Everything',
        header: 0x01020304,
        fields: [
          { name: 'i', type: simple('int') },
          { name: 'u8', type: simple('uint', 8) },
          { name: 'amount', type: simple('uint', 'coins') },
          { name: 'flag', type: simple('bool') },
          { name: 'owner', type: simple('address') },
          { name: 'maybeOwner', type: simple('address', undefined, true) },
          { name: 'maybeInt', type: simple('int', 32, true) },
          { name: 'noInt', type: simple('int', 32, true) },
          { name: 'p', type: simple('Point') },
          { name: 'maybeP', type: simple('Point', undefined, true) },
          { name: 'refP', type: simple('Point', 'ref') },
          { name: 'payload', type: simple('cell') },
          { name: 'note', type: simple('string') },
          { name: 'noCell', type: simple('cell', undefined, true) },
          { name: 'balances', type: { kind: 'dict', key: 'address', value: 'int' } },
          { name: 'tail', type: simple('slice', 'remainder') },
        ],
      },
    ],
  });

  it('reads each kind, optional ones absent and present, structs inline and by reference', () => {
    const payload = beginCell().storeUint(0xabc, 12).endCell();
    const dict = Dictionary.empty(Dictionary.Keys.Address(), Dictionary.Values.BigInt(257)).set(a1, 5n);
    const point = (x: number, y: number) => beginCell().storeInt(x, 16).storeInt(y, 16);
    // laid out as Tact does: the first cell has 990 bits and 3 references (less one for the link);
    // its fields' upper bounds fill it up to `noInt`, the next cell takes references up to `note`
    // (keeping one for the link), and the last the rest
    const third = beginCell().storeMaybeRef(null).storeDict(dict).storeUint(0b101, 3);
    const second = beginCell()
      .storeBuilder(point(1, -2))
      .storeBit(true)
      .storeBuilder(point(3, 4))
      .storeRef(point(5, 6).endCell())
      .storeRef(payload)
      .storeRef(beginCell().storeStringTail('hello').endCell())
      .storeRef(third.endCell());
    const body = beginCell()
      .storeUint(0x01020304, 32)
      .storeInt(-12345678901234567890n, 257)
      .storeUint(200, 8)
      .storeCoins(1_500_000_000n)
      .storeBit(true)
      .storeAddress(a1)
      .storeAddress(null)
      .storeBit(true)
      .storeInt(-7, 32)
      .storeBit(false)
      .storeRef(second.endCell())
      .endCell();
    expect(new TactAbi({ types: [] }).decodeBody(body)).toBeNull();
    const d = abi.decodeBody(body);
    expect(values(d)).toEqual({
      i: '-12345678901234567890',
      u8: '200',
      amount: '1500000000',
      flag: 'true',
      owner: toRaw(a1),
      maybeOwner: null,
      maybeInt: '-7',
      noInt: null,
      p: 'Point',
      'p.x': '1',
      'p.y': '-2',
      maybeP: 'Point',
      'maybeP.x': '3',
      'maybeP.y': '4',
      refP: 'Point',
      'refP.x': '5',
      'refP.y': '6',
      payload: payload.toBoc().toString('base64'),
      note: 'hello',
      noCell: null,
      balances: beginCell().storeDictDirect(dict).endCell().toBoc().toString('base64'),
      tail: beginCell().storeUint(0b101, 3).endCell().toBoc().toString('base64'),
    });
    const types = Object.fromEntries((d as { fields: AbiField[] }).fields.map((f) => [f.path, [f.type, f.kind]]));
    expect(types).toMatchObject({
      amount: ['coins', 'int'],
      maybeOwner: ['address?', 'null'],
      balances: ['map<address, int>', 'map'],
      tail: ['slice as remaining', 'cell'],
      refP: ['Point', 'struct'],
    });
  });

  it("splits a struct too large for a cell as Tact does, and tries Tact's storage layouts", () => {
    const big = new TactAbi({
      name: 'Big',
      types: [
        {
          name: 'Big$Data',
          header: null,
          fields: ['a', 'b', 'c', 'd'].map((name) => ({ name, type: simple('address') })),
        },
      ],
    });
    // three addresses (801 bits) fit in the 1022 bits the first cell has, the fourth goes on
    const fields = (b: ReturnType<typeof beginCell>) =>
      b.storeAddress(a1).storeAddress(a2).storeAddress(a1).storeRef(beginCell().storeAddress(a2).endCell());
    const want = { a: toRaw(a1), b: toRaw(a2), c: toRaw(a1), d: toRaw(a2) };
    const sys = new Cell();
    const old = big.decodeStorage(fields(beginCell().storeRef(sys).storeBit(true)).endCell());
    expect(values(old)).toEqual(want);
    expect(old).toMatchObject({ layout: 'system cell, initialized bit, fields (Tact ≤ 1.5)' });
    expect(big.decodeStorage(fields(beginCell().storeBit(true)).endCell())).toMatchObject({
      layout: 'initialized bit, fields (Tact 1.6, init())',
    });
    expect(values(big.decodeStorage(fields(beginCell()).endCell()))).toEqual(want);
    // not yet initialized (init()'s arguments only), or not this type at all: the reasons, per layout
    const lazy = big.decodeStorage(beginCell().storeBit(false).storeUint(3, 8).endCell());
    expect(lazy).toEqual({ error: expect.stringContaining('the initialized bit is 0: init() has not run yet') });
    expect(lazy).toEqual({ error: expect.stringMatching(/^the data is not a Big\$Data in any of Tact's layouts/) });
  });

  it('refuses what is not a Tact ABI, naming where', () => {
    expect(() => new TactAbi({ types: [{ name: 'X', fields: [{ name: 'f', type: { kind: 'weird' } }] }] })).toThrow(
      /^not a Tact ABI: types\.0\.fields\.0\.type: /,
    );
    expect(() => new TactAbi('nope')).toThrow(/^not a Tact ABI: the ABI: /);
    const bad = new TactAbi({
      types: [{ name: 'M', header: 1, fields: [{ name: 'x', type: simple('int', 300) }] }],
    });
    expect(bad.decodeBody(beginCell().storeUint(1, 32).endCell())).toEqual({
      error: 'unsupported format 300 of int',
    });
    const missing = new TactAbi({ types: [{ name: 'M', header: 1, fields: [{ name: 'x', type: simple('Nope') }] }] });
    expect(missing.decodeBody(beginCell().storeUint(1, 32).endCell())).toEqual({ error: 'the ABI has no type Nope' });
    expect(new TactAbi({ name: 'None', types: [] }).decodeStorage(new Cell())).toBeNull();
  });
});
