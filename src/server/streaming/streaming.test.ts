import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import {
  accountState,
  addressBook,
  metadata as metadataSchema,
  traceNode,
  transaction,
  action,
} from '../../api/operations/v3-shapes';
import { hashToBase64 } from '../../ton/hash';
import { formatAddress, rawAddress } from '../../ton/address';
import { streamingAnswer, streamingNotification } from '../../api/test-support/streaming-schemas';
import { OP } from '../../ledger/contracts/opcodes';
import { nestedList } from '../test-support/ws-probe';
import {
  ShardsFirstWriter,
  SseStream,
  startLiveLedger,
  startStreamServer,
  type LiveLedger,
} from '../test-support/live-stream';

// Streaming against the real server over a real generated ledger whose producer keeps running: the
// test makes the next masterchain blocks, the server's follower reads them from the store (as from
// another process: nothing nudges it) and each subscriber gets what its subscription asks for.

let ledger: LiveLedger;
let app: FastifyInstance;
let base: string;
/** Every account of the ledger when the tests begin, raw (live blocks may deploy more). */
let accounts: string[];
let subscribed: Set<string>;

const b64 = (v: unknown) => hashToBase64(v as Buffer);

beforeAll(async () => {
  ledger = await startLiveLedger();
  ({ app, base } = await startStreamServer(ledger, { keepaliveMs: 400, pollMs: 10 }));
  accounts = (ledger.sql.prepare('SELECT DISTINCT account FROM transactions').pluck().all() as string[]).sort();
  subscribed = new Set(accounts);
});

afterAll(async () => {
  await app?.close();
  await ledger?.close();
});

const ALL_TYPES = ['transactions', 'actions', 'account_state_change', 'jettons_change'];

describe('subscriptions that break a rule: 400 naming what is wrong', () => {
  const cases: [string, unknown, RegExp][] = [
    ['no types', { addresses: ['0:' + '0'.repeat(64)] }, /^types is required/],
    [
      'an unknown type',
      { types: ['blocks'], addresses: ['0:' + '0'.repeat(64)] },
      /types has an unknown event type "blocks"/,
    ],
    ['trace without hashes', { types: ['trace'] }, /trace_external_hash_norms is required for type "trace"/],
    [
      'hashes without trace',
      {
        types: ['transactions'],
        addresses: ['0:' + '0'.repeat(64)],
        trace_external_hash_norms: ['A'.repeat(43) + '='],
      },
      /trace_external_hash_norms requires type "trace"/,
    ],
    [
      'address types without addresses',
      { types: ['transactions', 'actions'] },
      /addresses is required for types transactions, actions/,
    ],
    [
      'a bad address',
      { types: ['transactions'], addresses: ['0:' + '0'.repeat(64), 'EQnope'] },
      /^addresses\[1\]: not an address/,
    ],
    [
      'a bad trace hash',
      { types: ['trace'], trace_external_hash_norms: ['xyz'] },
      /^trace_external_hash_norms\[0\]: not a hash/,
    ],
    [
      'an unknown field',
      { types: ['transactions'], addresses: ['0:' + '0'.repeat(64)], adresses: [] },
      /unknown field "adresses"; accepted: id, addresses/,
    ],
    [
      'a bad finality',
      { types: ['transactions'], addresses: ['0:' + '0'.repeat(64)], min_finality: 'final' },
      /min_finality must be one of pending, confirmed, finalized, got "final"/,
    ],
    // sent as text: a list nested 5,000 deep overflows the stack of JSON.stringify (the test's too)
    [
      'a nested finality',
      `{"types":["transactions"],"addresses":["0:${'0'.repeat(64)}"],"min_finality":${nestedList(5000)}}`,
      /min_finality must be one of pending, confirmed, finalized, got a list/,
    ],
    [
      'too many addresses',
      { types: ['transactions'], addresses: Array.from({ length: 1001 }, () => '0:' + '0'.repeat(64)) },
      /too many addresses: 1001 > max 1000/,
    ],
    [
      'an unknown action type',
      { types: ['actions'], addresses: ['0:' + '0'.repeat(64)], action_types: ['swap'] },
      /action_types has an unknown action type "swap"/,
    ],
    [
      'an unknown supported action type',
      { types: ['actions'], addresses: ['0:' + '0'.repeat(64)], supported_action_types: ['v9'] },
      /supported_action_types has an unknown action type "v9"/,
    ],
    [
      'a flag that is not a boolean',
      { types: ['transactions'], addresses: ['0:' + '0'.repeat(64)], include_address_book: 'yes' },
      /include_address_book must be true or false/,
    ],
    ['not an object', [1, 2], /must be a JSON object/],
    ['not JSON', '{"types": [', /invalid subscription request: the body is not JSON/],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const s = await SseStream.open(base, body);
    expect(s.status).toBe(400);
    expect((s.body as { error: string }).error).toMatch(message);
  });

  it('echoes the id of a subscription it refuses', async () => {
    const s = await SseStream.open(base, { id: 'req-7', types: [] });
    expect(s.status).toBe(400);
    expect(s.body).toEqual({ id: 'req-7', error: expect.stringMatching(/^types is required/) });
  });
});

