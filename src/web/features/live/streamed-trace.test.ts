import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeTracesPage } from '../../../api/normalize';
import { wireTracesResponse } from '../../../api/wire';
import { readNotification, type LiveTrace } from './notifications';
import { tracePageOf } from './streamed-trace';

// Real traces (a recorded TON Center `traces` answer) sent as `trace` notifications, which carry
// no summary fields: the page must read them as the `traces` answer itself reads.
const answer = JSON.parse(
  readFileSync(
    join(__dirname, '../../../api/test-support/fixtures/ton-center/v3-traces-cookbook-mainnet.json'),
    'utf8',
  ),
) as { traces: Array<Record<string, unknown>> };

function asNotification(t: Record<string, unknown>): Record<string, unknown> {
  const { trace_id, trace_info, is_incomplete, trace, transactions } = t;
  return {
    type: 'trace',
    finality: 'finalized',
    trace_external_hash_norm: trace_id,
    trace_id,
    trace_info,
    is_incomplete,
    trace,
    transactions,
  };
}

describe('tracePageOf', () => {
  it('gives a streamed trace the summary fields `traces` gives it', () => {
    const listed = normalizeTracesPage(wireTracesResponse.parse(answer));
    expect(listed.traces.length).toBeGreaterThan(0);
    answer.traces.forEach((raw, i) => {
      const n = readNotification(asNotification(raw)) as LiveTrace;
      const streamed = tracePageOf(n)!.traces[0]!;
      const want = listed.traces[i]!;
      for (const k of [
        'traceId',
        'mcSeqnoStart',
        'mcSeqnoEnd',
        'startLt',
        'endLt',
        'startUtime',
        'endUtime',
        'state',
        'transactionCount',
      ] as const)
        expect(streamed[k]).toEqual(want[k]);
      expect(Object.keys(streamed.transactions).sort()).toEqual(Object.keys(want.transactions).sort());
      expect(streamed.root).toEqual(want.root);
    });
  });

  it('ends a trace in flight at the newest masterchain block that committed any of it', () => {
    const raw = asNotification(answer.traces[0]!);
    const txs = raw.transactions as Record<string, Record<string, unknown>>;
    const [first, ...rest] = Object.keys(txs);
    const seqno = Number(txs[first!]!.mc_block_seqno);
    raw.transactions = { ...txs, [first!]: { ...txs[first!], mc_block_seqno: null } };
    raw.trace_info = { ...(raw.trace_info as object), trace_state: 'pending', pending_messages: 2 };
    const t = tracePageOf(readNotification(raw) as LiveTrace)!.traces[0]!;
    expect(rest.length).toBeGreaterThan(0);
    expect(t.mcSeqnoEnd).toBe(seqno);
    expect(t.state).toBe('pending');
    expect(t.pendingMessages).toBe(2);
  });

  it('reads only the types the explorer follows', () => {
    expect(
      readNotification({ type: 'account_state_change', finality: 'finalized', account: '0:00', state: {} }),
    ).toBeNull();
    expect(readNotification({ type: 'transactions', finality: 'finalized', transactions: 'none' })).toBeNull();
    expect(readNotification(null)).toBeNull();
  });
});
