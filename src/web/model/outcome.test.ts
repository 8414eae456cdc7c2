import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireTransactionsResponse } from '../../api/wire';
import { normalizeTransaction } from '../../api/normalize';
import { bounceRecording } from '../test-support/recorded-traces';
import { countOutcomes, outcomeOf, verdictOf } from './outcome';
import { failureOf, firstFailure, fromApiTrace, txViewOf } from './trace-view';

// A real TON Center answer (testnet, SOURCES.md): a jetton transfer notification that carried one
// nanoton (`no_gas`) and a transfer of 1 TON to an account without code (`no_state`). Both are
// marked `aborted` by the network, as a failure is.
const recorded = wireTransactionsResponse
  .parse(
    JSON.parse(
      readFileSync(join(__dirname, '../../api/test-support/fixtures/ton-center/v3-transactions-1.json'), 'utf8'),
    ),
  )
  .transactions.map(normalizeTransaction);

describe("a transaction's three outcomes", () => {
  it('a notification with too little value for gas is skipped, not failed, though TON marks it aborted', () => {
    const notify = txViewOf(recorded[0]!);
    expect(notify.aborted).toBe(true);
    expect(notify.inMsg?.opcode).toBe(0x7362d09c);
    expect(outcomeOf(notify)).toBe('skipped');
    const v = verdictOf(notify);
    expect(v.text).toBe('skipped (no_gas)');
    expect(v.meaning).toMatch(/too little value/);
    expect(failureOf(notify)).toBeNull();
  });

  it('a transfer to an account without code is skipped (no_state)', () => {
    const v = verdictOf(txViewOf(recorded[1]!));
    expect(v).toMatchObject({ outcome: 'skipped', text: 'skipped (no_state)' });
    expect(v.meaning).toMatch(/no code/);
    expect(countOutcomes(recorded.map((t) => txViewOf(t)))).toEqual({ success: 0, failed: 0, skipped: 2 });
  });

  it('a trace whose only unsuccessful transaction was skipped has no first failure', () => {
    // our own ledger's bounce: a transfer to an undeployed account, bounced back
    const { trace, book } = bounceRecording();
    const view = fromApiTrace(trace, book);
    const counts = countOutcomes(view.txs.values());
    expect(counts.skipped).toBe(1);
    expect(counts.failed).toBe(0);
    expect(firstFailure(view)).toBeNull();
  });

  it('a thrown exit code and a failed action phase are failures, with their meaning', () => {
    const base = { aborted: true, computeSkipped: false, computeSkipReason: null, success: false, interfaces: [] };
    expect(verdictOf({ ...base, exitCode: 9, actionResultCode: null })).toMatchObject({
      outcome: 'failed',
      text: expect.stringMatching(/^exit code 9: /),
      meaning: expect.any(String),
    });
    expect(verdictOf({ ...base, exitCode: 0, actionResultCode: 37 })).toMatchObject({
      outcome: 'failed',
      text: expect.stringMatching(/^action phase result 37: /),
    });
    expect(verdictOf({ ...base, aborted: false, success: true, exitCode: 0, actionResultCode: 0 })).toEqual({
      outcome: 'success',
      text: 'success',
      meaning: null,
    });
  });
});
