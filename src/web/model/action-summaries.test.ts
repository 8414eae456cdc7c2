import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireActionsResponse } from '../../api/wire';
import { normalizeAction, normalizeMetadata } from '../../api/normalize';
import type { Action } from '../../api/model';
import { formatTon, formatUnits } from '../lib/format';
import { bounceRecording } from '../test-support/recorded-traces';
import { summaryText } from '../test-support/summary-text';
import { actionFailure, summarizeAction } from './action-summary';
import type { SummaryPart } from './actions/parts';
import { fromApiTrace } from './trace-view';

// Real mainnet classifications of ton-indexer's test cases, as TON Center's v3 `details` (SOURCES.md:
// built from the published models, not recorded).
const answer = wireActionsResponse.parse(
  JSON.parse(
    readFileSync(
      join(__dirname, '../../api/test-support/fixtures/ton-center/v3-actions-built-from-ton-indexer-cases.json'),
      'utf8',
    ),
  ),
);
const actions = answer.actions.map((a) => normalizeAction(a));
const metadata = normalizeMetadata(answer.metadata);
const byTrace = (trace: string): Action => actions.find((a) => a.traceId === trace)!;
const short = (raw: string | null) => (raw ? `<${raw.slice(2, 6)}>` : '<none>');
const text = (a: Action) => summaryText(summarizeAction(a, metadata), short);
const amounts = (a: Action) =>
  summarizeAction(a, metadata).filter((p): p is Extract<SummaryPart, { kind: 'amount' }> => p.kind === 'amount');
const d = (a: Action, path: string[]) => path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], a.details);

describe('action summaries from TON Center details', () => {
  it('a swap names the DEX, both tokens and both amounts in their own decimals (a TON leg is TON)', () => {
    const swap = byTrace('p1-SZ1wV7yEe2qf1SQujTW5OMifEPuuX-jPPrPNiKxw=');
    const usdt = formatUnits(d(swap, ['dex_incoming_transfer', 'amount']) as string, 6, { maxFraction: 6 });
    const tons = formatTon(d(swap, ['dex_outgoing_transfer', 'amount']) as string);
    expect(text(swap)).toBe(`<E39C> swapped ${usdt} USD₮ for ${tons} on swap.coffee`);
    // the picture comes from the metadata's own proxy URL, and only for the token that has one
    expect(amounts(swap).map((p) => p.image ?? null)).toEqual([
      'https://imgproxy.example.invalid/usdt-small.png',
      null,
    ]);
  });

  it("a routed swap says how many pools; a token's third-party image is never used", () => {
    const swap = byTrace('dp1xdxzIC7tCyZfy80VTW5be7SimpOOTnuf3_8BZjb0=');
    expect(text(swap)).toMatch(/^<E39C> swapped 10 USD₮ for [\d.,]+ CES on swap\.coffee through 2 pools$/);
    expect(amounts(swap)[1]!.image ?? null).toBeNull();
  });

  it('jettons without metadata are counted in base units, never as TON; STON.fi v2 by its name', () => {
    const swap = byTrace('vdNpUDA43aIw6QlbcKMgi7q4S0MnJAVTfXVRqbAt5Tw=');
    expect(text(swap)).toBe('<A9A7> swapped 100,000,000 units for 167,438,006 units on STON.fi v2');
  });

  it('a liquidity deposit, a liquid-staking deposit and a withdrawal request', () => {
    expect(text(byTrace('WyDZqNoT4YsuauWAnRh5kVXWBsRzkFG5VRTEq96XuEA='))).toBe(
      '<A665> deposited 51,504,594,962 units into pool <DC9B> on DeDust, receiving 52689282818 LP token units',
    );
    const stake = byTrace('rbzKlyNgAhDnQ15r4tremaPVl_xURNgmSJQSyhGLSX4=');
    expect(text(stake)).toBe(
      `<90D9> staked ${formatTon('10000000000')} in pool <A45B> on liquid staking, receiving ${formatUnits('9439323796', 9, { maxFraction: 6 })} tsTON`,
    );
    expect(text(byTrace('GO-NI0EjOuhj1z4YzHK-VDAAOJsLm710DvyRRRMXhoY='))).toBe(
      '<8653> asked pool <A45B> on liquid staking for a withdrawal, to be paid out by NFT <7ABD>',
    );
  });

  it('lending, an NFT purchase on a marketplace, a JVault stake', () => {
    expect(text(byTrace('Pz4XQKMBH155_M3Bolebl8ulXipSfJ42eP-wG4Wn5Og='))).toBe(
      `<8FDE> supplied ${formatTon('1000000000')} on EVAA`,
    );
    expect(text(byTrace('mG5NGg-37hpz1Vgs5KvDo0HKgtQKCnMbmGEpdApY5Ls='))).toBe(
      `<B9A7> bought <5B30> from <0D57> for ${formatTon('1350000000')} on Getgems`,
    );
    expect(text(byTrace('02lXjywHnaBuI4CGq55IpcuxA0Q5QMOlYsoJwii4SNI='))).toBe(
      '<9FB8> staked 3,000,000,000,000 units in JVault pool <F451> for 1 day',
    );
  });

  it('a failed action without amounts still reads, and the trace or the details say why', () => {
    const failed = byTrace('ww5gZmgoXhHJ1a1wukBU5Dp1LxufRT1pzfniQTgUXxE=');
    expect(failed.success).toBe(false);
    expect(text(failed)).toBe('<87A9> supplied TON on EVAA');
    expect(actionFailure(failed, null, (r) => r)).toBeNull();
    expect(
      actionFailure(
        { ...failed, details: { ...failed.details, fail_reason: 'not enough collateral' } },
        null,
        (r) => r,
      ),
    ).toBe('not enough collateral');
  });

  it("a type this explorer does not know reads from its details' accounts and amounts, never a bare name", () => {
    const stake = byTrace('rbzKlyNgAhDnQ15r4tremaPVl_xURNgmSJQSyhGLSX4=');
    const unknown = { ...stake, type: 'restake_deposit_v9' };
    expect(text(unknown)).toBe(
      `restake deposit v9: stake holder <90D9>, pool <A45B>, amount ${formatUnits('10000000000', 9, { maxFraction: 6 })} tsTON, asset <BDF3>`,
    );
    expect(text({ ...stake, type: 'mystery', details: { note: 'x' } })).toBe(
      'mystery (no accounts or amounts in its details)',
    );
    // details of a shape no model has: no exception, the fallback reads what it can
    expect(text({ ...stake, type: 'jetton_swap', details: { dex_incoming_transfer: 'oops', sender: 7 } })).toMatch(
      /swapped/,
    );
  });

  it('a tick-tock names its account from the action, TON Center giving no details', () => {
    const acc = '-1:3333333333333333333333333333333333333333333333333333333333333333';
    expect(text({ ...actions[0]!, type: 'tick_tock', details: {}, accounts: [acc] })).toBe(
      'the masterchain ran a tick-tock transaction of <:333>',
    );
  });

  it("a failed action of our own ledger's trace names its failed transaction", () => {
    const { trace, book } = bounceRecording();
    const view = fromApiTrace(trace, book);
    const tx = [...view.txs.values()][0]!;
    const failing = {
      ...tx,
      success: false,
      aborted: true,
      computeSkipped: false,
      exitCode: 9,
      actionResultCode: null,
    };
    const withFailure = { ...view, txs: new Map([[tx.hash, failing]]) };
    const action = { type: 'ton_transfer', success: false, details: {}, transactions: [tx.hash] };
    expect(actionFailure(action, withFailure, () => 'A')).toMatch(/^A failed: exit code 9: /);
  });
});
