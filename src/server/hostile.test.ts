import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgainstSchemas, startTestServer, type TestServer } from './test-support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

const ENDPOINTS = [
  '/api/v2/getBlockTransactionsExt',
  '/api/v3/masterchainBlockShardState',
  '/api/v3/traces',
  '/api/v3/transactionsByMessage',
  '/api/v3/balanceChanges',
  '/api/v3/transactions',
  '/api/v3/masterchainInfo',
  '/api/v3/blocks',
  '/api/v3/masterchainBlockShards',
  '/api/v3/transactionsByMasterchainBlock',
  '/api/v3/adjacentTransactions',
  '/api/v3/pendingTraces',
  '/api/v3/pendingTransactions',
  // the v2 methods of TON's client libraries, one of each parameter family (v2-methods.ts)
  '/api/v2/getWalletInformation',
  '/api/v2/lookupBlock',
  '/api/v2/tryLocateTx',
  '/api/v2/getConfigParam',
  '/api/v3/messages',
  '/api/v3/actions',
  '/api/v3/pendingActions',
  '/api/v3/accountStates',
  '/api/v3/walletStates',
  '/api/v3/addressBook',
  '/api/v3/metadata',
  '/api/v3/topAccountsByBalance',
  '/api/v3/jetton/masters',
  '/api/v3/jetton/wallets',
  '/api/v3/jetton/transfers',
  '/api/v3/jetton/burns',
  '/api/v3/nft/collections',
  '/api/v3/nft/items',
  '/api/v3/nft/transfers',
  '/api/v3/jetton/search',
];
const PARAMS = [
  'workchain',
  'shard',
  'seqno',
  'count',
  'after_lt',
  'after_hash',
  'root_hash',
  'limit',
  'offset',
  'sort',
  'account',
  'trace_id',
  'tx_hash',
  'msg_hash',
  'mc_seqno',
  'start_utime',
  'end_lt',
  'include_actions',
  'supported_action_types',
  'body_hash',
  'opcode',
  'direction',
  'action_id',
  'exclude_account',
  'hash',
  'lt',
  'file_hash',
  'end_utime',
  'start_lt',
  'ext_msg_hash',
  'address',
  'unixtime',
  'source',
  'destination',
  'created_lt',
  'config_id',
  'exclude_externals',
  'only_externals',
  'action_type',
  'exclude_action_type',
  'include_accounts',
  'include_transactions',
  'include_boc',
  'owner_address',
  'jetton_address',
  'jetton_wallet',
  'jetton_master',
  'collection_address',
  'item_address',
  'index',
  'exclude_zero_balance',
  'sort_by_last_transaction_lt',
  'q',
];
const VALUES = [
  'x'.repeat(20_000),
  '🦄💥'.repeat(50),
  'ä̸̧͈͎͋ͅ',
  '%00',
  '%00abc',
  '\u0001\u0002\u001b[31m',
  '-0',
  '1e9',
  '0x10',
  '-1',
  '99999999999999999999999999999999',
  '1.0',
  ' 1',
  'NaN',
  'Infinity',
  'null',
  '[]',
  '{"a":1}',
  "'; DROP TABLE transactions; --",
  '%ZZ',
  '..%2F..%2Fetc%2Fpasswd',
  '',
];

