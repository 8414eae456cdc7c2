import { describeExitCode, describeResultCode } from '../../ton/exit-codes';

/**
 * TON's three outcomes of a transaction. **success**: the compute phase ran and succeeded, and so
 * did the action phase. **failed**: the compute phase ran and threw (an exit code other than 0 or
 * 1), or the action phase failed, or the transaction was aborted. **skipped**: there was no compute
 * phase at all (no code and none in the message, too little value to buy gas, a state that does
 * not match the address, a suspended account). A skipped phase is how an ordinary transfer's
 * notification to a wallet that is not deployed yet ends (`no_state`), or one carrying less value
 * than its gas costs (`no_gas`): the value stays with the account (or bounces back), nothing ran
 * and nothing broke, so it is not counted as a failure. The network marks such a transaction
 * `aborted` as it marks a failure; the compute phase's `skipped` tells them apart.
 */
export type Outcome = 'success' | 'failed' | 'skipped';

/** What the phases say: all that an outcome is read from (the v2 block list fills it from a BOC). */
export interface PhaseVerdict {
  aborted: boolean;
  computeSkipped: boolean;
  computeSkipReason: string | null;
  exitCode: number | null;
  actionResultCode: number | null;
  /** Not aborted, compute phase absent or successful, action phase absent or successful. */
  success: boolean;
  interfaces: string[];
}

export function outcomeOf(tx: PhaseVerdict): Outcome {
  if (tx.success) return 'success';
  return tx.computeSkipped ? 'skipped' : 'failed';
}

/** Why a compute phase was skipped, in words, by the reason TON Center names (`no_state`...). */
const SKIP_REASONS: Record<string, string> = {
  no_state: 'the account has no code and the message brought none (not deployed), so nothing ran',
  bad_state: "the code and data the message brought do not match the account's address, so nothing ran",
  no_gas: 'the message carried too little value to buy any gas, so nothing ran; the value stays with the account',
  suspended: 'the account is suspended, so nothing ran',
};

export function skipReasonMeaning(reason: string | null): string {
  return (reason && SKIP_REASONS[reason]) ?? 'the compute phase did not run';
}

export interface Verdict {
  outcome: Outcome;
  /** A few words: `success`, `exit code 9: Cell underflow`, `skipped (no_gas)`. */
  text: string;
  /** The longer meaning: the exit code's or the skip reason's sentence; null when there is none. */
  meaning: string | null;
}

export function verdictOf(tx: PhaseVerdict): Verdict {
  const outcome = outcomeOf(tx);
  if (outcome === 'success') return { outcome, text: 'success', meaning: null };
  if (outcome === 'skipped') {
    return {
      outcome,
      text: `skipped${tx.computeSkipReason ? ` (${tx.computeSkipReason})` : ''}`,
      meaning: skipReasonMeaning(tx.computeSkipReason),
    };
  }
  if (tx.exitCode !== null && tx.exitCode !== 0 && tx.exitCode !== 1) {
    const m = describeExitCode(tx.exitCode, { wallet: tx.interfaces.some((i) => i.startsWith('wallet')) });
    return { outcome, text: `exit code ${tx.exitCode}: ${m.name}`, meaning: m.description };
  }
  if (tx.actionResultCode !== null && tx.actionResultCode !== 0) {
    const m = describeResultCode(tx.actionResultCode);
    return { outcome, text: `action phase result ${tx.actionResultCode}: ${m.name}`, meaning: m.description };
  }
  return { outcome, text: 'aborted', meaning: null };
}

/** The mark each outcome is drawn with, beside its words (never colour alone). */
export const OUTCOME_MARK: Record<Outcome, string> = { success: '✓', failed: '✕', skipped: '⊘' };

/** The text colour of each outcome, AA on both themes' backgrounds. */
export const OUTCOME_TONE: Record<Outcome, string> = {
  success: 'text-emerald-700 dark:text-emerald-400',
  failed: 'font-medium text-red-700 dark:text-red-400',
  skipped: 'text-amber-800 dark:text-amber-300',
};

/** How many transactions ended each way. */
export function countOutcomes(txs: Iterable<PhaseVerdict>): Record<Outcome, number> {
  const n: Record<Outcome, number> = { success: 0, failed: 0, skipped: 0 };
  for (const tx of txs) n[outcomeOf(tx)]++;
  return n;
}
