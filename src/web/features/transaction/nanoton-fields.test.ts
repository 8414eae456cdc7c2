import { describe, expect, it } from 'vitest';
import { nanotonValue } from './nanoton-fields';
import { bounceRecording } from '../../test-support/recorded-traces';

describe('nanoton fields of the phase cards', () => {
  it('fees, credit and balances are amounts; gas figures and counts are not', () => {
    for (const k of [
      'gasFees',
      'feesCollected',
      'credit',
      'totalFwdFees',
      'totalActionFees',
      'balance',
      'reqFwdFees',
    ]) {
      expect(nanotonValue(k, '2889200')).toBe('2889200');
    }
    for (const k of ['gasUsed', 'gasLimit', 'gasCredit', 'vmSteps', 'totalActions', 'messagesCreated', 'exitCode']) {
      expect(nanotonValue(k, '2889200')).toBeNull();
    }
    expect(nanotonValue('gasFees', null)).toBeNull();
  });

  it('covers the amounts of a recorded transaction (real server output) and nothing else', () => {
    const { trace } = bounceRecording();
    const amounts = new Set<string>();
    for (const tx of Object.values(trace.transactions)) {
      const d = tx.description;
      for (const phase of [d.storage, d.credit, d.compute, d.action, d.bounce, tx.stateAfter]) {
        for (const [k, v] of Object.entries(phase ?? {})) if (nanotonValue(k, v) !== null) amounts.add(k);
      }
    }
    expect([...amounts].sort()).toEqual(expect.arrayContaining(['balance', 'credit', 'feesCollected', 'gasFees']));
    expect(amounts.has('gasUsed')).toBe(false);
  });
});
