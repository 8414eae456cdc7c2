import { Cell, crc16, parseTuple, type TupleItem } from '@ton/core';
import type { StackArgument } from '../../api/operations/run-get-method';
import { ParamError } from '../../api/operations/param-rules';

// TON Center's encoding of a get method's stack. Top level: `["num", "0x1f"]` (hex, `-0x…` when
// negative), `["cell", {bytes}]`, `["slice", {bytes}]`, `["null"]`, `["tuple", {elements}]`; inside a
// tuple the entries are tonlib's objects (`tvm.stackEntryNumber` with a decimal number, ...), which
// is what TonClient and tonweb read.

/** A get method's id from its name, as the FunC and Tolk compilers derive it. */
export const methodId = (method: string | number): number =>
  typeof method === 'number' ? method : (crc16(Buffer.from(method, 'utf8')).readUInt16BE(0) & 0xffff) | 0x10000;

/** The arguments as the TVM takes them; a BOC that is not one cell is the caller's error (422). */
export function stackIn(args: StackArgument[]): TupleItem[] {
  return args.map((a, i): TupleItem => {
    if (a.type === 'num') return { type: 'int', value: a.value };
    let cell: Cell;
    try {
      const cells = Cell.fromBoc(Buffer.from(a.boc));
      if (cells.length !== 1) throw new Error('not one root');
      cell = cells[0]!;
    } catch {
      throw new ParamError(`parameter stack entry ${i}: the ${a.type} is not a BOC of one cell`);
    }
    return { type: a.type, cell };
  });
}

const hex = (v: bigint) => (v < 0n ? `-0x${(-v).toString(16)}` : `0x${v.toString(16)}`);
const bytes = (c: Cell) => c.toBoc().toString('base64');

function entry(item: TupleItem): unknown {
  switch (item.type) {
    case 'int':
      return {
        '@type': 'tvm.stackEntryNumber',
        number: { '@type': 'tvm.numberDecimal', number: item.value.toString() },
      };
    case 'cell':
      return { '@type': 'tvm.stackEntryCell', cell: { '@type': 'tvm.cell', bytes: bytes(item.cell) } };
    case 'slice':
    case 'builder':
      return { '@type': 'tvm.stackEntrySlice', slice: { '@type': 'tvm.slice', bytes: bytes(item.cell) } };
    case 'tuple':
      return { '@type': 'tvm.stackEntryTuple', tuple: { '@type': 'tvm.tuple', elements: item.items.map(entry) } };
    default:
      // null and NaN have no tonlib entry TonClient reads: an empty tuple, as tonlib prints null
      return { '@type': 'tvm.stackEntryTuple', tuple: { '@type': 'tvm.tuple', elements: [] } };
  }
}

/** The result stack (the executor's serialized tuple) in TON Center's top-level encoding. */
export function stackOut(stack: Cell): unknown[] {
  return parseTuple(stack).map((item) => {
    switch (item.type) {
      case 'int':
        return ['num', hex(item.value)];
      case 'cell':
        return ['cell', { bytes: bytes(item.cell) }];
      case 'slice':
      case 'builder':
        return [item.type, { bytes: bytes(item.cell) }];
      case 'tuple':
        return ['tuple', { '@type': 'tvm.tuple', elements: item.items.map(entry) }];
      default:
        return ['null'];
    }
  });
}