describe('SSE framing', () => {
  it('sends the connected frame first, then keepalive comments while idle, each frame ended by a blank line', async () => {
    const s = await SseStream.open(base, { id: 'frame-1', types: ['transactions'], addresses: [accounts[0]] });
    expect(s.status).toBe(200);
    await s.until(() => s.frames.some((f) => f.comment === 'keepalive'), 'a keepalive');
    expect(s.text.startsWith('event: connected\ndata: {"id":"frame-1","status":"subscribed"}\n\n: keepalive\n\n')).toBe(
      true,
    );
    s.close();
  });

  it('sends each notification as event: event with its JSON as data, and nothing else', async () => {
    const s = await SseStream.open(base, { types: ALL_TYPES, addresses: accounts });
    await s.until(() => s.frames.length >= 1, 'the connected frame');
    expect(s.text).toBe('event: connected\ndata: {"status":"subscribed"}\n\n');
    const seqno = await ledger.slot();
    await s.until(
      () => s.events.some((e) => e.type === 'transactions' && e.transactions[0].mc_block_seqno === seqno),
      `block ${seqno}`,
    );
    expect(s.text).toMatch(
      /^event: connected\ndata: \{"status":"subscribed"\}\n\n((event: event\ndata: \{[^\n]*\}\n\n)|(: keepalive\n\n))+$/,
    );
    for (const e of s.events) expect(typeof e.type).toBe('string');
    s.close();
  });
});

