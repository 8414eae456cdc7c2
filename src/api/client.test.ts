// The client against a tiny real HTTP server that answers with the real TON Center responses of
// ./test-support/fixtures/ton-center and the error bodies of both API versions. (The client against our own
// server over a generated ledger is in ./normalize.test.ts.)
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  ApiShapeError,
  ApiUnreachableError,
  LedgerClient,
  isLedgerApiError,
  isRetryable,
  queryString,
} from './client';

const fixture = (name: string) => readFileSync(join(__dirname, 'test-support', 'fixtures', 'ton-center', name), 'utf8');
const h = (n: number) => Buffer.alloc(32, n).toString('base64');

/** A trace as TON Center prints it: string mc seqnos, a bare tree with a `children: null` leaf, no transactions map. */
const tonCenterTrace = JSON.stringify({
  traces: [
    {
      trace_id: h(1),
      external_hash: h(9),
      mc_seqno_start: '7',
      mc_seqno_end: '8',
      start_lt: '100',
      end_lt: '105',
      start_utime: 1700000000,
      end_utime: 1700000003,
      trace_info: {
        trace_state: 'complete',
        messages: 2,
        transactions: 2,
        pending_messages: 0,
        classification_state: 'ok',
      },
      is_incomplete: false,
      trace: { tx_hash: h(1), in_msg_hash: h(9), children: [{ tx_hash: h(2), in_msg_hash: h(3), children: null }] },
      transactions_order: [h(1), h(2)],
    },
  ],
  address_book: {},
  metadata: {},
});

