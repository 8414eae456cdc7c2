import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, startPgReplica, type PgCluster } from '../store/postgres/test-support/pg-cluster';
import { runMain, startServing, waitForLine, type MainProcess } from './test-support/main-process';

// A primary and a streaming replica on loopback. The producer writes the primary; one API process
// reads the replica (LEDGER_DB_READ), another the primary. While blocks stream in, every answer of
// the replica is a whole block (one producer batch is one transaction, and a response reads one
// snapshot); once the replica has caught up, it answers what the primary answers, byte for byte.

let primary: PgCluster;
let replica: PgCluster;
let producer: MainProcess;
let onReplica: MainProcess;
let onPrimary: MainProcess;

beforeAll(async () => {
  primary = await startPgCluster();
  const url = primary.createDatabase('ledger');
  replica = await startPgReplica(primary);
  producer = runMain({
    LEDGER_ROLE: 'producer',
    LEDGER_DB: url,
    LEDGER_TXS: '150',
    LEDGER_SEED: '8',
    LEDGER_LIVE: 'on',
  });
  await waitForLine(producer, /producer writing/);
  onPrimary = await startServing({ LEDGER_ROLE: 'api', LEDGER_DB: url });
  onReplica = await startServing({ LEDGER_ROLE: 'api', LEDGER_DB: url, LEDGER_DB_READ: replica.url('ledger') });
}, 300_000);

afterAll(async () => {
  for (const p of [onReplica, onPrimary, producer]) await p?.stop();
  replica?.destroy();
  primary?.destroy();
});

const get = async (base: string, path: string) => {
  const r = await fetch(base + path);
  expect(r.status, path).toBe(200);
  return { seqno: Number(r.headers.get('x-ledger-seqno')), text: await r.text() };
};

interface ShardState {
  transactions: { hash: string }[];
  blocks: { workchain: number; shard: string; seqno: number; tx_count: number }[];
}

describe('an API process reading a streaming replica', () => {
  it('never answers a half-applied block while the producer writes, then answers what the primary has', async () => {
    expect(replica.psql('SELECT pg_is_in_recovery()')).toBe('t');
    const seen = new Set<number>();
    const until = Date.now() + 15_000;
    while (Date.now() < until || seen.size < 3) {
      // the replica's newest block, read on one snapshot with the transactions it committed
      const head = await get(onReplica.base!, '/api/v3/masterchainBlockShardState?seqno=0&limit=1');
      const r = await get(onReplica.base!, `/api/v3/masterchainBlockShardState?seqno=${head.seqno}&limit=1000`);
      if (r.seqno !== head.seqno) continue;
      seen.add(r.seqno);
      const body = JSON.parse(r.text) as ShardState;
      // every transaction its blocks count is there: the whole batch or nothing of it (a page
      // holds at most 1000, and the ledger's wide fan-out puts more in one block)
      const counted = body.blocks.reduce((n, b) => n + b.tx_count, 0);
      expect(body.transactions.length, `masterchain block ${r.seqno}`).toBe(Math.min(counted, 1000));
      // and the primary has the same transactions in that block
      const p = JSON.parse(
        (await get(onPrimary.base!, `/api/v3/masterchainBlockShardState?seqno=${r.seqno}&limit=1000`)).text,
      ) as ShardState;
      expect(body.transactions.map((t) => t.hash)).toEqual(p.transactions.map((t) => t.hash));
      await new Promise((res) => setTimeout(res, 200));
    }
    // the replica followed the primary block after block
    expect(seen.size).toBeGreaterThanOrEqual(3);

    // stop producing; once the replica has replayed everything, both answer alike
    expect(await producer.stop()).toBe(0);
    const last = (await get(onPrimary.base!, '/api/v3/traces?limit=1')).seqno;
    const deadline = Date.now() + 30_000;
    while ((await get(onReplica.base!, '/api/v3/traces?limit=1')).seqno !== last) {
      expect(Date.now() < deadline, 'replica did not catch up within 30 s').toBe(true);
      await new Promise((res) => setTimeout(res, 200));
    }
    const paths = [
      '/api/v3/traces?limit=50&include_actions=true',
      `/api/v3/masterchainBlockShardState?seqno=${last}`,
      `/api/v3/masterchainBlockShardState?seqno=${Math.floor(last / 2)}&sort=asc`,
      '/api/v3/transactionsByMessage?opcode=0&limit=30',
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all([get(onPrimary.base!, path), get(onReplica.base!, path)]);
      expect(b.seqno, path).toBe(a.seqno);
      expect(b.text, path).toBe(a.text);
    }
  });
});
