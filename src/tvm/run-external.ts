// An external message run on an account's current state by the real emulator, nothing stored: what
// a lite-server does before it takes a message for broadcast (does the contract accept it?), and
// what a fee estimate reads its fees from. The state is the producer's own (`producer_accounts`):
// the ShardAccount BOC its emulator last returned, so the run is the one the next block would make
// unless another message changes the account first.
import { beginCell, Cell, loadShardAccount, loadTransaction, storeShardAccount, type Transaction } from '@ton/core';
import { loadExecutor } from './executor';

/** An account the network has never seen: `account_none` (the producer runs such a message the same way). */
export const NONEXISTENT_ACCOUNT = beginCell()
  .store(storeShardAccount({ account: undefined, lastTransactionLt: 0n, lastTransactionHash: 0n }))
  .endCell()
  .toBoc();

export interface ExternalRun {
  message: Cell;
  /** The account's ShardAccount BOC, or null when it does not exist. */
  shardAccount: Buffer | null;
  /** Unix seconds the message runs at (now: the next block's time). */
  now: number;
  /** Run an unsigned or wrongly signed wallet message as though its signature were right. */
  ignoreChksig?: boolean;
}

export type ExternalOutcome =
  | { accepted: true; transaction: Transaction; boc: Buffer; shardAccountAfter: Buffer }
  | {
      accepted: false;
      /** The compute phase's exit code, when the contract ran (a wallet's 33: bad seqno; 35: bad signature...). */
      exitCode: number | null;
      /** The emulator's own words. */
      error: string;
    };

/**
 * Runs `message` on the account as the next block would. An external message the contract does not
 * accept (it never reached `accept_message`, or could not pay for its import) makes no transaction:
 * the emulator says why, with the VM's exit code when the contract ran.
 */
export async function runExternal(run: ExternalRun): Promise<ExternalOutcome> {
  const { sandbox, run: executor } = await loadExecutor();
  const shardAccount = run.shardAccount ?? NONEXISTENT_ACCOUNT;
  const state = run.shardAccount ? loadShardAccount(Cell.fromBoc(shardAccount)[0]!.beginParse()) : null;
  const lastLt = state?.lastTransactionLt ?? 0n;
  // The next block is never dated before the account's last transaction (the chain's clock may run
  // a little ahead of the wall clock: the generated history ends near the wall clock, not before
  // it), and an emulator asked to run earlier than the account's last storage payment refuses.
  const now = Math.max(run.now, state?.account?.storageStats.lastPaid ?? 0);
  const { result } = await executor.runTransaction({
    config: sandbox.defaultConfig,
    libs: null,
    verbosity: 'short',
    shardAccount: shardAccount.toString('base64'),
    message: run.message,
    now,
    lt: lastLt + 1_000_000n,
    randomSeed: Buffer.alloc(32),
    ignoreChksig: run.ignoreChksig ?? false,
    debugEnabled: false,
  });
  if (!result.success) {
    return { accepted: false, exitCode: result.vmResults?.vmExitCode ?? null, error: result.error };
  }
  const boc = Buffer.from(result.transaction, 'base64');
  return {
    accepted: true,
    transaction: loadTransaction(Cell.fromBoc(boc)[0]!.beginParse()),
    boc,
    shardAccountAfter: Buffer.from(result.shardAccount, 'base64'),
  };
}

/** TON Center's `query.fees` parts, in nanotons, read from a transaction the emulator made. */
export interface MessageFees {
  /** The import fee of the external message. */
  inFwdFee: bigint;
  storageFee: bigint;
  gasFee: bigint;
  /** What forwarding the messages it sends costs. */
  fwdFee: bigint;
}

/**
 * The fees of a transaction started by an external message: the storage and compute phases' fees
 * and the action phase's forwarding fees as the emulator charged them; the import fee is the rest of
 * the transaction's total (total fees = import + storage + gas + the action phase's own share).
 */
export function feesOf(tx: Transaction): MessageFees {
  const d = tx.description;
  if (d.type !== 'generic') return { inFwdFee: 0n, storageFee: 0n, gasFee: 0n, fwdFee: 0n };
  const storageFee = d.storagePhase?.storageFeesCollected ?? 0n;
  const gasFee = d.computePhase.type === 'vm' ? d.computePhase.gasFees : 0n;
  const fwdFee = d.actionPhase?.totalFwdFees ?? 0n;
  const actionFees = d.actionPhase?.totalActionFees ?? 0n;
  const inFwdFee = tx.totalFees.coins - storageFee - gasFee - actionFees;
  return { inFwdFee: inFwdFee > 0n ? inFwdFee : 0n, storageFee, gasFee, fwdFee };
}
