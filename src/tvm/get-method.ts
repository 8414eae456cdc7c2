// A get method run by the real TVM (@ton/sandbox's executor, the emulator's WebAssembly, loaded by
// executor.ts on the first call) on a stored account state.
import type { Address, Cell, TupleItem } from '@ton/core';
import { loadExecutor } from './executor';

export { emulatorLoaded, emulatorReady } from './executor';

/** Gas one call may use (TON Center's liteservers allow about this much to a get method). */
export const GET_METHOD_GAS_LIMIT = 1_000_000n;

export interface GetMethodCall {
  code: Cell;
  data: Cell;
  address: Address;
  balance: bigint;
  /** The time of the block the state is read at. */
  unixTime: number;
  methodId: number;
  stack: TupleItem[];
}

export type GetMethodOutcome =
  { ok: true; exitCode: number; gasUsed: bigint; stack: Cell } | { ok: false; error: string };

/**
 * Runs the method; a method the code does not have ends with its exit code (11), as on the
 * network. The config is the one the ledger's producer runs with (the sandbox's default).
 */
export async function runGetMethod(call: GetMethodCall): Promise<GetMethodOutcome> {
  const { sandbox, run } = await loadExecutor();
  const res = await run.runGetMethod({
    code: call.code,
    data: call.data,
    methodId: call.methodId,
    stack: call.stack,
    config: sandbox.defaultConfig,
    verbosity: 'short',
    address: call.address,
    unixTime: call.unixTime,
    balance: call.balance,
    randomSeed: Buffer.alloc(32),
    gasLimit: GET_METHOD_GAS_LIMIT,
    debugEnabled: false,
  });
  const out = res.output;
  if (!out.success) return { ok: false, error: out.error };
  const { Cell } = await import('@ton/core');
  return {
    ok: true,
    exitCode: out.vm_exit_code,
    gasUsed: BigInt(out.gas_used),
    stack: Cell.fromBase64(out.stack),
  };
}
