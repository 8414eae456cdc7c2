import { beginCell, contractAddress, type Address, type Cell } from '@ton/core';
import { OP } from './opcodes';

// The thrower, the forwarder and the tick-tock counter (see func/).

export function throwBody(exitCode: number, queryId = 0n): Cell {
  return beginCell().storeUint(OP.throwExit, 32).storeUint(queryId, 64).storeUint(exitCode, 16).endCell();
}

export function forwarderData(id: bigint): Cell {
  return beginCell().storeUint(id, 64).endCell();
}

export function forwarderAddress(id: bigint, code: Cell, workchain = 0): Address {
  return contractAddress(workchain, { code, data: forwarderData(id) });
}

export function forwarderInit(id: bigint, code: Cell): { code: Cell; data: Cell } {
  return { code, data: forwarderData(id) };
}

/** A chain: forwarder id, id+1, ... each forwarding once, `hops` times. */
export function chainBody(hops: number, queryId = 0n): Cell {
  return beginCell().storeUint(OP.forwardChain, 32).storeUint(queryId, 64).storeUint(hops, 16).endCell();
}

/** A tree: every forwarder sends `width` messages on, `depth` levels down. */
export function fanBody(width: number, depth: number, queryId = 0n): Cell {
  return beginCell()
    .storeUint(OP.forwardFan, 32)
    .storeUint(queryId, 64)
    .storeUint(width, 8)
    .storeUint(depth, 8)
    .endCell();
}

export function tickTockData(): Cell {
  return beginCell().storeUint(0, 64).storeUint(0, 64).endCell();
}