describe('notifications of a live ledger', () => {
  let all: SseStream;
  let seen: Set<string>;
  const firstSeqno: number[] = [];

  beforeAll(async () => {
    all = await SseStream.open(base, {
      types: ALL_TYPES,
      addresses: accounts,
      include_address_book: true,
      include_metadata: true,
    });
    await all.until(() => all.frames.length >= 1, 'connected');
    // the traffic picks a few kinds per block: make blocks until every event type came, jettons included
    seen = new Set();
    for (let i = 0; i < 60 && seen.size < ALL_TYPES.length; i++) {
      const seqno = await ledger.slot();
      firstSeqno.push(seqno);
      await all.until(
        () =>
          all.events.some(
            (e) =>
              e.type === 'transactions' &&
              e.transactions.some((t: { mc_block_seqno: number }) => t.mc_block_seqno === seqno),
          ) ||
          Number(
            ledger.sql.prepare('SELECT count(*) FROM transactions WHERE mc_seqno = ?').pluck().get(seqno) as bigint,
          ) === 0,
        `block ${seqno}`,
      );
      for (const e of all.events) seen.add(e.type);
    }
  });

  afterAll(() => all.close());

  it('every address event type arrives', () => {
    expect([...seen].sort()).toEqual([...ALL_TYPES].sort());
  });

  it('transactions: per trace, the transactions the block committed, as the v3 records, newest first', () => {
    const txEvents = all.events.filter((e) => e.type === 'transactions');
    expect(txEvents.length).toBeGreaterThan(0);
    for (const e of txEvents) {
      expect(e.finality).toBe('finalized');
      const seqno = e.transactions[0].mc_block_seqno;
      const traceId = e.transactions[0].trace_id;
      const rows = (
        ledger.sql
          .prepare('SELECT hash, account FROM transactions WHERE mc_seqno = ? AND trace_id = ? ORDER BY lt DESC')
          .all(seqno, Buffer.from(traceId, 'base64')) as { hash: Buffer; account: string }[]
      ).filter((r) => subscribed.has(r.account));
      expect(e.transactions.map((t: { hash: string }) => t.hash)).toEqual(rows.map((r) => b64(r.hash)));
      const trace = ledger.sql
        .prepare('SELECT external_hash_norm, trace_id FROM traces WHERE trace_id = ?')
        .get(Buffer.from(traceId, 'base64')) as { external_hash_norm: Buffer | null; trace_id: Buffer };
      expect(e.trace_external_hash_norm).toBe(b64(trace.external_hash_norm ?? trace.trace_id));
      for (const t of e.transactions) transaction.parse(t);
      addressBook.parse(e.address_book);
      metadataSchema.parse(e.metadata);
      // the book names every address of the transactions sent
      for (const t of e.transactions) expect(rawAddress(e.address_book[t.account].user_friendly)).toBe(t.account);
    }
  });

  it('actions: the classified actions of a completed trace touching the subscribed addresses', () => {
    const events = all.events.filter((e) => e.type === 'actions');
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      for (const a of e.actions) {
        action.parse(a);
        const row = ledger.sql
          .prepare('SELECT type, parent_action_id FROM actions WHERE action_id = ?')
          .get(Buffer.from(a.action_id, 'base64')) as { type: string; parent_action_id: Buffer | null };
        expect(row.type).toBe(a.type);
        // latest: the highest-level actions only
        expect(row.parent_action_id).toBeNull();
      }
    }
  });

  it("account_state_change: the state after the account's last transaction of the block", () => {
    const events = all.events.filter((e) => e.type === 'account_state_change');
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      accountState.parse(e.state);
      expect(Object.keys(e).sort()).toEqual(['account', 'finality', 'state', 'type']);
      const tx = ledger.sql
        .prepare('SELECT mc_seqno, lt, state_after FROM transactions WHERE account = ? AND state_after = ?')
        .get(e.account, Buffer.from(e.state.hash, 'base64')) as { mc_seqno: bigint; lt: bigint };
      expect(tx).toBeDefined();
      const later = ledger.sql
        .prepare('SELECT count(*) FROM transactions WHERE account = ? AND mc_seqno = ? AND lt > ?')
        .pluck()
        .get(e.account, tx.mc_seqno, tx.lt);
      expect(later).toBe(0n);
    }
  });

  it('jettons_change: the jetton wallet, its owner, master and balance', () => {
    const events = all.events.filter((e) => e.type === 'jettons_change');
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      const row = ledger.sql
        .prepare("SELECT extra FROM token_info WHERE account = ? AND type = 'jetton_wallets'")
        .get(e.jetton.address) as { extra: string };
      const extra = JSON.parse(row.extra) as { owner: string; jetton: string };
      expect(e.jetton.owner).toBe(extra.owner);
      expect(e.jetton.jetton).toBe(extra.jetton);
      expect(e.jetton.balance).toMatch(/^\d+$/);
      expect(e.jetton.last_transaction_lt).toMatch(/^\d+$/);
      addressBook.parse(e.address_book);
      expect(Object.keys(e.address_book)).toContain(e.jetton.owner);
    }
  });
});

describe('min_finality', () => {
  it('pending subscribers see shard blocks before their masterchain block; finalized ones only after', async () => {
    const pending = await SseStream.open(base, {
      types: ['transactions'],
      addresses: accounts,
      min_finality: 'pending',
    });
    const finalized = await SseStream.open(base, { types: ['transactions'], addresses: accounts });
    const confirmed = await SseStream.open(base, {
      types: ['transactions'],
      addresses: accounts,
      min_finality: 'confirmed',
    });
    await confirmed.until(() => confirmed.frames.length >= 1, 'connected');
    await pending.until(() => pending.frames.length >= 1, 'connected');
    await finalized.until(() => finalized.frames.length >= 1, 'connected');
    const writer = new ShardsFirstWriter(ledger.store.writer!, 400);
    ledger.producer.setWriter(writer);
    let seqno = 0;
    try {
      // a block whose shard blocks hold transactions (the masterchain's alone would not be pending)
      for (let i = 0; i < 20; i++) {
        await ledger.producer.slot(true);
        await writer.settled;
        seqno = Number(
          ledger.sql.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get() as bigint,
        );
        if (
          Number(
            ledger.sql
              .prepare('SELECT count(*) FROM transactions WHERE mc_seqno = ? AND workchain = 0')
              .pluck()
              .get(seqno) as bigint,
          ) > 0
        )
          break;
      }
    } finally {
      ledger.producer.setWriter(ledger.store.writer);
    }
    const inBlock = (e: { transactions: { mc_block_seqno: number }[] }) => e.transactions[0]!.mc_block_seqno === seqno;
    await pending.until(
      () => pending.events.some((e) => e.finality === 'finalized' && inBlock(e)),
      'the finalized events',
    );
    await finalized.until(() => finalized.events.some(inBlock), 'the finalized events');
    const mine = pending.events.filter(inBlock);
    const firstFinal = mine.findIndex((e) => e.finality === 'finalized');
    const pendingHashes = mine
      .slice(0, firstFinal)
      .filter((e) => e.finality === 'pending')
      .flatMap((e) => e.transactions.map((t: { hash: string }) => t.hash));
    const shardHashes = (
      ledger.sql.prepare('SELECT hash, account FROM transactions WHERE mc_seqno = ? AND workchain = 0').all(seqno) as {
        hash: Buffer;
        account: string;
      }[]
    )
      .filter((r) => subscribed.has(r.account))
      .map((r) => b64(r.hash));
    expect(shardHashes.length).toBeGreaterThan(0);
    // every shard transaction came as pending before any finalized event of its block
    expect(pendingHashes.sort()).toEqual(shardHashes.sort());
    expect(finalized.events.every((e) => e.finality === 'finalized')).toBe(true);
    // committed is final at once here (no forks): a confirmed subscriber gets the finalized events, never the pending ones
    await confirmed.until(() => confirmed.events.some(inBlock), 'the finalized events');
    expect(confirmed.events.every((e) => e.finality === 'finalized')).toBe(true);
    confirmed.close();
    pending.close();
    finalized.close();
  });
});

