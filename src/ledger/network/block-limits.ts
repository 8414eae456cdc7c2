import { defaultConfig } from '@ton/sandbox';
import { Cell, Dictionary, type Slice } from '@ton/core';

/** One limit of a block: below `underload` a block is underloaded; collation stops adding at `soft`; `hard` is never passed. */
export interface ParamLimits {
  underload: number;
  soft: number;
  hard: number;
}

/** What one block may hold (TL-B `BlockLimits`): its estimated size, the gas of its transactions, its lt span. */
export interface BlockLimits {
  bytes: ParamLimits;
  gas: ParamLimits;
  ltDelta: ParamLimits;
}

// param_limits#c3 underload:# soft_limit:# hard_limit:# = ParamLimits;
function paramLimits(s: Slice): ParamLimits {
  if (s.loadUint(8) !== 0xc3) throw new Error('config: not a ParamLimits');
  return { underload: s.loadUint(32), soft: s.loadUint(32), hard: s.loadUint(32) };
}

// block_limits#5d bytes gas lt_delta = BlockLimits; block_limits_v2#5e adds collated data and
// imported queue limits after those three, which our network does not model
function blockLimits(cell: Cell | undefined, id: number): BlockLimits {
  if (!cell) throw new Error(`config: no parameter ${id} (block limits)`);
  const s = cell.beginParse();
  const tag = s.loadUint(8);
  if (tag !== 0x5d && tag !== 0x5e)
    throw new Error(`config: parameter ${id} is not a BlockLimits (tag ${tag.toString(16)})`);
  return { bytes: paramLimits(s), gas: paramLimits(s), ltDelta: paramLimits(s) };
}

/**
 * The block limits of the config the emulator runs with (the sandbox's default: mainnet's):
 * parameter 22 for the masterchain, 23 for the basechain.
 */
export function configBlockLimits(configBase64: string = defaultConfig): {
  masterchain: BlockLimits;
  basechain: BlockLimits;
} {
  const params = Dictionary.loadDirect(
    Dictionary.Keys.Int(32),
    Dictionary.Values.Cell(),
    Cell.fromBase64(configBase64),
  );
  return { masterchain: blockLimits(params.get(22), 22), basechain: blockLimits(params.get(23), 23) };
}
