import type {
  TransactionActionPhase,
  TransactionBouncePhase,
  TransactionComputePhase,
  TransactionCreditPhase,
  TransactionDescription,
  TransactionStoragePhase,
} from '@ton/core';
import type { TransactionDescription as V3Description } from '../store/records';

// @ton/core's parsed description → the v3 `Description` shape of docs/api.md (TON Center's field names
// and value spellings: `no_state`, `negfunds`, amounts as decimal strings, hashes as base64). Every
// field of a description is omitempty on TON Center's server: an absent optional value (a storage
// phase with nothing due, a compute phase without exit argument) is left out, never `null`.

const dec = (v: bigint | null | undefined) => (v === null || v === undefined ? undefined : v.toString());
const hash256 = (v: bigint) => Buffer.from(v.toString(16).padStart(64, '0'), 'hex').toString('base64');

function storagePhase(p: TransactionStoragePhase | null | undefined) {
  if (!p) return undefined;
  return withoutUndefined({
    storage_fees_collected: p.storageFeesCollected.toString(),
    storage_fees_due: dec(p.storageFeesDue),
    status_change: p.statusChange,
  });
}

function creditPhase(p: TransactionCreditPhase | null | undefined) {
  if (!p) return undefined;
  return withoutUndefined({
    // @ton/core spells this field `dueFeesColelcted`
    due_fees_collected: dec(p.dueFeesColelcted),
    credit: p.credit.coins.toString(),
    credit_extra_currencies: extraCurrencies(p.credit.other),
  });
}

export function extraCurrencies(
  other: { keys(): number[]; get(k: number): bigint | undefined } | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!other) return out;
  for (const k of other.keys()) out[String(k)] = (other.get(k) ?? 0n).toString();
  return out;
}

const SKIP_REASON = { 'no-state': 'no_state', 'bad-state': 'bad_state', 'no-gas': 'no_gas' } as const;

function computePhase(p: TransactionComputePhase) {
  if (p.type === 'skipped') return { skipped: true, reason: SKIP_REASON[p.reason] ?? p.reason };
  return withoutUndefined({
    skipped: false,
    success: p.success,
    msg_state_used: p.messageStateUsed,
    account_activated: p.accountActivated,
    gas_fees: p.gasFees.toString(),
    gas_used: p.gasUsed.toString(),
    gas_limit: p.gasLimit.toString(),
    gas_credit: dec(p.gasCredit),
    mode: p.mode,
    exit_code: p.exitCode,
    exit_arg: p.exitArg ?? undefined,
    vm_steps: p.vmSteps,
    vm_init_state_hash: hash256(p.vmInitStateHash),
    vm_final_state_hash: hash256(p.vmFinalStateHash),
  });
}

function actionPhase(p: TransactionActionPhase | null | undefined) {
  if (!p) return undefined;
  return withoutUndefined({
    success: p.success,
    valid: p.valid,
    no_funds: p.noFunds,
    status_change: p.statusChange,
    total_fwd_fees: dec(p.totalFwdFees),
    total_action_fees: dec(p.totalActionFees),
    result_code: p.resultCode,
    result_arg: p.resultArg ?? undefined,
    tot_actions: p.totalActions,
    spec_actions: p.specActions,
    skipped_actions: p.skippedActions,
    msgs_created: p.messagesCreated,
    action_list_hash: hash256(p.actionListHash),
    tot_msg_size: { cells: p.totalMessageSize.cells.toString(), bits: p.totalMessageSize.bits.toString() },
  });
}

function bouncePhase(p: TransactionBouncePhase | null | undefined) {
  if (!p) return undefined;
  if (p.type === 'negative-funds') return { type: 'negfunds' };
  if (p.type === 'no-funds') {
    return {
      type: 'nofunds',
      msg_size: { cells: p.messageSize.cells.toString(), bits: p.messageSize.bits.toString() },
      req_fwd_fees: p.requiredForwardFees.toString(),
    };
  }
  return {
    type: 'ok',
    msg_size: { cells: p.messageSize.cells.toString(), bits: p.messageSize.bits.toString() },
    msg_fees: p.messageFees.toString(),
    fwd_fees: p.forwardFees.toString(),
  };
}

function withoutUndefined<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

export function describeTransaction(d: TransactionDescription): V3Description {
  switch (d.type) {
    case 'generic':
      return withoutUndefined<V3Description>({
        type: 'ord',
        aborted: d.aborted,
        destroyed: d.destroyed,
        credit_first: d.creditFirst,
        storage_ph: storagePhase(d.storagePhase),
        credit_ph: creditPhase(d.creditPhase),
        compute_ph: computePhase(d.computePhase),
        action: actionPhase(d.actionPhase),
        bounce: bouncePhase(d.bouncePhase),
      });
    case 'tick-tock':
      return withoutUndefined<V3Description>({
        type: 'tick_tock',
        aborted: d.aborted,
        destroyed: d.destroyed,
        is_tock: d.isTock,
        storage_ph: storagePhase(d.storagePhase),
        compute_ph: computePhase(d.computePhase),
        action: actionPhase(d.actionPhase),
      });
    case 'storage':
      return { type: 'storage', aborted: false, storage_ph: storagePhase(d.storagePhase) } as V3Description;
    default:
      // Split and merge transactions are not produced by the emulator; keep the type visible.
      return { type: d.type.replace('-', '_'), aborted: 'aborted' in d ? Boolean(d.aborted) : false } as V3Description;
  }
}

/**
 * Did the transaction fail: a compute phase that ran and did not succeed, or an action phase that
 * did not. A skipped compute phase (a plain transfer to an account without code) is not a failure.
 */
export function isFailed(d: V3Description): boolean {
  const compute = d.compute_ph as { skipped?: boolean; success?: boolean } | undefined;
  const action = d.action as { success?: boolean } | undefined;
  return (
    (compute !== undefined && compute.skipped === false && compute.success === false) ||
    (action !== undefined && action.success === false)
  );
}
