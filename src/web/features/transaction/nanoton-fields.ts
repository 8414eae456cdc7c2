// Which fields of a transaction's phases and account states are amounts of nanotons, so the phase
// cards print them as TON. Named one by one: gas figures (gasUsed, gasLimit, gasCredit) are gas
// units and the action counts are counts, and printing either as TON would be wrong.
const NANOTON_FIELDS = new Set([
  'balance', // account state
  'feesCollected',
  'feesDue', // storage phase
  'credit',
  'dueFeesCollected', // credit phase
  'gasFees', // compute phase
  'totalFwdFees',
  'totalActionFees', // action phase
  'msgFees',
  'fwdFees',
  'reqFwdFees', // bounce phase
]);

/** The value as a nanoton amount when `key` names one and the value is an integer string, else null. */
export function nanotonValue(key: string, value: unknown): string | null {
  return NANOTON_FIELDS.has(key) && typeof value === 'string' && /^-?\d+$/.test(value) ? value : null;
}