describe('trace', () => {
  it("a client that knows a trace's normalized external hash gets the whole trace as it becomes pending and final", async () => {
    const writer = new ShardsFirstWriter(ledger.store.writer!, 1500);
    ledger.producer.setWriter(writer);
    let traces: { trace_id: Buffer; external_hash_norm: Buffer | null }[] = [];
    let streams: SseStream[];
    try {
      // the shard blocks of the next masterchain block are written first: their traces are known
      // (as a wallet knows the message it sent) before that block commits them
      for (let i = 0; i < 20 && traces.length === 0; i++) {
        await ledger.producer.slot(true);
        const latest = ledger.sql.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get() as bigint;
        // not a fan-out: its trace event carries the whole trace at every block (megabytes, once a
        // thousand transactions), more than a connection may hold, and this client reads slowly
        traces = ledger.sql
          .prepare(
            `SELECT DISTINCT t.trace_id, t.external_hash_norm FROM transactions x JOIN traces t ON t.trace_id = x.trace_id
                    WHERE x.mc_seqno > ? AND t.external_hash_norm IS NOT NULL
                      AND NOT EXISTS (SELECT 1 FROM transactions y JOIN messages m ON m.tx_hash = y.hash WHERE y.trace_id = t.trace_id AND m.opcode = ?)`,
          )
          .all(latest, OP.forwardFan) as typeof traces;
        if (traces.length === 0) await writer.settled;
      }
      expect(traces.length).toBeGreaterThan(0);
      streams = await Promise.all(
        traces.map((t) =>
          SseStream.open(base, {
            types: ['trace'],
            trace_external_hash_norms: [t.external_hash_norm!.toString('hex')],
            min_finality: 'pending',
          }),
        ),
      );
      await writer.settled;
    } finally {
      ledger.producer.setWriter(ledger.store.writer);
    }
    // a trace spans masterchain blocks (a message to another shard waits for the next one): the
    // producer goes on until each is complete, its last event finalized and complete
    const done = (s: SseStream) =>
      s.events.some((e) => e.finality === 'finalized' && e.trace_info.trace_state === 'complete');
    for (let n = 0; n < 40 && !streams!.every(done); n++) await ledger.producer.slot(true);
    for (const [i, t] of traces.entries()) {
      const s = streams![i]!;
      await s.until(() => done(s), 'the complete, finalized trace');
      const e = s.events.find((x) => x.finality === 'finalized' && x.trace_info.trace_state === 'complete');
      expect(e.type).toBe('trace');
      expect(e.trace_external_hash_norm).toBe(b64(t.external_hash_norm));
      expect(e.trace_id).toBe(b64(t.trace_id));
      traceNode.parse(e.trace);
      // the same trace the traces endpoint answers, with its actions
      const res = await fetch(
        `${base}/api/v3/traces?trace_id=${encodeURIComponent(b64(t.trace_id))}&include_actions=true`,
      );
      const api = (await res.json()) as {
        traces: { trace: unknown; transactions: unknown; actions: unknown[]; trace_info: unknown }[];
      };
      expect(e.trace).toEqual(api.traces[0]!.trace);
      expect(e.transactions).toEqual(api.traces[0]!.transactions);
      expect(e.trace_info).toEqual(api.traces[0]!.trace_info);
      expect(e.actions ?? []).toEqual(api.traces[0]!.actions);
      s.close();
    }
    // up to 60 blocks made, one of them may be the ledger's fan-out of thousands of transactions:
    // the work is bounded, its time on a loaded machine is not (minutes at a load of 14)
  }, 900_000);
});