function send(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

const seen: string[] = [];
function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push(req.url ?? '');
  const q = url.searchParams;
  switch (url.pathname) {
    case '/api/v2/getBlockTransactionsExt':
      if (q.get('seqno') !== '39984096')
        return send(res, 404, JSON.stringify({ ok: false, error: 'block not found', code: 404 }));
      return send(res, 200, fixture('v2-block-transactions-ext-blockpi-mc39984096.json'));
    case '/api/v3/masterchainBlockShardState':
      return send(res, 200, fixture('v3-blocks-javadoc.json'));
    case '/api/v3/transactionsByMessage':
      if (q.get('limit') === '0')
        return send(res, 422, JSON.stringify({ error: 'parameter limit must be from 1 to 1000, got "0"' }));
      return send(res, 200, fixture('v3-transactions-1.json'));
    case '/api/v3/traces':
      if (q.get('limit') === '504')
        return send(res, 504, JSON.stringify({ error: 'query exceeded its time budget of 3000 ms' }));
      if (q.get('limit') === '502') return send(res, 502, '<html>bad gateway</html>', 'text/html');
      if (q.get('limit') === '13') return send(res, 200, JSON.stringify({ traces: [{ trace_id: 5 }] }));
      if (q.get('limit') === '14') return send(res, 200, 'not json');
      if (q.get('limit') === '16') {
        // a good trace, then one whose tree is not a tree: the check names the second
        const [good] = (JSON.parse(tonCenterTrace) as { traces: object[] }).traces;
        return send(res, 200, JSON.stringify({ traces: [good, { ...good, trace: 'x' }] }));
      }
      if (q.get('limit') === '17') return send(res, 200, JSON.stringify({ traces: 'none', address_book: 3 }));
      if (q.get('limit') === '15') return; // never answers: for the abort test
      return send(res, 200, tonCenterTrace);
    default:
      return send(res, 404, JSON.stringify({ error: 'not found' }));
  }
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('queryString', () => {
  it('repeats list keys, drops absent and empty values, encodes the rest', () => {
    expect(
      queryString({
        account: ['0:AA', '0:BB'],
        limit: 5,
        sort: undefined,
        offset: null,
        msg_hash: '',
        include_actions: true,
      }),
    ).toBe('?account=0%3AAA&account=0%3ABB&limit=5&include_actions=true');
    expect(queryString({ msg_hash: 'a+b/c=' })).toBe('?msg_hash=a%2Bb%2Fc%3D');
    expect(queryString({})).toBe('');
  });
});

describe('LedgerClient against a TON Center-shaped server', () => {
  it('getBlockTransactionsExt: the request it sends and the normalized answer', async () => {
    const c = new LedgerClient({ baseUrl: base + '/' });
    const r = await c.getBlockTransactionsExt({
      workchain: -1,
      shard: '-9223372036854775808',
      seqno: 39984096,
      count: 40,
    });
    expect(seen.at(-1)).toBe(
      '/api/v2/getBlockTransactionsExt?workchain=-1&shard=-9223372036854775808&seqno=39984096&count=40',
    );
    expect(r.block).toMatchObject({ workchain: -1, seqno: 39984096 });
    expect(r.transactions).toHaveLength(3);
  });

  it('getMasterchainBlockShardState: a {blocks}-only answer gives empty transactions and an empty address book', async () => {
    const r = await new LedgerClient({ baseUrl: base }).getMasterchainBlockShardState({ seqno: 19728375 });
    expect(r.transactions).toEqual([]);
    expect(r.addressBook).toEqual({});
    expect(r.blocks.map((b) => b.shard)).toEqual([String(0x2000000000000000n), String(0x2000000000000000n)]);
  });

  it('getTraces: list parameters as repeated keys, the api key appended, the tree normalized', async () => {
    const c = new LedgerClient({ baseUrl: base, apiKey: 'k1' });
    const r = await c.getTraces({
      account: ['0:AA', '0:BB'],
      include_actions: false,
      supported_action_types: ['ton_transfer', 'jetton_transfer'],
      limit: 5,
    });
    expect(seen.at(-1)).toBe(
      '/api/v3/traces?account=0%3AAA&account=0%3ABB&include_actions=false&supported_action_types=ton_transfer&supported_action_types=jetton_transfer&limit=5&api_key=k1',
    );
    const t = r.traces[0]!;
    expect([t.mcSeqnoStart, t.mcSeqnoEnd]).toEqual([7, 8]);
    expect(t.root).toEqual({
      txHash: h(1),
      inMsgHash: h(9),
      children: [{ txHash: h(2), inMsgHash: h(3), children: [] }],
    });
    expect(t.transactions).toEqual({});
    expect(t.actions).toBeNull();
  });

  it('getTransactionsByMessage: a hex opcode goes out as given and comes back signed', async () => {
    const r = await new LedgerClient({ baseUrl: base }).getTransactionsByMessage({
      opcode: '0x7362d09c',
      direction: 'in',
    });
    expect(seen.at(-1)).toBe('/api/v3/transactionsByMessage?opcode=0x7362d09c&direction=in');
    expect(r.transactions[0]!.inMsg!.opcode).toBe(0x7362d09c);
    expect(Object.keys(r.addressBook)).toContain(r.transactions[0]!.account);
  });
});

describe('LedgerClient errors', () => {
  const c = () => new LedgerClient({ baseUrl: base });
  const failure = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    if (e === null) throw new Error('expected a rejection');
    return e;
  };

  it('v2 {ok:false,error,code}: an ApiError with the status and the server’s message', async () => {
    const e = await failure(c().getBlockTransactionsExt({ workchain: -1, shard: '-9223372036854775808', seqno: 1 }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ kind: 'not-found', status: 404, message: 'block not found' });
    expect((e as ApiError).url).toContain('seqno=1');
  });

  it('v3 {error}: an ApiError with the status and the server’s message', async () => {
    const e = await failure(c().getTransactionsByMessage({ msg_hash: h(1), limit: 0 }));
    expect(e).toMatchObject({
      name: 'ApiError',
      kind: 'bad-request',
      status: 422,
      message: 'parameter limit must be from 1 to 1000, got "0"',
    });
  });

  it('an error page that is not JSON: the status and its text', async () => {
    const e = await failure(c().getTraces({ limit: 502 }));
    expect(e).toMatchObject({ kind: 'server', status: 502, message: 'HTTP 502 Bad Gateway' });
  });

  it("504: the query outgrew the server's time budget, a kind of its own, not asked again at once", async () => {
    const e = await failure(c().getTraces({ limit: 504 }));
    expect(e).toMatchObject({ kind: 'too-heavy', status: 504, message: 'query exceeded its time budget of 3000 ms' });
    expect(isRetryable(e)).toBe(false);
    expect(isRetryable(await failure(c().getTraces({ limit: 502 })))).toBe(true);
  });

  it('200 with another shape, or not JSON at all: an ApiShapeError naming the field', async () => {
    const wrong = await failure(c().getTraces({ limit: 13 }));
    expect(wrong).toBeInstanceOf(ApiShapeError);
    expect((wrong as ApiShapeError).issues).toMatch(/^traces\.0\.trace_id: /);
    const text = await failure(c().getTraces({ limit: 14 }));
    expect(text).toMatchObject({ kind: 'shape' });
    // the traces are checked one at a time (in slices of a task), and a bad one is named by its place
    expect(((await failure(c().getTraces({ limit: 16 }))) as ApiShapeError).issues).toMatch(/^traces\.1\.trace: /);
    expect(((await failure(c().getTraces({ limit: 17 }))) as ApiShapeError).issues).toMatch(
      /^traces: .*; address_book: /,
    );
  });

  it('nobody listening: ApiUnreachableError, not an HTTP error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const e = await failure(new LedgerClient({ baseUrl: `http://127.0.0.1:${port}` }).getTraces({ limit: 1 }));
    expect(e).toBeInstanceOf(ApiUnreachableError);
    expect(e).toMatchObject({ kind: 'unreachable', base: `http://127.0.0.1:${port}` });
    expect(isLedgerApiError(e)).toBe(true);
    expect('status' in (e as object)).toBe(false);
  });

  it('an aborted request rejects with the abort, not as an API error', async () => {
    const ctl = new AbortController();
    const p = c().getTraces({ limit: 15 }, ctl.signal);
    setTimeout(() => ctl.abort(), 50);
    const e = await failure(p);
    expect((e as Error).name).toBe('AbortError');
    expect(isLedgerApiError(e)).toBe(false);
  });
});

