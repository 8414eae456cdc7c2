// The query options: the API base URL in every key, and a query function that really fetches.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockTransactionsQuery, clientFor, shardStateQuery, tracesQuery, transactionsByMessageQuery } from './queries';

let server: Server;
let base: string;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ transactions: [], address_book: {}, blocks: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('query options', () => {
  it('every key starts with the API base URL, then the operation and its parameters', () => {
    const keys = [
      blockTransactionsQuery(clientFor('https://a.example'), { workchain: 0, shard: '-9223372036854775808', seqno: 1 })
        .queryKey,
      shardStateQuery(clientFor('https://a.example'), { seqno: 1 }).queryKey,
      tracesQuery(clientFor('https://a.example'), { limit: 5 }).queryKey,
      transactionsByMessageQuery(clientFor('https://a.example'), { opcode: 0 }).queryKey,
    ];
    for (const k of keys) expect(k.slice(0, 2)).toEqual(['ledger', 'https://a.example']);
    expect(new Set(keys.map((k) => k[2])).size).toBe(4);
  });

  it('the same operation on two APIs has two cache entries and two requests', async () => {
    const qc = new QueryClient();
    const other = base.replace('127.0.0.1', 'localhost');
    const a = shardStateQuery(clientFor(base), { seqno: 3 });
    const b = shardStateQuery(clientFor(other), { seqno: 3 });
    expect(a.queryKey).not.toEqual(b.queryKey);
    const before = hits.length;
    await qc.fetchQuery(a);
    await qc.fetchQuery(b);
    const reached = hits.slice(before).map((x) => x.split('/')[0]);
    expect(new Set(reached)).toEqual(new Set([new URL(base).host, new URL(other).host]));
    expect(qc.getQueryData(a.queryKey)).toEqual({ transactions: [], addressBook: {}, blocks: [] });
    expect(qc.getQueryCache().getAll()).toHaveLength(2);
    qc.clear();
  });
});
