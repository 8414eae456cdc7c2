// The reader worker's half of sending and fee estimates: the message run by the real emulator on
// the account's current state (src/tvm/run-external.ts), in a worker like any read, so the
// accepting thread never holds the emulator. Not an HTTP route: the send and fee handlers
// (send-routes.ts) call it through the reader pool by its path.
import { Cell } from '@ton/core';
import type { RawQuery } from '../../api/operations/param-rules';
import { rawAddress } from '../../ton/address';
import { emulatorLoaded, emulatorReady } from '../../tvm/executor';
import { feesOf, runExternal } from '../../tvm/run-external';
import type { Operation } from '../execution/operation';

export const RUN_MESSAGE_PATH = '/internal/run-message';

export interface RunMessageParams {
  /** The external message's BOC (already read and checked by the accepting thread). */
  boc: Buffer;
  /** The destination, raw form. */
  account: string;
  /** Unix seconds: the time the next block runs it at. */
  now: number;
  ignoreChksig: boolean;
}

/** What the worker answers (as JSON; bigints as decimal strings). */
export type RunMessageVerdict =
  | {
      accepted: true;
      fees: { in_fwd_fee: string; storage_fee: string; gas_fee: string; fwd_fee: string };
      exit_code: number | null;
      tx_hash: string;
    }
  | { accepted: false; exit_code: number | null; error: string };

export const runMessageTask: Operation<RunMessageParams> = {
  path: RUN_MESSAGE_PATH,
  parse: (query: RawQuery) => {
    // never parsed from a URL: the handlers hand the worker their parameters as they are
    throw new Error(`${RUN_MESSAGE_PATH} takes no query (${Object.keys(query).join(', ')})`);
  },
  // the first run of a worker loads the emulator (about a second): never the light lane
  light: () => false,
  run: async (ctx, p, out) => {
    if (!emulatorReady() && ctx.interruptible) await ctx.interruptible(emulatorLoaded());
    const shardAccount = await ctx.reader.getShardAccount(rawAddress(p.account));
    const outcome = await runExternal({
      message: Cell.fromBoc(p.boc)[0]!,
      shardAccount,
      now: p.now,
      ignoreChksig: p.ignoreChksig,
    });
    let verdict: RunMessageVerdict;
    if (outcome.accepted) {
      const f = feesOf(outcome.transaction);
      const d = outcome.transaction.description;
      verdict = {
        accepted: true,
        fees: {
          in_fwd_fee: f.inFwdFee.toString(),
          storage_fee: f.storageFee.toString(),
          gas_fee: f.gasFee.toString(),
          fwd_fee: f.fwdFee.toString(),
        },
        exit_code: d.type === 'generic' && d.computePhase.type === 'vm' ? d.computePhase.exitCode : null,
        tx_hash: Cell.fromBoc(outcome.boc)[0]!.hash().toString('hex'),
      };
    } else {
      verdict = { accepted: false, exit_code: outcome.exitCode, error: outcome.error };
    }
    await out.write(Buffer.from(JSON.stringify(verdict)));
  },
};
