import { parseTuple, type TupleItem } from '@ton/core';
import type { ResponseOf } from '../../api/operations/api-operation';
import { v3RunGetMethod as api, type V3StackEntry } from '../../api/operations/v3-run-get-method';
import { defineOperation } from '../execution/operation';
import { runOnAccount } from './run-get-method';

const hex = (v: bigint) => (v < 0n ? `-0x${(-v).toString(16)}` : `0x${v.toString(16)}`);

function entry(item: TupleItem): V3StackEntry {
  switch (item.type) {
    case 'int':
      return { type: 'num', value: hex(item.value) };
    case 'cell':
      return { type: 'cell', value: item.cell.toBoc().toString('base64') };
    case 'slice':
    case 'builder':
      return { type: 'slice', value: item.cell.toBoc().toString('base64') };
    case 'tuple':
      return { type: 'tuple', value: item.items.map(entry) };
    default:
      return { type: 'null', value: null };
  }
}

/** v3 runGetMethod: v2's run, the stack in v3's `{type, value}` entries. */
export const v3RunGetMethod = defineOperation(api, {
  light: () => false,
  acceptsPost: true,
  keptByParams: 'whole',
  run: async (ctx, p, out) => {
    const outcome = await runOnAccount(ctx, p);
    const result: ResponseOf<typeof api> = {
      gas_used: Number(outcome.gasUsed),
      exit_code: outcome.exitCode,
      stack: parseTuple(outcome.stack).map(entry),
    };
    await out.write(Buffer.from(JSON.stringify(result)));
  },
});
