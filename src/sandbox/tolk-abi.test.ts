// The Tolk ABI reader (src/ton/tolk-abi.ts) on cells the Tolk compiler wrote: our vault
// (test-support/tolk/vault.tolk), compiled by @ton/tolk-js and run under @ton/sandbox, its storage
// rewritten by the compiler's own serialization on every deposit; then the kinds the vault does not
// use, on cells built here, and what is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { Cell, Dictionary, ExternalAddress, beginCell, toNano, type Address } from '@ton/core';
import { Blockchain, type BlockchainTransaction, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { toRaw } from '../ton/address';
import type { AbiDecoded, AbiDecoding, AbiField } from '../ton/abi-decoding';
import { readContractAbi } from '../ton/contract-abi';
import { TactAbi } from '../ton/tact-abi';
import { TolkAbi } from '../ton/tolk-abi';
import { ERR_NOT_OWNER, OP_DEPOSIT, VAULT_ABI, Vault, compileVault, noteCell } from './test-support/tolk-vault';

const read = (d: AbiDecoding | null): AbiDecoded => {
  if (d === null) throw new Error('nothing read');
  if ('error' in d) throw new Error(d.error);
  return d;
};
/** path → value of the rows, and path → the whole row. */
const values = (d: AbiDecoding | null) => Object.fromEntries(read(d).fields.map((f) => [f.path, f.value]));
const rows = (d: AbiDecoding | null) => new Map(read(d).fields.map((f): [string, AbiField] => [f.path, f]));

/** A transaction's compute phase exit code (null when it had none). */
function exitCode(t: BlockchainTransaction): number | null {
  const d = t.description;
  return d.type === 'generic' && d.computePhase.type === 'vm' ? d.computePhase.exitCode : null;
}

async function dataOf(chain: Blockchain, a: Address): Promise<Cell> {
  const state = (await chain.getContract(a)).account.account?.storage.state;
  if (state?.type !== 'active' || !state.state.data) throw new Error('the vault is not active');
  return state.state.data;
}

describe('TolkAbi on a contract the Tolk compiler built', () => {
  const abi = new TolkAbi(VAULT_ABI);
  let chain: Blockchain;
  let owner: SandboxContract<TreasuryContract>;
  let vault: SandboxContract<Vault>;

  beforeAll(async () => {
    chain = await Blockchain.create();
    owner = await chain.treasury('owner');
    vault = chain.openContract(Vault.create(await compileVault(), owner.address));
    const deployed = await vault.sendDeploy(owner.getSender(), toNano('1'));
    expect(deployed.transactions.map((t) => exitCode(t))).toEqual([0, 0]);
  });

  it('reads the storage the test laid out, which the contract parses on every message', async () => {
    const v = values(abi.decodeStorage(await dataOf(chain, vault.address)));
    expect(v).toMatchObject({
      owner: toRaw(owner.address),
      backup: null,
      total: '0',
      count: '0',
      active: 'true',
      mode: 'Open (0)',
      tag: 'beef',
      last: null,
      history: null,
      note: null,
      'pair.0': '5',
      'extra.marks': '0 items',
      'extra.kind': '42',
      'extra.more': null,
    });
  });

  it('reads every field of the storage the compiler wrote, the deposit and its receipt', async () => {
    const sent = toNano('2.5');
    const r = await vault.sendDeposit(owner.getSender(), sent, {
      queryId: 91n,
      note: noteCell(owner.address, 'for the rainy day'),
      at: { x: -4, y: 300 },
    });
    const run = r.transactions.find((t) => t.inMessage?.info.dest?.toString() === vault.address.toString())!;
    expect(exitCode(run)).toBe(0);
    const value = run.inMessage!.info.type === 'internal' ? run.inMessage!.info.value.coins : -1n;

    const st = abi.decodeStorage(await dataOf(chain, vault.address));
    expect(read(st).type).toBe('Storage');
    expect(values(st)).toEqual({
      owner: toRaw(owner.address),
      backup: null,
      total: value.toString(),
      count: '1',
      active: 'true',
      mode: 'Open (0)',
      tag: 'beef',
      last: 'Point',
      'last.x': '-4',
      'last.y': '300',
      history: expect.any(String),
      'history[0]': value.toString(),
      note: 'Note',
      'note.author': toRaw(owner.address),
      'note.text': 'for the rainy day',
      delta: '-3',
      weight: '1000',
      pair: '(uint8, int32)',
      'pair.0': '6',
      'pair.1': '-70000',
      extra: 'Extra',
      'extra.marks': '1 item',
      'extra.marks[0]': '1',
      'extra.kind': 'true',
      'extra.more': null,
    });
    // each row's type as Tolk writes it; a union's row says which variant it holds
    const types = rows(st);
    expect(types.get('history')).toMatchObject({ type: 'map<uint32, coins>', kind: 'map' });
    expect(types.get('note')).toMatchObject({ type: 'Cell<Note>?', kind: 'struct' });
    expect(types.get('mode')).toMatchObject({ type: 'Mode', kind: 'enum' });
    expect(types.get('extra.kind')).toMatchObject({ type: 'bool', kind: 'bool' });
    expect(types.get('extra.marks')).toMatchObject({ type: 'array<uint8>' });
    // the map's own cell is the dictionary the contract stored
    const dict = Dictionary.loadDirect(
      Dictionary.Keys.Uint(32),
      Dictionary.Values.BigVarUint(4),
      Cell.fromBase64(types.get('history')!.value!),
    );
    expect(dict.get(0)).toBe(value);

    const deposit = abi.decodeBody(run.inMessage!.body);
    expect(read(deposit).type).toBe('Deposit');
    expect(values(deposit)).toEqual({
      queryId: '91',
      note: 'Note',
      'note.author': toRaw(owner.address),
      'note.text': 'for the rainy day',
      at: 'Point',
      'at.x': '-4',
      'at.y': '300',
    });
    const receipt = abi.decodeBody(run.outMessages.get(0)!.body);
    expect(read(receipt).type).toBe('Receipt');
    expect(values(receipt)).toEqual({ queryId: '91', total: value.toString(), count: '1' });
  });

  it('reads an enum the contract set from a message', async () => {
    const r = await vault.sendFreeze(owner.getSender(), toNano('0.1'), 3n, 2);
    expect(r.transactions.map((t) => exitCode(t))).toEqual([0, 0]);
    const v = values(abi.decodeStorage(await dataOf(chain, vault.address)));
    expect(v).toMatchObject({ mode: 'Closed (2)', active: 'false', count: '1' });
  });

  it("names the exit code a stranger's freeze fails with, as the contract's constant", async () => {
    const stranger = await chain.treasury('stranger');
    const r = await vault.sendFreeze(stranger.getSender(), toNano('0.1'), 4n, 1);
    const failed = r.transactions.find((t) => exitCode(t) === ERR_NOT_OWNER);
    expect(failed).toBeDefined();
    expect(abi.thrownError(ERR_NOT_OWNER)).toEqual({ name: 'ERR_NOT_OWNER', description: null });
    expect(abi.thrownError(402)).toBeNull();
    expect(new TactAbi({ errors: { '4429': { message: 'Invalid sender' } } }).thrownError(4429)).toEqual({
      name: 'Invalid sender',
      description: null,
    });
    expect(new TactAbi({ errors: {} }).thrownError(4429)).toBeNull();
  });

  it('reads no body that is not one of its messages, and says why a cell is not its storage', () => {
    expect(abi.decodeBody(beginCell().storeUint(0x12345678, 32).storeUint(1, 64).endCell())).toBeNull();
    expect(
      abi.decodeBody(
        beginCell()
          .storeUint(OP_DEPOSIT >>> 8, 24)
          .endCell(),
      ),
    ).toBeNull();
    expect(abi.decodeBody(beginCell().endCell())).toBeNull();
    // a deposit's opcode and too little after it
    expect(abi.decodeBody(beginCell().storeUint(OP_DEPOSIT, 32).storeUint(1, 8).endCell())).toEqual({
      error: expect.stringMatching(/^Deposit\.queryId \(uint64\): /),
    });
    expect(abi.decodeStorage(beginCell().storeUint(1, 8).endCell())).toEqual({
      error: expect.stringMatching(/^Storage\.owner \(address\): /),
    });
  });
});

/** A minimal ABI around a table of types: `Root` is a struct of the given fields. */
function tolk(types: object[], fields: [string, number][], extra: Record<string, unknown> = {}) {
  return new TolkAbi({
    abi_schema_version: '1',
    contract_name: 'T',
    unique_types: [...types, { kind: 'StructRef', struct_name: 'Root' }],
    declarations: [
      {
        kind: 'struct',
        name: 'Root',
        ty_idx: types.length,
        fields: fields.map(([name, ty_idx]) => ({ name, ty_idx })),
      },
      ...((extra.declarations as object[]) ?? []),
    ],
    storage: { storage_ty_idx: types.length, ...((extra.storage as object) ?? {}) },
    ...(extra.instantiations ? { struct_instantiations: extra.instantiations } : {}),
  });
}

describe('TolkAbi: the kinds the vault does not use', () => {
  it('reads a generic struct by its instantiation, and a map keyed by an enum through an alias', () => {
    const abi = tolk(
      [
        { kind: 'uintN', n: 8 }, // 0
        { kind: 'coins' }, // 1
        { kind: 'StructRef', struct_name: 'Box', type_args_ty_idx: [1] }, // 2: Box<coins>
        { kind: 'genericT', name_t: 'T' }, // 3
        { kind: 'EnumRef', enum_name: 'Color' }, // 4
        { kind: 'AliasRef', alias_name: 'Shade' }, // 5
        { kind: 'mapKV', key_ty_idx: 5, value_ty_idx: 0 }, // 6
      ],
      [
        ['box', 2],
        ['shades', 6],
      ],
      {
        declarations: [
          { kind: 'struct', name: 'Box', ty_idx: 2, fields: [{ name: 'item', ty_idx: 3 }] },
          {
            kind: 'enum',
            name: 'Color',
            ty_idx: 4,
            encoded_as_ty_idx: 0,
            members: [
              { name: 'Red', value: '0' },
              { name: 'Blue', value: '7' },
            ],
          },
          { kind: 'alias', name: 'Shade', ty_idx: 5, target_ty_idx: 4 },
        ],
        instantiations: [{ ty_idx: 2, struct_name: 'Box', monomorphic_fields_ty_idx: [1] }],
      },
    );
    const shades = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Uint(8));
    shades.set(7, 200);
    shades.set(0, 1);
    const data = beginCell().storeCoins(123n).storeDict(shades).endCell();
    const d = abi.decodeStorage(data);
    expect(values(d)).toEqual({
      box: 'Box<coins>',
      'box.item': '123',
      shades: expect.any(String),
      'shades[Red]': '1',
      'shades[Blue]': '200',
    });
    expect(rows(d).get('shades')!.type).toBe('map<Shade, uint8>');
  });

  it('reads a lisp list in its order, any address, an external address and the rest of a cell', () => {
    const abi = tolk(
      [
        { kind: 'uintN', n: 16 }, // 0
        { kind: 'lispListOf', inner_ty_idx: 0 }, // 1
        { kind: 'addressAny' }, // 2
        { kind: 'addressExt' }, // 3
        { kind: 'remaining' }, // 4
      ],
      [
        ['list', 1],
        ['none', 2],
        ['ext', 3],
        ['rest', 4],
      ],
    );
    // 1, 2, 3 pushed in turn onto nested pairs (each node: a reference to the rest, then its item):
    // the outermost node holds the last pushed, and the list reads in the order they were pushed
    let list = beginCell().endCell();
    for (const item of [1, 2, 3]) list = beginCell().storeRef(list).storeUint(item, 16).endCell();
    const ext = new ExternalAddress(5n, 8);
    const tail = beginCell().storeUint(0xab, 8).storeRef(beginCell().endCell()).endCell();
    const data = beginCell()
      .storeRef(list)
      .storeAddress(null)
      .storeAddress(ext)
      .storeSlice(tail.beginParse())
      .endCell();
    const v = values(abi.decodeStorage(data));
    expect(v).toMatchObject({ list: '3 items', 'list[0]': '1', 'list[1]': '2', 'list[2]': '3', none: null });
    expect(v.ext).toBe(ext.toString());
    expect(v.rest).toBe(tail.toBoc().toString('base64'));
  });

  it('falls back to the storage at deployment, and says why neither reads', () => {
    const abi = tolk(
      [
        { kind: 'uintN', n: 32 }, // 0
        { kind: 'StructRef', struct_name: 'Fresh' }, // 1
      ],
      [
        ['a', 0],
        ['b', 0],
      ],
      {
        declarations: [{ kind: 'struct', name: 'Fresh', ty_idx: 1, fields: [{ name: 'seed', ty_idx: 0 }] }],
        storage: { storage_at_deployment_ty_idx: 1 },
      },
    );
    const d = abi.decodeStorage(beginCell().storeUint(9, 32).endCell());
    expect(d).toEqual({
      type: 'Fresh',
      layout: 'at deployment',
      fields: [expect.objectContaining({ path: 'seed', value: '9' })],
    });
    expect(abi.decodeStorage(beginCell().storeUint(9, 8).endCell())).toEqual({
      error: expect.stringMatching(
        /^Root\.a \(uint32\): .*; and as the storage at deployment: Fresh\.seed \(uint32\): /,
      ),
    });
  });

  it('refuses what cannot be read from a cell, by name', () => {
    const int = tolk([{ kind: 'int' }], [['x', 0]]);
    expect(int.decodeStorage(beginCell().storeUint(1, 257).endCell())).toEqual({
      error: 'x: a int cannot be read from a cell',
    });
    const custom = tolk([{ kind: 'StructRef', struct_name: 'Packed' }], [['p', 0]], {
      declarations: [
        { kind: 'struct', name: 'Packed', ty_idx: 0, fields: [], custom_pack_unpack: { unpack_from_slice: true } },
      ],
    });
    expect(custom.decodeStorage(beginCell().endCell())).toEqual({
      error: "Packed is read by the contract's own code",
    });
    const union = tolk(
      [
        { kind: 'bool' },
        { kind: 'union', variants: [{ variant_ty_idx: 0, prefix_num: 2, prefix_len: 2, is_prefix_implicit: true }] },
      ],
      [['u', 1]],
    );
    expect(union.decodeStorage(beginCell().storeUint(0, 3).endCell())).toEqual({
      error: 'u: no variant of bool has the prefix the cell starts with',
    });
  });

  it('checks the ABI itself, naming what is wrong', () => {
    expect(() => new TolkAbi({ unique_types: [], declarations: 'no' })).toThrow(/^not a Tolk ABI: declarations: /);
    expect(() => new TolkAbi({ unique_types: [], declarations: [], storage: { storage_ty_idx: 3 } })).toThrow(
      'not a Tolk ABI: storage.storage_ty_idx: type 3 is not in unique_types',
    );
    // the language is told by the ABI's shape
    expect(readContractAbi(VAULT_ABI)).toBeInstanceOf(TolkAbi);
    expect(readContractAbi({ name: 'X', types: [] })).toBeInstanceOf(TactAbi);
  });
});
