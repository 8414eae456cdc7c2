import { type Cell, loadStateInit, type StateInit } from '@ton/core';
import type { DecodedBody } from './decoded';

/**
 * `StateInit`: what a deploying message carries. Code and data are shown by their hashes (base64,
 * as the API prints hashes); the whole cells are in the BOC, one click away.
 */
export function stateInitView(init: StateInit): DecodedBody {
  return {
    type: 'state_init',
    data: {
      split_depth: init.splitDepth ?? null,
      special: init.special ? { tick: init.special.tick, tock: init.special.tock } : null,
      code_hash: init.code ? init.code.hash().toString('base64') : null,
      data_hash: init.data ? init.data.hash().toString('base64') : null,
      libraries: init.libraries ? init.libraries.size : 0,
    },
  };
}

/** A state init cell decoded; `null` when it is not exactly one StateInit. */
export function decodeStateInit(cell: Cell): DecodedBody | null {
  try {
    const slice = cell.beginParse();
    const init = loadStateInit(slice);
    if (slice.remainingBits !== 0 || slice.remainingRefs !== 0) return null;
    return stateInitView(init);
  } catch {
    return null;
  }
}