/** Resolves when `ready()` holds, polled; fails after `timeoutMs` saying what it waited for. */
async function eventually(ready: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('clients that leave', () => {
  it('an SSE client that disconnects leaves no subscription, index entry, connection slot or timer behind', async () => {
    const hub = app.ledgerStream.hub;
    await eventually(() => hub.stats().connections === 0, 'earlier clients to leave');
    const before = timers();
    const streams = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        SseStream.open(base, {
          types: ['transactions', 'trace'],
          addresses: accounts.slice(i, i + 3),
          trace_external_hash_norms: ['0'.repeat(63) + String(i)],
        }),
      ),
    );
    for (const s of streams) await s.until(() => s.frames.length >= 1, 'connected');
    expect(hub.stats()).toEqual({
      subscribers: 5,
      addresses: new Set(accounts.slice(0, 7)).size,
      traces: 5,
      connections: 5,
    });
    expect(timers()).toBeGreaterThan(before);
    for (const s of streams) s.close();
    await eventually(() => hub.stats().connections === 0, 'the server to see the clients leave');
    expect(hub.stats()).toEqual({ subscribers: 0, addresses: 0, traces: 0, connections: 0 });
    // the follower's own poll timer may be between turns either time
    expect(timers()).toBeLessThanOrEqual(before + 1);
  });
});

describe('a slow consumer', () => {
  it('is dropped with an error event once its connection holds more than its bound, not buffered without end', async () => {
    const hub = app.ledgerStream.hub;
    await eventually(() => hub.stats().connections === 0, 'earlier clients to leave');
    const url = new URL(base);
    const body = JSON.stringify({
      types: ALL_TYPES,
      addresses: accounts,
      include_address_book: true,
      include_metadata: true,
    });
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/streaming/v2/sse HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    // the client reads nothing from now on: the kernel's buffers fill, then the server's
    socket.pause();
    await eventually(() => hub.stats().subscribers === 1, 'the subscription');
    let blocks = 0;
    while (hub.stats().subscribers === 1 && blocks < 200) {
      const seqno = await ledger.slot();
      blocks += 1;
      // the follower has published the block (and written the client's share of it)
      await eventually(() => (app.ledgerStream.follower.health().mc_seqno ?? 0) >= seqno, `block ${seqno} published`);
    }
    expect(hub.stats()).toEqual({ subscribers: 0, addresses: 0, traces: 0, connections: 0 });
    // what the client finds when it reads again: the notifications it had, then the reason, then the end
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.resume();
    await ended;
    const text = Buffer.concat(chunks).toString();
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toMatch(
      /event: error\r?\n?\s*data: \{"error":"slow consumer: \d+ notifications \(\d+ bytes\) still waiting for the connection to take them; the stream is closed"\}/,
    );
  });
});

