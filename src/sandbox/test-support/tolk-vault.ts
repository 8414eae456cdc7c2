// A Tolk contract of our own (tolk/vault.tolk), compiled by the real Tolk compiler (@ton/tolk-js),
// for the tests of the Tolk ABI reader: its storage has a field of nearly every kind Tolk
// serializes, and a Deposit rewrites all of them with the compiler's own `toCell()`.
//
// VAULT_ABI is its ABI written by hand in the shape the Tolk compiler emits (`abi_schema_version`,
// the flat `unique_types` table, `declarations`, the message and storage types by index), as Acton
// keeps it in a trace bundle's contracts/<name>.json: @ton/tolk-js compiles but does not emit ABIs.
// The cells are the compiler's: a wrong line here makes the contract's own parse fail, or the reader.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTolkCompiler } from '@ton/tolk-js';
import {
  Address,
  Builder,
  Cell,
  beginCell,
  contractAddress,
  type Contract,
  type ContractABI,
  type ContractProvider,
  type Sender,
} from '@ton/core';

const source = join(dirname(fileURLToPath(import.meta.url)), 'tolk');

export const OP_DEPOSIT = 0x5a4f0001;
export const OP_FREEZE = 0x5a4f0002;
export const OP_RECEIPT = 0x5a4f00ff;
export const ERR_NOT_OWNER = 401;

let code: Promise<Cell> | null = null;
/** The vault's code, compiled once per process. */
export function compileVault(): Promise<Cell> {
  code ??= (async () => {
    const r = await runTolkCompiler({
      entrypointFileName: 'vault.tolk',
      fsReadCallback: (path) => readFileSync(join(source, path), 'utf8'),
    });
    if (r.status !== 'ok') throw new Error(`vault.tolk: ${r.message}`);
    return Cell.fromBase64(r.codeBoc64);
  })();
  return code;
}

/** A note as Tolk stores a `Note` struct: an address, then a snake string in a reference. */
export function noteCell(author: Address, text: string): Cell {
  return beginCell().storeAddress(author).storeRef(beginCell().storeStringTail(text).endCell()).endCell();
}

/** The vault's first storage, laid out as Tolk lays out `Storage` (the contract parses it on every message). */
export function initialStorage(owner: Address): Cell {
  const extra = beginCell()
    .storeUint(0, 8) // marks: array<uint8>, no items
    .storeBit(false) // ... and no chunk
    .storeBit(false) // kind: int32 | bool, the int32 variant's prefix 0b0
    .storeInt(42, 32)
    .storeBit(false) // more: cell?, none
    .endCell();
  return new Builder()
    .storeAddress(owner)
    .storeUint(0, 2) // backup: address?, addr_none
    .storeCoins(0)
    .storeUint(0, 32) // count
    .storeBit(true) // active
    .storeUint(0, 2) // mode: Mode.Open, three members in uint2
    .storeUint(0xbeef, 16) // tag: bits16
    .storeBit(false) // last: Point?, none
    .storeBit(false) // history: map, empty
    .storeBit(false) // note: Cell<Note>?, none
    .storeInt(0, 8) // delta
    .storeVarUint(0, 4) // weight: varuint16
    .storeUint(5, 8) // pair.0
    .storeInt(0, 32) // pair.1
    .storeRef(extra)
    .endCell();
}

export class Vault implements Contract {
  /**
   * Sandbox sends the ABI a wrapper carries as it is (`contract.abi`, typed as Tact's): a wrapper
   * holding its Tolk ABI has it read by the Tolk reader, as an Acton bundle's contract file has.
   */
  readonly abi = VAULT_ABI as unknown as ContractABI;
  constructor(
    readonly address: Address,
    readonly init?: { code: Cell; data: Cell },
  ) {}
  static create(code: Cell, owner: Address): Vault {
    const init = { code, data: initialStorage(owner) };
    return new Vault(contractAddress(0, init), init);
  }
  async sendDeploy(provider: ContractProvider, via: Sender, value: bigint) {
    await provider.internal(via, { value, body: beginCell().endCell() });
  }
  async sendDeposit(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    o: { queryId: bigint; note: Cell | null; at: { x: number; y: number } },
  ) {
    const body = beginCell()
      .storeUint(OP_DEPOSIT, 32)
      .storeUint(o.queryId, 64)
      .storeMaybeRef(o.note)
      .storeInt(o.at.x, 16)
      .storeInt(o.at.y, 16)
      .endCell();
    await provider.internal(via, { value, body });
  }
  async sendFreeze(provider: ContractProvider, via: Sender, value: bigint, queryId: bigint, mode: number) {
    const body = beginCell().storeUint(OP_FREEZE, 32).storeUint(queryId, 64).storeUint(mode, 2).endCell();
    await provider.internal(via, { value, bounce: true, body });
  }
}

// The ABI, by type index: the table first, then what names it.
const T = {
  address: 0,
  addressOpt: 1,
  coins: 2,
  uint32: 3,
  bool: 4,
  Mode: 5,
  bits16: 6,
  Point: 7,
  PointOpt: 8,
  history: 9,
  Note: 10,
  CellNote: 11,
  CellNoteOpt: 12,
  int8: 13,
  varuint16: 14,
  uint8: 15,
  int32: 16,
  pair: 17,
  Extra: 18,
  CellExtra: 19,
  Storage: 20,
  int16: 21,
  string: 22,
  marks: 23,
  kind: 24,
  cell: 25,
  cellOpt: 26,
  uint64: 27,
  Deposit: 28,
  Freeze: 29,
  messages: 30,
  VaultMessage: 31,
  Receipt: 32,
  uint2: 33,
} as const;

