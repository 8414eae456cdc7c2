import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeTracesPage } from '../../../api/normalize';
import { wireTracesResponse } from '../../../api/wire';
import { fromApiTrace, type TraceView } from '../../model/trace-view';
import { traceDifferences } from './trace-diff';

// The recorded mainnet trace against itself, and against copies changed as a state changed between
// emulation and inclusion would change it.
const page = normalizeTracesPage(
  wireTracesResponse.parse(
    JSON.parse(
      readFileSync(
        join(__dirname, '../../../api/test-support/fixtures/ton-center/v3-traces-cookbook-mainnet.json'),
        'utf8',
      ),
    ),
  ),
);
const view = () => fromApiTrace(page.traces[0]!, page.addressBook);

function changed(edit: (v: TraceView) => void): TraceView {
  const v = view();
  edit(v);
  return v;
}

describe('traceDifferences', () => {
  it('finds none between a trace and itself', () => {
    expect(traceDifferences(view(), view(), { emulated: ['ton_transfer'], real: ['ton_transfer'] })).toEqual([]);
  });

  it('names a changed exit code, outgoing messages, a balance, a missing transaction and actions', () => {
    const base = view();
    const last = base.order[base.order.length - 1]!;
    const first = base.txs.get(base.order[0]!)!;
    const real = changed((v) => {
      const tx = v.txs.get(v.order[1]!)!;
      v.txs.set(tx.hash, { ...tx, exitCode: 37, success: false, outMsgs: [] });
      v.txs.set(first.hash, { ...first, balanceAfter: String(BigInt(first.balanceAfter ?? '0') - 5n) });
      v.txs.delete(last);
      v.order = v.order.filter((h) => h !== last);
    });
    const d = traceDifferences(base, real, { emulated: ['ton_transfer'], real: ['call_contract'] });
    const whats = d.map((x) => x.what);
    expect(whats).toContain('exit code');
    expect(whats).toContain('outgoing messages');
    expect(whats).toContain('transactions');
    expect(whats).toContain('actions');
    const balance = d.find((x) => x.what === 'balance' && x.account === first.account);
    expect(balance).toBeDefined();
    expect(BigInt(balance!.emulated) - BigInt(balance!.real)).toBe(5n);
    expect(d.find((x) => x.what === 'exit code')?.real).toBe('exit code 37');
  });
});