describe('WebSocket', () => {
  /* eslint-disable @typescript-eslint/no-explicit-any -- JSON messages checked field by field */
  function open(): Promise<{
    ws: WebSocket;
    messages: any[];
    next: (match: (m: any) => boolean, what: string) => Promise<any>;
  }> {
    /* eslint-enable @typescript-eslint/no-explicit-any */
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/streaming/v2/ws`);
      const messages: unknown[] = [];
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { type?: string };
        if (m.type === undefined) streamingAnswer.parse(m);
        else streamingNotification.parse(m);
        messages.push(m);
      });
      ws.on('error', reject);
      ws.on('open', () =>
        resolve({
          ws,
          messages,
          async next(match, what) {
            await eventually(() => messages.some(match), what);
            return messages.find(match);
          },
        }),
      );
    });
  }

  it('answers ping with pong, echoing the id', async () => {
    const c = await open();
    c.ws.send(JSON.stringify({ id: 'p1', operation: 'ping' }));
    expect(await c.next((m) => m.id === 'p1', 'pong')).toEqual({ id: 'p1', status: 'pong' });
    c.ws.send(JSON.stringify({ id: 'p2', operation: 'dance' }));
    expect(await c.next((m) => m.id === 'p2', 'an error')).toEqual({
      id: 'p2',
      error: 'unknown operation: "dance"; known: subscribe, unsubscribe, ping',
    });
    c.ws.send('{not json');
    expect((await c.next((m) => typeof m.error === 'string' && m.id === undefined, 'an error')).error).toMatch(
      /^invalid request envelope/,
    );
    c.ws.close();
  });

  it('subscribe replaces the subscription, unsubscribe removes addresses from it; notifications as over SSE', async () => {
    const c = await open();
    c.ws.send(JSON.stringify({ id: 's0', operation: 'subscribe', types: ['transactions'] }));
    expect(await c.next((m) => m.id === 's0', 'the refusal')).toEqual({
      id: 's0',
      error: 'addresses is required for types transactions',
    });
    c.ws.send(
      JSON.stringify({
        id: 's1',
        operation: 'subscribe',
        types: ['transactions'],
        addresses: accounts.map((a) => formatAddress(a, 'bounceable')),
      }),
    );
    expect(await c.next((m) => m.id === 's1', 'subscribed')).toEqual({ id: 's1', status: 'subscribed' });
    const witness = await SseStream.open(base, { types: ['transactions'], addresses: accounts });
    let seqno = await ledger.slot();
    const inBlock = (n: number) => (m: { type?: string; transactions?: { mc_block_seqno: number }[] }) =>
      m.type === 'transactions' && m.transactions![0]!.mc_block_seqno === n;
    await witness.until(() => witness.events.some(inBlock(seqno)), `block ${seqno} over SSE`);
    await c.next(inBlock(seqno), `block ${seqno} over WebSocket`);
    // the same notifications as the SSE client's data, once both have received the block's last ones
    // (the notifications of a block are written to both in one publish)
    const same = (n: number) =>
      JSON.stringify(c.messages.filter(inBlock(n))) === JSON.stringify(witness.events.filter(inBlock(n)));
    await eventually(() => same(seqno), `the same notifications of block ${seqno} over both`);
    expect(c.messages.filter(inBlock(seqno))).toEqual(witness.events.filter(inBlock(seqno)));

    c.ws.send(JSON.stringify({ id: 'u1', operation: 'unsubscribe', addresses: accounts }));
    expect(await c.next((m) => m.id === 'u1', 'unsubscribed')).toEqual({ id: 'u1', status: 'unsubscribed' });
    const count = c.messages.length;
    seqno = await ledger.slot();
    await witness.until(
      () =>
        witness.events.some(inBlock(seqno)) ||
        Number(
          ledger.sql.prepare('SELECT count(*) FROM transactions WHERE mc_seqno = ?').pluck().get(seqno) as bigint,
        ) === 0,
      `block ${seqno} over SSE`,
    );
    // the witness got the block, so its publish has run, and anything it wrote to the WebSocket
    // client precedes the answer to a ping sent now: subscribed to nothing, the client got nothing
    c.ws.send(JSON.stringify({ id: 'sync', operation: 'ping' }));
    await c.next((m) => m.id === 'sync', 'the pong');
    expect(c.messages.length).toBe(count + 1);
    witness.close();
    c.ws.close();
    await eventually(() => app.ledgerStream.hub.stats().connections === 0, 'both clients to leave');
  });
});

describe('a producer in the same process', () => {
  it('nudges the follower: the block is published at once, not at the next poll', async () => {
    // a second server on the same ledger whose follower would look only once a minute
    const slow = await startStreamServer(ledger, { pollMs: 60_000 });
    try {
      const s = await SseStream.open(slow.base, { types: ['transactions'], addresses: accounts });
      await s.until(() => s.frames.length >= 1, 'connected');
      let seqno = 0;
      for (let i = 0; i < 10; i++) {
        seqno = await ledger.slot();
        if (
          Number(
            ledger.sql.prepare('SELECT count(*) FROM transactions WHERE mc_seqno = ?').pluck().get(seqno) as bigint,
          ) > 0
        )
          break;
      }
      slow.app.ledgerStream.nudge();
      await s.until(
        () => s.events.some((e) => e.transactions?.some((t: { mc_block_seqno: number }) => t.mc_block_seqno === seqno)),
        `block ${seqno}`,
        5000,
      );
      s.close();
    } finally {
      await slow.app.close();
    }
  });
});