describe('runGetMethod', () => {
  it("POSTs the call as TON Center takes it (a JSON body, the arguments as its stack) and reads TON Center's answer", async () => {
    let asked = '';
    let init: RequestInit | undefined;
    const answer = {
      ok: true,
      result: {
        '@type': 'smc.runResult',
        gas_used: 685,
        exit_code: 0,
        stack: [
          ['num', '0x1f'],
          ['cell', { bytes: 'te6cckEBAQEAAgAAAEysuc0=', object: { data: { b64: '', len: 0 }, refs: [] } }],
          ['list', { '@type': 'tvm.list', elements: [] }],
        ],
        '@extra': '1.2:3',
      },
    };
    const client = new LedgerClient({
      baseUrl: 'https://api.example',
      fetch: (url, options) => {
        asked = String(url);
        init = options;
        return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
      },
    });
    const r = await client.runGetMethod({
      address: '0:AB',
      method: 'get_nft_address_by_index',
      stack: [
        { type: 'num', value: -5n },
        { type: 'slice', boc: 'te6cc' },
      ],
    });
    const u = new URL(asked);
    expect(u.pathname).toBe('/api/v2/runGetMethod');
    expect(u.search).toBe('');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      address: '0:AB',
      method: 'get_nft_address_by_index',
      stack: [
        ['num', '-0x5'],
        ['tvm.Slice', 'te6cc'],
      ],
    });
    expect(r).toEqual({
      exitCode: 0,
      gasUsed: 685,
      stack: [
        { type: 'num', value: 31n },
        { type: 'cell', boc: 'te6cckEBAQEAAgAAAEysuc0=' },
        { type: 'list', items: [] },
      ],
    });
  });
});
