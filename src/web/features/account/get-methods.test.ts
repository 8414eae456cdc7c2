import { Address, beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { normalizeStackEntry } from '../../../api/normalize';
import { knownMethods, methodError, methodSearch, parseArg, parseArgs, showStack, stackArgument } from './get-methods';
import { addressSliceBoc, isOneCell, readAddress } from './stack-codec';
import { z } from 'zod/mini';

const ACCOUNT = `0:${'ab'.repeat(32)}`;
const RAW = `0:${'AB'.repeat(32)}`;
const friendly = Address.parse(ACCOUNT).toString({ bounceable: true, urlSafe: true });
const boc = (c: ReturnType<typeof beginCell>) => c.endCell().toBoc().toString('base64');

describe('arguments', () => {
  it('reads numbers in decimal and 0x hex, negative too, within 257 bits', () => {
    expect(parseArg('42')).toEqual({ kind: 'int', value: 42n });
    expect(parseArg(' 0x1F ')).toEqual({ kind: 'int', value: 31n });
    expect(parseArg('-0x10')).toEqual({ kind: 'int', value: -16n });
    expect(parseArg(`0x${'f'.repeat(64)}`)).toEqual({ kind: 'int', value: (1n << 256n) - 1n });
    expect(parseArg(`0x1${'0'.repeat(64)}`)).toMatch(/does not fit a TVM integer/);
  });

  it('reads addresses in raw and user-friendly forms as the same raw address', () => {
    expect(parseArg(ACCOUNT)).toEqual({ kind: 'address', raw: RAW });
    expect(parseArg(friendly)).toEqual({ kind: 'address', raw: RAW });
  });

  it('reads a base64 BOC as a cell, and says what is wrong with anything else', () => {
    const cell = boc(beginCell().storeUint(7, 8));
    expect(parseArg(cell)).toEqual({ kind: 'cell', boc: cell });
    expect(parseArg('hello world')).toMatch(/neither a number .* an address .* nor a base64 BOC/);
    expect(parseArg('')).toMatch(/Empty/);
    // a friendly address with a broken checksum is not an address, nor a BOC
    expect(parseArg(`${friendly.slice(0, -2)}AA`)).toMatch(/neither/);
  });

  it("checks a known method's argument kinds and count", () => {
    const [, getWalletAddress] = knownMethods(['jetton_master']);
    expect(getWalletAddress!.name).toBe('get_wallet_address');
    expect(parseArgs(['42'], getWalletAddress)).toEqual({ ok: false, errors: ['Expected an address, got a number.'] });
    expect(parseArgs([], getWalletAddress)).toEqual({ ok: false, errors: ['Enter owner_address.'] });
    expect(parseArgs([friendly], getWalletAddress)).toEqual({ ok: true, args: [{ kind: 'address', raw: RAW }] });
    // an unknown method takes any arguments of any kind
    expect(parseArgs(['1', ACCOUNT])).toMatchObject({ ok: true });
    expect(parseArgs(['1', 'x'])).toMatchObject({ ok: false, errors: [null, expect.stringMatching(/neither/)] });
  });

  it('names methods by name or numeric id', () => {
    expect(methodError('get_jetton_data')).toBeNull();
    expect(methodError('85143')).toBeNull();
    expect(methodError('1bad')).toMatch(/not a get method/);
    expect(methodError(' ')).toMatch(/Enter/);
  });

  it('lists the methods of every interface once', () => {
    expect(knownMethods(['wallet_v4r2', 'wallet_v5r1']).map((m) => m.name)).toEqual([
      'seqno',
      'get_subwallet_id',
      'get_public_key',
      'get_plugin_list',
      'get_extensions',
    ]);
    expect(knownMethods(['nft_collection']).map((m) => m.name)).toEqual([
      'get_collection_data',
      'get_nft_address_by_index',
    ]);
    expect(knownMethods(undefined)).toEqual([]);
  });

  it('writes an address argument into a slice the contract reads back', () => {
    const a = stackArgument({ kind: 'address', raw: RAW }, addressSliceBoc);
    expect(a.type).toBe('slice');
    expect(readAddress((a as { boc: string }).boc)).toEqual({ raw: RAW });
    expect(stackArgument({ kind: 'int', value: 5n }, addressSliceBoc)).toEqual({ type: 'num', value: 5n });
    expect(isOneCell(boc(beginCell()))).toBe(true);
    expect(isOneCell('te6cc')).toBe(false);
  });
});

describe('the result stack', () => {
  const addressSlice = boc(beginCell().storeAddress(Address.parse(ACCOUNT)));
  const noneSlice = boc(beginCell().storeAddress(null));
  const content = boc(beginCell().storeUint(1, 8).storeRef(beginCell().storeUint(2, 8)));

  it('reads both dialects: top-level pairs and tonlib elements inside tuples', () => {
    const wire = [
      ['num', '0x1f'],
      ['num', '-0x2'],
      ['num', '12'],
      ['cell', { bytes: content, object: {} }],
      ['tvm.Slice', addressSlice],
      ['null'],
      [
        'tuple',
        {
          '@type': 'tvm.tuple',
          elements: [
            { '@type': 'tvm.stackEntryNumber', number: { '@type': 'tvm.numberDecimal', number: '-7' } },
            { '@type': 'tvm.stackEntrySlice', slice: { '@type': 'tvm.slice', bytes: noneSlice } },
            { '@type': 'tvm.stackEntryList', list: { '@type': 'tvm.list', elements: [] } },
          ],
        },
      ],
      ['weird', 1],
    ];
    const shown = showStack(wire.map(normalizeStackEntry), readAddress);
    expect(shown).toEqual([
      { type: 'num', decimal: '31', hex: '0x1f' },
      { type: 'num', decimal: '-2', hex: '-0x2' },
      { type: 'num', decimal: '12', hex: '0xc' },
      { type: 'cell', boc: content, address: null },
      { type: 'slice', boc: addressSlice, address: { raw: RAW } },
      { type: 'null' },
      {
        type: 'tuple',
        items: [
          { type: 'num', decimal: '-7', hex: '-0x7' },
          { type: 'slice', boc: noneSlice, address: 'none' },
          { type: 'list', items: [] },
        ],
      },
      { type: 'unknown', raw: '["weird",1]' },
    ]);
  });

  it('shows a cell that holds more than an address as a cell, not as an address', () => {
    const longer = boc(beginCell().storeAddress(Address.parse(ACCOUNT)).storeUint(1, 1));
    expect(readAddress(longer)).toBeNull();
    expect(readAddress('not a boc')).toBeNull();
  });
});

describe('the call in the URL', () => {
  const search = z.object(methodSearch);
  it('keeps the method and its arguments, a numeric id as text, and drops a malformed list', () => {
    expect(search.parse({ method: 'seqno' })).toEqual({ method: 'seqno' });
    expect(search.parse({ method: 85143, args: ['1', 2] })).toEqual({ method: '85143', args: ['1', '2'] });
    expect(search.parse({ method: 'x', args: 'nope' })).toEqual({ method: 'x', args: [] });
  });
});
