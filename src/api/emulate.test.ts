// The emulation answer read into the model a real trace is read into: TON Center's emulation
// service's older form (built from the recorded cookbook trace, SOURCES.md) and the v3 form our
// server prints must both give the picture the recorded trace gives: the same tree, order,
// transactions, outcomes, messages and balances.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as M from './model';
import { normalizeEmulation } from './emulate';
import { normalizeTracesPage } from './normalize';
import { wireTracesResponse } from './wire';

const dir = join(__dirname, 'test-support', 'fixtures', 'ton-center');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));

const recorded = normalizeTracesPage(wireTracesResponse.parse(fixture('v3-traces-cookbook-mainnet.json'))).traces[0]!;

/** What the page draws of a trace: its tree and, per transaction, what the graph, table and panels read. */
function picture(t: M.Trace) {
  const msg = (m: M.Message | null) =>
    m && {
      hash: m.hash,
      source: m.source,
      destination: m.destination,
      value: m.value,
      fwdFee: m.fwdFee,
      opcode: m.opcode,
      bounce: m.bounce,
      bounced: m.bounced,
      body: m.body?.boc ?? null,
    };
  return {
    root: t.root,
    order: t.order,
    transactions: Object.fromEntries(
      Object.entries(t.transactions).map(([h, x]) => [
        h,
        {
          account: x.account,
          lt: x.lt,
          now: x.now,
          totalFees: x.totalFees,
          aborted: x.description.aborted,
          compute: x.description.compute,
          action: x.description.action?.resultCode ?? null,
          inMsg: msg(x.inMsg),
          outMsgs: x.outMsgs.map(msg),
          before: x.stateBefore?.balance ?? null,
          after: x.stateAfter?.balance ?? null,
        },
      ]),
    ),
  };
}

describe('normalizeEmulation', () => {
  it("reads TON Center's emulation form (amounts as numbers, body_boc, account_state_hash_*) to the recorded trace's picture", () => {
    const e = normalizeEmulation(fixture('emulate-trace-built-from-cookbook-trace.json'));
    const t = e.page.traces[0]!;
    expect(picture(t)).toEqual(picture(recorded));
    // balances come from `account_states` by hash: the recording has them, so must the emulation
    expect(Object.values(t.transactions).some((x) => x.stateAfter?.balance)).toBe(true);
    expect(e.mcSeqno).toBe(recorded.mcSeqnoEnd);
    expect(e.incomplete).toBe(false);
    expect(t.state).toBe('complete');
    expect(t.actions).toBeNull();
  });

  it('reads the v3 form our server prints (emulated: true, block_ref null, actions) to the same picture', () => {
    const raw = fixture('v3-traces-cookbook-mainnet.json') as { traces: Record<string, unknown>[] };
    const tr = raw.traces[0]!;
    const txs = tr.transactions as Record<string, Record<string, unknown>>;
    const action = {
      action_id: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      type: 'ton_transfer',
      success: true,
      start_lt: '0',
      end_lt: '0',
      start_utime: 0,
      end_utime: 0,
      transactions: [Object.keys(txs)[0]!],
      accounts: [],
      details: {},
    };
    const e = normalizeEmulation({
      mc_block_seqno: 7,
      trace: tr.trace,
      transactions: Object.fromEntries(
        Object.entries(txs).map(([h, x]) => [h, { ...x, block_ref: null, emulated: true }]),
      ),
      actions: [action],
      rand_seed: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      is_incomplete: true,
    });
    const t = e.page.traces[0]!;
    expect(picture(t)).toEqual(picture(recorded));
    // in no block: the stand-in block is seqno 0, which the page shows as none
    expect(Object.values(t.transactions).every((x) => x.block.seqno === 0)).toBe(true);
    expect(t.actions?.map((a) => a.type)).toEqual(['ton_transfer']);
    expect(e.incomplete).toBe(true);
    expect(t.state).toBe('pending');
    expect(t.isIncomplete).toBe(true);
  });

  it('refuses an answer that is no emulation, naming the field', () => {
    expect(() => normalizeEmulation({ transactions: {} })).toThrow(/trace/);
    expect(() => normalizeEmulation({ trace: { tx_hash: 'x', children: [] }, transactions: {} })).toThrow(
      /no transactions/,
    );
  });
});
