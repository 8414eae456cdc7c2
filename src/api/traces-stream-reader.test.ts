import { describe, expect, it } from 'vitest';
import jettonJson from '../web/test-support/trace-jetton.json';
import { readTracesPage } from './client';
import tonCenterJson from './test-support/fixtures/ton-center/v3-traces-cookbook-mainnet.json';
import { tracesStreamReader } from './traces-stream-reader';

// Real answers, our server's (the recorded jetton transfer: each tree node carries its transaction
// and inbound message too) and TON Center's (nodes of hashes only), read as they stream in pieces of
// every size, against readTracesPage of the same bytes whole.
const URL_ = '/api/v3/traces?trace_id=x';
const encode = (text: string) => new TextEncoder().encode(text);
type Answer = typeof jettonJson;
const copy = (): Answer => structuredClone(jettonJson);

function streamed(bytes: Uint8Array, size: number) {
  const reader = tracesStreamReader();
  for (let i = 0; i < bytes.length; i += size) reader.push(bytes.slice(i, i + size));
  return reader;
}

const whole = (bytes: Uint8Array) => readTracesPage(URL_, bytes.slice().buffer);

/** The error readTracesPage throws for these bytes, as a pattern of its exact message. */
function wholeError(bytes: Uint8Array): RegExp {
  try {
    whole(bytes);
  } catch (e) {
    return new RegExp(`^${String((e as Error).message).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  }
  throw new Error('the answer reads whole: no error to compare');
}

const SIZES = [1, 5, 64, 4096, 1 << 30];
const txCount = (a: { traces: Array<{ transactions: object }> }) =>
  a.traces.reduce((sum, t) => sum + Object.keys(t.transactions).length, 0);

describe('a traces answer read as it streams', () => {
  it.each(SIZES)(
    'our answer in pieces of %i bytes: each transaction read on arrival, the page as read whole',
    (size) => {
      const bytes = encode(JSON.stringify(jettonJson));
      const reader = streamed(bytes, size);
      expect(reader.finish(URL_)).toEqual(whole(bytes));
      expect(reader.readWhole).toBe(false);
      expect(reader.readOnArrival).toBe(txCount(jettonJson));
      expect(reader.readOnArrival).toBeGreaterThan(0);
    },
  );

  it.each(SIZES)('TON Center’s answer in pieces of %i bytes', (size) => {
    const bytes = encode(JSON.stringify(tonCenterJson));
    const reader = streamed(bytes, size);
    expect(reader.finish(URL_)).toEqual(whole(bytes));
    expect(reader.readWhole).toBe(false);
    expect(reader.readOnArrival).toBe(txCount(tonCenterJson));
  });

  it('reads pretty-printed JSON, and strings and keys holding quotes, backslashes, brackets and multi-byte characters', () => {
    const a = copy();
    const t = a.traces[0]!;
    const [first, ...rest] = Object.entries(t.transactions);
    const odd = 'a"b\\\\"c\\ ä ✓ 𝄞 }{][,:';
    // the first transaction under a key of its own, and a string of it full of what the scanner reads
    t.transactions = Object.fromEntries([[odd, { ...first![1], total_fees: odd }], ...rest]) as typeof t.transactions;
    (a.address_book as Record<string, { domain: string | null }>)[Object.keys(a.address_book)[0]!]!.domain = odd;
    for (const text of [JSON.stringify(a), JSON.stringify(a, null, 2)]) {
      const bytes = encode(text);
      for (const size of [1, 3, 7, 64]) {
        const reader = streamed(bytes, size);
        const page = reader.finish(URL_);
        expect(page).toEqual(whole(bytes));
        expect(page.traces[0]!.transactions[odd]!.totalFees).toBe(odd);
        expect(reader.readWhole).toBe(false);
      }
    }
  });

  it('a key given twice keeps its last transaction in its first place, as JSON.parse does', () => {
    const t = jettonJson.traces[0]!;
    const [[k1, tx1], [k2, tx2]] = Object.entries(t.transactions) as Array<[string, object]>;
    const map = `{${JSON.stringify(k1)}:${JSON.stringify(tx1)},${JSON.stringify(k2)}:${JSON.stringify(tx2)},${JSON.stringify(k1)}:${JSON.stringify(tx2)}}`;
    const text = JSON.stringify({ ...jettonJson, traces: [{ ...t, transactions: {} }] }).replace(
      '"transactions":{}',
      `"transactions":${map}`,
    );
    const bytes = encode(text);
    const reader = streamed(bytes, 5);
    const page = reader.finish(URL_);
    expect(page).toEqual(whole(bytes));
    expect(reader.readWhole).toBe(false);
    expect(Object.keys(page.traces[0]!.transactions)).toEqual([k1, k2]);
    expect(page.traces[0]!.transactions[k1]!.hash).toBe((tx2 as { hash: string }).hash);
  });

  it('leaves a tree node’s own copies unread: what they hold does not change the page', () => {
    const a = copy();
    const root = a.traces[0]!.trace as unknown as Record<string, unknown>;
    root.transaction = { not: 'a transaction' };
    root.in_msg = 7;
    const bytes = encode(JSON.stringify(a));
    const reader = streamed(bytes, 64);
    expect(reader.finish(URL_)).toEqual(whole(bytes));
    expect(reader.readWhole).toBe(false);
  });

  describe('a bad answer fails exactly as read whole', () => {
    const withTx = (change: (tx: Record<string, unknown>) => unknown) => {
      const a = copy();
      const t = a.traces[0]!;
      const [k, tx] = Object.entries(t.transactions)[1]!;
      (t.transactions as Record<string, unknown>)[k] = change({ ...(tx as object) });
      return JSON.stringify(a);
    };
    const text = JSON.stringify(jettonJson);
    const cases: Array<[string, string]> = [
      ['a transaction failing its check', withTx((tx) => ({ ...tx, total_fees: 12 }))],
      ['a transaction that is null', withTx(() => null)],
      ['a transaction that is a string', withTx(() => 'tx')],
      ['a transaction that is a number', withTx(() => 5)],
      ['a transaction that is an array', withTx((tx) => [tx])],
      ['a trace failing its check', text.replace(/"trace_id":"[^"]*"/, '"trace_id":1')],
      ['text that is not JSON', '<html>'],
      ['an answer cut short', text.slice(0, Math.floor(text.length * 0.6))],
      ['an answer cut inside a string', text.slice(0, text.indexOf('"hash":"') + 12)],
      ['text after the answer', `${text} {}`],
      ['an empty body', ''],
      ['JSON that is not a traces answer', '{"traces":"none"}'],
    ];
    it.each(cases)('%s', (_, answer) => {
      const bytes = encode(answer);
      const error = wholeError(bytes);
      for (const size of [1, 64, 1 << 30]) {
        const reader = streamed(bytes, size);
        expect(() => reader.finish(URL_)).toThrow(error);
        expect(reader.readWhole).toBe(true);
      }
    });
  });
});
