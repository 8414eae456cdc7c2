import { type Cell, loadStateInit, type StateInit } from '@ton/core';
import { bytesToBase64 } from '../bytes';
import type { DecodedBody } from './decoded';

/**
 * `StateInit`: what a deploying message carries. Code and data are shown by their hashes (base64,
 * as the API prints hashes); the whole cells are in the BOC, one click away.
 */
export function stateInitView(init: StateInit): DecodedBody {
  return stateInitViewOf({
    splitDepth: init.splitDepth ?? null,
    special: init.special ?? null,
    codeHash: init.code ? init.code.hash() : null,
    dataHash: init.data ? init.data.hash() : null,
    libraries: init.libraries ? init.libraries.size : 0,
  });
}

/** The same view from the figures alone (a reader that hashes the cells itself gives them). */
export function stateInitViewOf(init: {
  splitDepth: number | null;
  special: { tick: boolean; tock: boolean } | null;
  codeHash: Uint8Array | null;
  dataHash: Uint8Array | null;
  libraries: number;
}): DecodedBody {
  return {
    type: 'state_init',
    data: {
      split_depth: init.splitDepth,
      special: init.special ? { tick: init.special.tick, tock: init.special.tock } : null,
      code_hash: init.codeHash ? bytesToBase64(init.codeHash) : null,
      data_hash: init.dataHash ? bytesToBase64(init.dataHash) : null,
      libraries: init.libraries,
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