/** Raw request: the URL is sent as written, without the client normalizing it. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(s.base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (body += c))
        .on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const encode = (v: string) => (v.startsWith('%') ? v : encodeURIComponent(v));

describe('a corpus of hostile queries', () => {
  it('always answers 4xx with a message, never 5xx, and keeps serving', async () => {
    let checked = 0;
    for (const endpoint of ENDPOINTS) {
      for (const param of PARAMS) {
        for (const value of VALUES) {
          const r = await rawGet(`${endpoint}?${param}=${encode(value)}`);
          checked += 1;
          checkAgainstSchemas(endpoint, r.status, JSON.parse(r.body));
          expect(
            r.status,
            `${endpoint}?${param}=${value.slice(0, 30)} → ${r.status} ${r.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (r.status !== 200) {
            expect(r.status).toBeGreaterThanOrEqual(400);
            const body = JSON.parse(r.body) as { error: string };
            expect(body.error.length).toBeGreaterThan(5);
            expect(body.error).not.toMatch(/SQLITE|at .*\.ts:|node_modules|\/work\//);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // arrays where scalars are expected, thousands of list items, repeated keys
    // lists past their 100 items but within the bound of a request line (64 KiB): 422 from the parser
    const many = Array.from({ length: 500 }, (_, i) => `account=0:${i.toString(16).padStart(64, '0')}`).join('&');
    for (const path of [
      `/api/v3/traces?${many}`,
      `/api/v3/traces?account=${Array.from({ length: 500 }, () => '0:' + 'A'.repeat(64)).join(',')}`,
      '/api/v3/traces?limit[]=1',
      '/api/v3/traces?limit=1&limit=1',
      '/api/v3/masterchainBlockShardState?seqno=1&seqno=1',
      '/api/v3/transactionsByMessage?opcode=1&opcode=2',
    ]) {
      const r = await rawGet(path);
      expect(r.status, path.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(r.status, path.slice(0, 80)).toBeLessThan(500);
      checkAgainstSchemas(path, r.status, JSON.parse(r.body));
    }
    // 10,000 items: past the bound of a request line, 431 naming it, before a byte is parsed
    const huge = await rawGet(
      `/api/v3/traces?account=${Array.from({ length: 10_000 }, () => '0:' + 'A'.repeat(64)).join(',')}`,
    );
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body).error).toMatch(/the request line and headers exceed 65536 bytes/);
    const still = await s.get('/api/v3/traces?limit=1');
    expect(still.status).toBe(200);
  }, 300_000);
});

describe('HTTP behaviour', () => {
  it('answers other methods with 405 and Allow, serves HEAD, sets CORS, JSON content type and nosniff', async () => {
    for (const endpoint of ENDPOINTS) {
      const post = await fetch(s.base + endpoint, { method: 'POST', body: '{}' });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    }
    const head = await fetch(s.base + '/api/v3/traces?limit=1', { method: 'HEAD' });
    expect(head.status).toBe(200);
    const get = await fetch(s.base + '/api/v3/traces?limit=1');
    expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    const unknown = await s.get('/api/v3/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/no such endpoint/);
  });

  it('compresses when the client accepts it', async () => {
    const gz = await fetch(s.base + '/api/v3/traces?limit=10&include_actions=true', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const br = await fetch(s.base + '/api/v3/traces?limit=10', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
  });

  it('compresses a small body in one go: same JSON, with a Content-Length; below 1 KB not at all', async () => {
    const path = '/api/v3/transactionsByMessage?opcode=0&limit=8';
    const plain = Buffer.from(
      await (await fetch(s.base + path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    expect(plain.length).toBeGreaterThan(16_384);
    expect(plain.length).toBeLessThan(65_536);
    for (const encoding of ['gzip', 'br']) {
      const { headers, body } = await undecodedGet(path, { 'accept-encoding': encoding });
      expect(headers['content-encoding']).toBe(encoding);
      expect(Number(headers['content-length'])).toBe(body.length);
      expect((encoding === 'gzip' ? gunzipSync(body) : brotliDecompressSync(body)).equals(plain)).toBe(true);
    }
    const small = await undecodedGet('/api/v3/transactionsByMessage?limit=0', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('a streamed answer', () => {
  it('is brotli (quality 1, fast) when the client prefers it, gzip as the plugin makes it otherwise: the same JSON', async () => {
    // an answer over 1 MB is streamed from its reader worker
    const path = '/api/v3/transactions?limit=1000&sort=asc';
    const plain = await undecodedGet(path, { 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThan(1024 * 1024);
    const br = await undecodedGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    // bigger than the plugin's quality 4 makes it: the quality is the fast one
    const q4 = brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.body.length).toBeGreaterThan(q4.length);
    // a client that ranks gzip first is answered by the plugin, as before
    const gz = await undecodedGet(path, { 'accept-encoding': 'gzip, br;q=0.5' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });
});

/** A GET whose body is not decoded by the client. */
function undecodedGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(s.base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