const field = (name: string, ty_idx: number) => ({ name, ty_idx });
const struct = (name: string, fields: [string, number][], prefix?: number) => ({
  kind: 'struct',
  name,
  ty_idx: T[name as keyof typeof T],
  ...(prefix === undefined ? {} : { prefix: { prefix_num: prefix, prefix_len: 32 } }),
  fields: fields.map(([n, t]) => field(n, t)),
});

export const VAULT_ABI = {
  abi_schema_version: '1',
  contract_name: 'Vault',
  unique_types: [
    { kind: 'address' },
    { kind: 'addressOpt' },
    { kind: 'coins' },
    { kind: 'uintN', n: 32 },
    { kind: 'bool' },
    { kind: 'EnumRef', enum_name: 'Mode' },
    { kind: 'bitsN', n: 16 },
    { kind: 'StructRef', struct_name: 'Point' },
    { kind: 'nullable', inner_ty_idx: T.Point },
    { kind: 'mapKV', key_ty_idx: T.uint32, value_ty_idx: T.coins },
    { kind: 'StructRef', struct_name: 'Note' },
    { kind: 'cellOf', inner_ty_idx: T.Note },
    { kind: 'nullable', inner_ty_idx: T.CellNote },
    { kind: 'intN', n: 8 },
    { kind: 'varuintN', n: 16 },
    { kind: 'uintN', n: 8 },
    { kind: 'intN', n: 32 },
    { kind: 'tensor', items_ty_idx: [T.uint8, T.int32] },
    { kind: 'StructRef', struct_name: 'Extra' },
    { kind: 'cellOf', inner_ty_idx: T.Extra },
    { kind: 'StructRef', struct_name: 'Storage' },
    { kind: 'intN', n: 16 },
    { kind: 'string' },
    { kind: 'arrayOf', inner_ty_idx: T.uint8 },
    {
      kind: 'union',
      variants: [
        { variant_ty_idx: T.int32, prefix_num: 0, prefix_len: 1, is_prefix_implicit: true },
        { variant_ty_idx: T.bool, prefix_num: 1, prefix_len: 1, is_prefix_implicit: true },
      ],
    },
    { kind: 'cell' },
    { kind: 'nullable', inner_ty_idx: T.cell },
    { kind: 'uintN', n: 64 },
    { kind: 'StructRef', struct_name: 'Deposit' },
    { kind: 'StructRef', struct_name: 'Freeze' },
    {
      kind: 'union',
      variants: [
        { variant_ty_idx: T.Deposit, prefix_num: OP_DEPOSIT, prefix_len: 32, is_prefix_implicit: false },
        { variant_ty_idx: T.Freeze, prefix_num: OP_FREEZE, prefix_len: 32, is_prefix_implicit: false },
      ],
    },
    { kind: 'AliasRef', alias_name: 'VaultMessage' },
    { kind: 'StructRef', struct_name: 'Receipt' },
    { kind: 'uintN', n: 2 },
  ],
  struct_instantiations: [],
  alias_instantiations: [],
  declarations: [
    {
      kind: 'enum',
      name: 'Mode',
      ty_idx: T.Mode,
      encoded_as_ty_idx: T.uint2,
      members: [
        { name: 'Open', value: '0' },
        { name: 'Frozen', value: '1' },
        { name: 'Closed', value: '2' },
      ],
    },
    struct('Point', [
      ['x', T.int16],
      ['y', T.int16],
    ]),
    struct('Note', [
      ['author', T.address],
      ['text', T.string],
    ]),
    struct('Extra', [
      ['marks', T.marks],
      ['kind', T.kind],
      ['more', T.cellOpt],
    ]),
    struct('Storage', [
      ['owner', T.address],
      ['backup', T.addressOpt],
      ['total', T.coins],
      ['count', T.uint32],
      ['active', T.bool],
      ['mode', T.Mode],
      ['tag', T.bits16],
      ['last', T.PointOpt],
      ['history', T.history],
      ['note', T.CellNoteOpt],
      ['delta', T.int8],
      ['weight', T.varuint16],
      ['pair', T.pair],
      ['extra', T.CellExtra],
    ]),
    struct(
      'Deposit',
      [
        ['queryId', T.uint64],
        ['note', T.CellNoteOpt],
        ['at', T.Point],
      ],
      OP_DEPOSIT,
    ),
    struct(
      'Freeze',
      [
        ['queryId', T.uint64],
        ['mode', T.Mode],
      ],
      OP_FREEZE,
    ),
    { kind: 'alias', name: 'VaultMessage', ty_idx: T.VaultMessage, target_ty_idx: T.messages },
    struct(
      'Receipt',
      [
        ['queryId', T.uint64],
        ['total', T.coins],
        ['count', T.uint32],
      ],
      OP_RECEIPT,
    ),
  ],
  incoming_messages: [{ body_ty_idx: T.VaultMessage }],
  incoming_external: [],
  outgoing_messages: [{ body_ty_idx: T.Receipt }],
  emitted_events: [],
  storage: { storage_ty_idx: T.Storage },
  get_methods: [{ tvm_method_id: 0, name: 'total', parameters: [], return_ty_idx: T.coins }],
  thrown_errors: [{ kind: 'constant', name: 'ERR_NOT_OWNER', err_code: ERR_NOT_OWNER }],
  compiler_name: 'tolk',
  compiler_version: '1.3.0',
};
