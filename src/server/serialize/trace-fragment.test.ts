// A trace printed from its transactions' bytes (each serialized once, placed in the tree and in the
// map) is exactly the trace printed as one object: every trace of the test ledger, whole, cut and
// with actions, byte for byte, and the addresses it mentions in the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLedgerPath } from '../../ledger/test-support/test-ledger';
import { openLedgerReaderFor } from '../../store/open-ledger';
import type { LedgerSnapshots } from '../../store/interface';
import { collectAddresses } from './address-book';
import { transactionFragment, transactionJson, traceFragment, traceJson } from './v3';

let ledger: LedgerSnapshots;
beforeAll(async () => {
  ledger = openLedgerReaderFor(await testLedgerPath());
}, 300_000);
afterAll(async () => ledger?.close());

describe('traceFragment', () => {
  it('prints every trace as traceJson does, whole, cut at a cap, and with its actions', async () => {
    await ledger.readSnapshot(async (reader) => {
      const traces = await reader.findTraces({}, { limit: 1000, offset: 0, sort: 'asc' });
      const biggest = Math.max(...traces.map((t) => t.transactions));
      expect(traces.length).toBeLessThan(1000);
      expect(biggest).toBeGreaterThan(100);
      let cut = 0;
      for (const trace of traces) {
        const whole = await reader.getTraceTransactions(trace.traceId, Number.MAX_SAFE_INTEGER);
        const actions = await reader.getActions([trace.traceId]);
        // the biggest trace is also printed cut: a cap below its size, so the tree lacks its later hops
        for (const cap of trace.transactions === biggest ? [whole.length, Math.floor(biggest / 3)] : [whole.length]) {
          const txs = whole.slice(0, cap);
          if (cap < trace.transactions) cut += 1;
          for (const a of [null, actions]) {
            const want = traceJson(trace, txs, a);
            const got = traceFragment(trace, txs, txs.map(transactionFragment), a);
            expect(got.bytes.toString(), hashOf(trace.traceId)).toBe(JSON.stringify(want));
            expect(got.addresses).toEqual([...collectAddresses(want)]);
          }
        }
      }
      expect(cut).toBe(1);
    });
  });

  it("gives each transaction's bytes and its in_msg's as transactionJson prints them", async () => {
    await ledger.readSnapshot(async (reader) => {
      const [trace] = await reader.findTraces({}, { limit: 1, offset: 0, sort: 'desc' });
      const txs = await reader.getTraceTransactions(trace!.traceId, 100);
      for (const t of txs) {
        const f = transactionFragment(t);
        const json = transactionJson(t);
        expect(f.bytes.toString()).toBe(JSON.stringify(json));
        expect(f.inMsg === null ? null : f.inMsg.toString()).toBe(
          json.in_msg === null ? null : JSON.stringify(json.in_msg),
        );
        expect(f.inMsgAddresses).toEqual([...collectAddresses(json.in_msg)]);
      }
    });
  });
});

const hashOf = (b: Buffer) => b.toString('hex');
