import { Address, Cell } from '@ton/core';
import type { ResponseOf } from '../../api/operations/api-operation';
import { runGetMethod as api, type StackArgument } from '../../api/operations/run-get-method';
import { emulatorLoaded, emulatorReady, runGetMethod as runOnTvm } from '../../tvm/get-method';
import { NotFoundError } from '../errors';
import { defineOperation, type ReadContext } from '../execution/operation';
import { methodId, stackIn, stackOut } from '../serialize/tvm-stack';
import { v2Extra } from '../serialize/v2-extra';
import { accountAt } from './account-at';

/**
 * Runs a get method on the account's code and data as of the snapshot's masterchain block (or
 * `seqno`'s), its balance and that block's time (shared by v2 and v3 runGetMethod).
 */
export async function runOnAccount(
  ctx: ReadContext,
  p: { address: string; method: string | number; stack: StackArgument[]; seqno?: number },
): Promise<{ exitCode: number; gasUsed: bigint; stack: Cell }> {
  const { state, block } = await accountAt(ctx, p.address, p.seqno);
  const s = state?.state;
  if (!s || s.status !== 'active') throw new NotFoundError(`account ${p.address} is not active: it has no code to run`);
  if (!s.codeBoc || !s.dataBoc)
    throw new NotFoundError(`the ledger keeps no code and data of account ${p.address} at this block`);
  // the worker's first call loads the emulator (a second, several on a busy machine): a request out
  // of time stops waiting for it, but the load goes on, so the worker is kept and the next call runs
  if (!emulatorReady() && ctx.interruptible) await ctx.interruptible(emulatorLoaded());
  const outcome = await runOnTvm({
    code: Cell.fromBoc(s.codeBoc)[0]!,
    data: Cell.fromBoc(s.dataBoc)[0]!,
    address: Address.parse(p.address),
    balance: s.balance,
    unixTime: block.genUtime,
    methodId: methodId(p.method),
    stack: stackIn(p.stack),
  });
  if (!outcome.ok) throw new Error(`the emulator failed: ${outcome.error}`);
  return outcome;
}

/**
 * v2 runGetMethod, in the reader worker: the account's code and data as of the snapshot's
 * masterchain block, its balance and that block's time, run by the real TVM with a gas limit; the
 * request's time budget bounds it like any other read.
 */
export const runGetMethod = defineOperation(api, {
  // the first call of a worker loads the emulator (about a second): never the light lane
  light: () => false,
  // TON Center serves runGetMethod by POST only (a JSON body); GET is ours as for every v2 method
  acceptsPost: true,
  // a wallet's seqno is asked again and again: the run is kept until the next block
  keptByParams: 'v2',
  run: async (ctx, p, out) => {
    const outcome = await runOnAccount(ctx, p);
    // `@extra` last: a kept answer is this body up to it (runKept)
    const result = {
      '@type': 'smc.runResult',
      gas_used: Number(outcome.gasUsed),
      stack: stackOut(outcome.stack),
      exit_code: outcome.exitCode,
      '@extra': v2Extra(ctx),
    } as ResponseOf<typeof api>['result'];
    await out.write(Buffer.from(JSON.stringify({ ok: true, result })));
  },
});
