// The service at two sizes of one ledger, and under abuse: `npm run bench -- scale`.
//
// Part 1: ledgers of one seed (SCALE_SEED, default 42) at the sizes of SCALE_TXS (default
// "10000,100000"; "10000,1000000" for the full target, which takes most of an hour to
// build), built once under data/bench/ and reused. A ledger of one seed is the prefix of every
// larger one, so a fixed mix of queries chosen from the smallest ledger (point lookups by every hash
// kind, ascending account lists with offsets, mc seqno, lt and utime ranges, opcode and body hash,
// deep offsets, the v2 cursor walk over a whole block, v3's chain lists, the token events in
// ascending order) has the same answers at every size: the benchmark checks that (the address book
// and metadata aside: they describe accounts as they are now), and reports p50, p99 and req/s of
// each query at each size (four clients back to back over keep-alive connections, SCALE_SECONDS a
// query at each server, default 3, in SCALE_ROUNDS turns, default 4: every ledger is served at once
// and the servers take turns, so a change of the machine's load during the run falls on all
// alike), and the ratios of the largest to the smallest. The mix also holds states as of the newest block (jetton
// masters and wallets, NFT collections and items, account and wallet states, the top balances),
// named `now:…`: their answers differ between sizes (a bigger ledger went on) and are compared
// between engines only. API_ANSWER_CACHE_MB=0 in the environment turns the server's answer cache
// off: with it on (the default), every asking after the first is a kept answer.
//
// Part 1 is skipped with SCALE_QUERIES=off. Part 2 (on the largest ledger; SCALE_ABUSE=off skips it): 24 clients loop the heaviest page,
// `traces?limit=1000&include_actions=true`, for SCALE_ABUSE_S seconds (default 30) while one light
// client measures `transactionsByMessage?msg_hash=` and `traces?trace_id=`; it reports the light
// latency, the heavy clients' outcomes (status counts, bodies cut, connection errors) and the
// server's peak memory (VmHWM of the whole process, reader workers included).
//
// The server runs as `npm start` runs it (its own process, live production off, default limits
// unless API_* variables are set). Prints one JSON line.
//
// SCALE_ENGINES="sqlite,postgres" measures part 1 on both engines (their servers taking turns with
// the sizes'), and adds the PostgreSQL over SQLite ratios and whether
// both engines gave the same answers. PostgreSQL serves a copy of each SQLite ledger
// (bench/tools/copy-to-postgres.ts: the same ledger, row for row), kept as the database
// `ledger_<seed>_<txs>` of the server at SCALE_PG (a URL of its maintenance database, e.g.
// postgres://user:pass@127.0.0.1:5432/postgres) for the next run; without SCALE_PG a server of its
// own is started on loopback (as the tests start theirs) and removed at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startPgCluster, type PgCluster } from '../src/store/postgres/test-support/pg-cluster';
import { benchLedgerPath, median } from './bench-ledger';
import { copyLedgerToPostgres } from './tools/copy-to-postgres';

const PORT = Number(process.env.BENCH_PORT ?? 8291);
const SEED = Number(process.env.SCALE_SEED ?? 42);
const SIZES = (process.env.SCALE_TXS ?? '10000,100000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 3);
// Each query's SECONDS at a server are split into ROUNDS, the servers taking turns (the order
// reversed every other round, so with an even number each server's mean place in the turns is the
// same): a drift of the machine's load over a run then falls on every size and engine alike,
// instead of on whichever was measured last.
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 4);
if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1))
  throw new Error(`SCALE_ROUNDS: ${process.env.SCALE_ROUNDS} is not a whole number ≥ 1`);
const CONCURRENCY = 4;
const ABUSE = (process.env.SCALE_ABUSE ?? 'on') !== 'off';
const ABUSE_SECONDS = Number(process.env.SCALE_ABUSE_S ?? 30);
const HEAVY = '/api/v3/traces?limit=1000&include_actions=true';
const ENGINES = (process.env.SCALE_ENGINES ?? 'sqlite').split(',') as ('sqlite' | 'postgres')[];
for (const e of ENGINES)
  if (e !== 'sqlite' && e !== 'postgres') throw new Error(`SCALE_ENGINES: unknown engine ${e} (sqlite, postgres)`);

const hex = (b: Buffer) => b.toString('hex');
/**
 * Queries named with this prefix answer states as of the newest block (balances, owners, supplies):
 * a bigger ledger has gone on from where the smaller one stopped, so their answers are not compared.
 */
const NOW = 'now:';

/** The query mix, chosen from the smallest ledger, so that every answer exists at every size. */
function queryMix(path: string): { queries: Record<string, string>; walk: string } {
  const db = new Database(path, { readonly: true });
  db.defaultSafeIntegers(true);
  const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
  const pluck = <T>(sql: string, ...args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...args) as T;
  const mcMax = Number(pluck<bigint>('SELECT max(seqno) FROM blocks WHERE workchain = -1'));
  const midMc = Math.floor(mcMax / 2);
  // an internal message received in the middle of the ledger, in a completed trace of a few transactions
  const tx = one<{ hash: Buffer; trace_id: Buffer; msg_hash: Buffer; body_hash: Buffer }>(
    `SELECT t.hash, t.trace_id, m.msg_hash, m.body_hash FROM transactions t
     JOIN messages m ON m.tx_hash = t.hash AND m.direction = 'in' AND m.source IS NOT NULL
     JOIN traces r ON r.trace_id = t.trace_id AND r.state = 'complete' AND r.transactions BETWEEN 2 AND 20
     WHERE t.mc_seqno >= ? ORDER BY t.mc_seqno LIMIT 1`,
    midMc,
  );
  const msg = tx;
  const busy = pluck<string>('SELECT account FROM trace_accounts GROUP BY account ORDER BY count(*) DESC LIMIT 1');
  const opcode = Number(
    pluck<bigint>(
      'SELECT opcode FROM messages WHERE opcode IS NOT NULL AND opcode != 0 GROUP BY opcode ORDER BY count(*) DESC LIMIT 1',
    ),
  );
  const lt = one<{ lo: bigint; hi: bigint }>(
    'SELECT min(start_lt) AS lo, max(end_lt) AS hi FROM blocks WHERE workchain = 0 AND mc_seqno BETWEEN ? AND ?',
    midMc,
    midMc + 3,
  );
  const ut = one<{ lo: bigint; hi: bigint }>(
    'SELECT min(gen_utime) AS lo, max(gen_utime) AS hi FROM blocks WHERE workchain = -1 AND seqno BETWEEN ? AND ?',
    midMc,
    midMc + 3,
  );
  const block = one<{ workchain: bigint; shard: bigint; seqno: bigint }>(
    'SELECT workchain, shard, seqno FROM blocks WHERE mc_seqno <= ? ORDER BY tx_count DESC LIMIT 1',
    mcMax - 5,
  );
  const completeTraces = Number(pluck<bigint>("SELECT count(*) FROM traces WHERE state = 'complete'"));
  // the chain lists: the accounts with the most transactions, the blocks' count
  const busyTx = (
    db
      .prepare('SELECT account FROM transactions GROUP BY account ORDER BY count(*) DESC, account LIMIT 3')
      .pluck()
      .all() as string[]
  ).join(',');
  const blockCount = Number(pluck<bigint>('SELECT count(*) FROM blocks'));
  const tick = one<{ now: bigint }>('SELECT now FROM transactions WHERE mc_seqno = ? LIMIT 1', midMc);
  // the token lists: the busiest jetton master, its busiest sender, the busiest NFT collection and
  // holder, as the smallest ledger has them
  const master = pluck<string>(
    'SELECT jetton_master FROM jetton_transfers GROUP BY jetton_master ORDER BY count(*) DESC, jetton_master LIMIT 1',
  );
  const sender = pluck<string>(
    'SELECT source FROM jetton_transfers GROUP BY source ORDER BY count(*) DESC, source LIMIT 1',
  );
  const collection = pluck<string>(
    'SELECT collection_address FROM nft_items GROUP BY collection_address ORDER BY count(*) DESC, collection_address LIMIT 1',
  );
  const holder = pluck<string>(
    'SELECT owner_address FROM nft_items WHERE owner_address IS NOT NULL GROUP BY owner_address ORDER BY count(*) DESC, owner_address LIMIT 1',
  );
  db.close();
  const op = `0x${opcode.toString(16).padStart(8, '0')}`;
  return {
    queries: {
      tx_hash: `/api/v3/traces?tx_hash=${hex(tx.hash)}`,
      trace_id: `/api/v3/traces?trace_id=${hex(tx.trace_id)}`,
      msg_hash: `/api/v3/transactionsByMessage?msg_hash=${hex(msg.msg_hash)}`,
      body_hash: `/api/v3/transactionsByMessage?body_hash=${hex(msg.body_hash)}&sort=asc&limit=10`,
      traces_msg_hash: `/api/v3/traces?msg_hash=${hex(msg.msg_hash)}`,
      opcode_asc: `/api/v3/transactionsByMessage?opcode=${op}&sort=asc&limit=10`,
      opcode_asc_offset_500: `/api/v3/transactionsByMessage?opcode=${op}&sort=asc&limit=10&offset=500`,
      account_asc: `/api/v3/traces?account=${busy}&sort=asc&limit=10`,
      account_asc_offset_100: `/api/v3/traces?account=${busy}&sort=asc&limit=10&offset=100`,
      mc_seqno_traces: `/api/v3/traces?mc_seqno=${midMc}&limit=10`,
      mc_seqno_shard_state: `/api/v3/masterchainBlockShardState?seqno=${midMc}&limit=100`,
      lt_range: `/api/v3/traces?start_lt=${lt.lo}&end_lt=${lt.hi}&limit=10`,
      utime_range: `/api/v3/traces?start_utime=${ut.lo}&end_utime=${ut.hi}&limit=10`,
      traces_asc_deep_offset: `/api/v3/traces?sort=asc&limit=10&offset=${Math.floor(completeTraces * 0.8)}`,
      // the chain lists of TON Center's v3: ascending or bounded, so the answers are the same at every size
      tx_by_hash: `/api/v3/transactions?hash=${hex(tx.hash)}`,
      tx_account_asc: `/api/v3/transactions?account=${busyTx.split(',')[0]}&sort=asc&limit=10`,
      tx_account_asc_offset_100: `/api/v3/transactions?account=${busyTx.split(',')[0]}&sort=asc&limit=10&offset=100`,
      tx_accounts_merged_asc: `/api/v3/transactions?account=${busyTx}&sort=asc&limit=10&offset=50`,
      tx_exclude_account_asc: `/api/v3/transactions?exclude_account=${busyTx}&sort=asc&limit=10`,
      tx_block: `/api/v3/transactions?workchain=${block.workchain}&shard=${block.shard}&seqno=${block.seqno}&limit=100`,
      tx_workchain_asc: `/api/v3/transactions?workchain=-1&sort=asc&limit=10&offset=100`,
      tx_mc_seqno: `/api/v3/transactions?mc_seqno=${midMc}&limit=10`,
      tx_lt_range: `/api/v3/transactions?start_lt=${lt.lo}&end_lt=${lt.hi}&limit=10`,
      tx_utime_range: `/api/v3/transactions?start_utime=${tick.now}&end_utime=${tick.now + 5n}&limit=10`,
      tx_by_mc_block: `/api/v3/transactionsByMasterchainBlock?seqno=${midMc}&limit=10`,
      adjacent: `/api/v3/adjacentTransactions?hash=${hex(tx.hash)}`,
      blocks_asc_deep_offset: `/api/v3/blocks?sort=asc&limit=10&offset=${Math.floor(blockCount * 0.8)}`,
      blocks_mc_seqno: `/api/v3/blocks?mc_seqno=${midMc}`,
      blocks_workchain_utime: `/api/v3/blocks?workchain=0&start_utime=${ut.lo}&end_utime=${ut.hi}`,
      mc_block_shards: `/api/v3/masterchainBlockShards?seqno=${midMc}`,
      // the token lists: events in ascending order (the same at every size), then states as of now
      jetton_transfers_master_asc: `/api/v3/jetton/transfers?jetton_master=${master}&sort=asc&limit=10`,
      // the first page: the owner has 19 transfers on the 10,000 ledger, and a page reaching past
      // the end of its list there (offset 10) gets a row more at a million, so it is not the same
      jetton_transfers_owner_asc: `/api/v3/jetton/transfers?owner_address=${sender}&sort=asc&limit=10`,
      jetton_burns_master_asc: `/api/v3/jetton/burns?jetton_master=${master}&sort=asc&limit=10`,
      nft_transfers_collection_asc: `/api/v3/nft/transfers?collection_address=${collection}&sort=asc&limit=10`,
      [`${NOW}jetton_masters`]: '/api/v3/jetton/masters?limit=10',
      [`${NOW}jetton_holders`]: `/api/v3/jetton/wallets?jetton_address=${master}&limit=10`,
      [`${NOW}jetton_wallets_owner`]: `/api/v3/jetton/wallets?owner_address=${sender}`,
      [`${NOW}nft_collections`]: '/api/v3/nft/collections?limit=10',
      [`${NOW}nft_items_collection`]: `/api/v3/nft/items?collection_address=${collection}&limit=10`,
      [`${NOW}nft_items_owner`]: `/api/v3/nft/items?owner_address=${holder}&limit=10`,
      [`${NOW}account_states`]: `/api/v3/accountStates?address=${busyTx}&include_boc=false`,
      [`${NOW}wallet_states`]: `/api/v3/walletStates?address=${busyTx}`,
      [`${NOW}top_accounts`]: '/api/v3/topAccountsByBalance?limit=10',
    },
    walk: `/api/v2/getBlockTransactionsExt?workchain=${block.workchain}&shard=${block.shard}&seqno=${block.seqno}&count=10`,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET, body read whole; `error` when the connection failed or the body was cut. */
function request(
  path: string,
  port = PORT,
): Promise<{ status: number; body: Buffer; error: string | null; retryAfter?: string }> {
  return new Promise((resolve) => {
    const req = http.get(`http://127.0.0.1:${port}${path}`, { agent }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          body: Buffer.concat(parts),
          error: null,
          retryAfter: res.headers['retry-after'],
        }),
      );
      res.on('aborted', () => resolve({ status: res.statusCode!, body: Buffer.alloc(0), error: 'body cut' }));
      res.on('error', () => resolve({ status: res.statusCode!, body: Buffer.alloc(0), error: 'body cut' }));
    });
    req.on('error', (e) =>
      resolve({ status: 0, body: Buffer.alloc(0), error: (e as NodeJS.ErrnoException).code ?? e.message }),
    );
  });
}

/**
 * An answer with what legitimately differs between sizes or requests set aside: v2's `@extra` (a
 * timestamp and a counter), and v3's `address_book` and `metadata`, which describe each account as
 * it is now (a bigger ledger has deployed and classified more of them), not as of the data listed.
 */
function comparable(path: string, body: Buffer): string {
  const json = JSON.parse(body.toString()) as Record<string, unknown>;
  if (path.startsWith('/api/v2/')) (json.result as Record<string, unknown>)['@extra'] = null;
  delete json.address_book;
  delete json.metadata;
  return JSON.stringify(json);
}

/** The whole block walked with the v2 cursor, ten transactions a page: its pages' bodies. */
async function walkBlock(first: string, port: number): Promise<string[]> {
  const pages: string[] = [];
  let path = first;
  for (;;) {
    const r = await request(path, port);
    if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
    const json = JSON.parse(r.body.toString()) as {
      result: { incomplete: boolean; transactions: { account: string; transaction_id: { lt: string } }[] };
    };
    pages.push(comparable(path, r.body));
    if (!json.result.incomplete) return pages;
    const last = json.result.transactions[json.result.transactions.length - 1]!;
    path = `${first}&after_lt=${last.transaction_id.lt}&after_hash=${last.account}`;
  }
}

function startServer(path: string, port = PORT): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, LEDGER_DB: path, LEDGER_LIVE: 'off', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return (async () => {
    for (let i = 0; i < 300; i++) {
      if ((await request('/api/v3/traces?limit=1', port)).status === 200) return child;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the server did not start');
  })();
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Memory of a process, all its threads, from /proc/<pid>/status in MB: the peak resident set
 * (VmHWM), and now its anonymous part (heaps, SQLite page caches) and its file part (the ledger's
 * pages mapped by SQLite's mmap, counted once per mapping).
 */
function memoryMb(pid: number): Record<string, number> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) / 1024);
  return { peak_rss: field('VmHWM'), rss_anon_now: field('RssAnon'), rss_file_now: field('RssFile') };
}

/**
 * One timed GET: the body drained, not kept (its bytes were compared at the warm-up), so that the
 * measuring process allocates next to nothing per request and its own garbage collection stays out
 * of the slowest 1 %. `bytes` must equal the warm-up answer's.
 */
function timedRequest(path: string, port: number): Promise<{ status: number; bytes: number; failed: boolean }> {
  return new Promise((resolve) => {
    const req = http.get(`http://127.0.0.1:${port}${path}`, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode!, bytes, failed: false }));
      res.on('aborted', () => resolve({ status: res.statusCode!, bytes, failed: true }));
      res.on('error', () => resolve({ status: res.statusCode!, bytes, failed: true }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, failed: true }));
  });
}

/**
 * CONCURRENCY clients asking `url` of the server at `port` back to back for `seconds`: each
 * request's latency, and how many failed or answered other than the `bytes` of the warm-up.
 */
async function loadOn(url: string, port: number, seconds: number, bytes: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const s = performance.now();
      const r = await timedRequest(url, port);
      latencies.push(performance.now() - s);
      if (r.status !== 200 || r.failed || r.bytes !== bytes) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return { latencies, errors };
}

/** Latencies pooled over a query's rounds at one server: percentiles and throughput. */
const figuresOf = (latencies: number[], errors: number) => ({
  p50_ms: ms(median(latencies)),
  p99_ms: ms(percentile(latencies, 99)),
  req_per_s: Math.round(latencies.length / SECONDS),
  errors,
});

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]!;
};
const ms = (x: number) => +x.toFixed(2);

/** A ledger served for part 1: by which engine, at which size, from where, on which port. */
interface Served {
  engine: 'sqlite' | 'postgres';
  size: number;
  location: string;
  port: number;
}

/**
 * Part 1 on every served ledger at once: each started as `npm start` starts it and every query
 * warmed at each, then each query timed at each server in turn, ROUNDS rounds of SECONDS/ROUNDS.
 * One server is asked at a time; the others wait idle.
 */
async function measureAll(served: Served[], mix: ReturnType<typeof queryMix>) {
  const servers: ChildProcess[] = [];
  try {
    for (const s of served) servers.push(await startServer(s.location, s.port));
    const answers = served.map(() => ({}) as Record<string, string>);
    const bytes = served.map(() => ({}) as Record<string, number>);
    const figures = served.map(() => ({}) as Record<string, ReturnType<typeof figuresOf>>);
    // Every query is warmed before any is timed, as it is then loaded (CONCURRENCY at a time): each
    // reader worker has its own connection and caches, 20 requests one after another warmed only the
    // worker they reached, and the first queries timed ran while the just-started server was still
    // settling (their p99 doubled at a million transactions, and not from the ledger's size).
    for (const [i, s] of served.entries())
      for (const [name, url] of Object.entries(mix.queries)) {
        const first = await request(url, s.port);
        if (first.status !== 200)
          throw new Error(
            `${s.engine} ${s.size} ${name} ${url}: ${first.status} ${first.body.toString().slice(0, 200)}`,
          );
        answers[i]![name] = comparable(url, first.body);
        bytes[i]![name] = first.body.length;
        for (let k = 0; k < 20; k++) await Promise.all(Array.from({ length: CONCURRENCY }, () => request(url, s.port)));
      }
    /** `turn(i)` for each server, ROUNDS times, the order reversed every other round. */
    const inTurns = async (turn: (i: number) => Promise<void>) => {
      for (let round = 0; round < ROUNDS; round++)
        for (const i of round % 2 === 0 ? [...served.keys()] : [...served.keys()].reverse()) await turn(i);
    };
    for (const [name, url] of Object.entries(mix.queries)) {
      const pooled = served.map(() => ({ latencies: [] as number[], errors: 0 }));
      await inTurns(async (i) => {
        const r = await loadOn(url, served[i]!.port, SECONDS / ROUNDS, bytes[i]![name]!);
        pooled[i]!.latencies.push(...r.latencies);
        pooled[i]!.errors += r.errors;
      });
      for (const [i, p] of pooled.entries()) figures[i]![name] = figuresOf(p.latencies, p.errors);
    }
    // the walk is a sequence of requests: timed as a whole, one walk after another
    const walks = served.map(() => [] as number[]);
    for (const [i, s] of served.entries()) answers[i]!.v2_block_walk = (await walkBlock(mix.walk, s.port)).join('\n');
    await inTurns(async (i) => {
      const until = performance.now() + (SECONDS / ROUNDS) * 1000;
      while (performance.now() < until) {
        const s = performance.now();
        await walkBlock(mix.walk, served[i]!.port);
        walks[i]!.push(performance.now() - s);
      }
    });
    for (const [i, w] of walks.entries()) figures[i]!.v2_block_walk = figuresOf(w, 0);
    return served.map((s, i) => ({ ...s, answers: answers[i]!, figures: figures[i]! }));
  } finally {
    await Promise.all(servers.map(stopServer));
  }
}

async function abuse(path: string, mix: ReturnType<typeof queryMix>) {
  const server = await startServer(path);
  try {
    const heavy = {
      status: {} as Record<string, number>,
      cut: 0,
      connection_errors: 0,
      error_codes: {} as Record<string, number>,
      bytes: 0,
    };
    const light: number[] = [];
    const lightFailures: string[] = [];
    const until = performance.now() + ABUSE_SECONDS * 1000;
    const heavyClient = async () => {
      while (performance.now() < until) {
        const r = await request(HEAVY);
        heavy.status[r.status] = (heavy.status[r.status] ?? 0) + 1;
        if (r.error === 'body cut') heavy.cut += 1;
        else if (r.error) {
          heavy.connection_errors += 1;
          heavy.error_codes[r.error] = (heavy.error_codes[r.error] ?? 0) + 1;
        }
        heavy.bytes += r.body.length;
        // a client told to come back later does so, as Retry-After asks (not in a tight loop)
        // (503: the service is busy; 429: this client has its share of the heavy lane in flight)
        if (r.status === 503 || r.status === 429)
          await new Promise((res) => setTimeout(res, 1000 * Number(r.retryAfter ?? 1)));
      }
    };
    const lightPaths = [mix.queries.msg_hash!, mix.queries.trace_id!];
    const want = await Promise.all(lightPaths.map(async (p) => (await request(p)).body.toString()));
    const lightClient = async () => {
      // let the heavy clients fill the service first
      await new Promise((r) => setTimeout(r, 2000));
      for (let i = 0; performance.now() < until; i++) {
        const p = lightPaths[i % 2]!;
        const s = performance.now();
        const r = await request(p);
        light.push(performance.now() - s);
        if (r.status !== 200 || r.body.toString() !== want[i % 2])
          lightFailures.push(`${r.status} ${r.error ?? ''} ${r.body.toString().slice(0, 120)}`);
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    await Promise.all([...Array.from({ length: 24 }, heavyClient), lightClient()]);
    return {
      seconds: ABUSE_SECONDS,
      light: {
        requests: light.length,
        p50_ms: ms(median(light)),
        p99_ms: ms(percentile(light, 99)),
        max_ms: ms(Math.max(...light)),
        failures: lightFailures.length,
        first_failures: lightFailures.slice(0, 3),
      },
      heavy: { ...heavy, mb: Math.round(heavy.bytes / 1e6) },
      server_memory_mb: memoryMb(server.pid!),
    };
  } finally {
    await stopServer(server);
  }
}

const own: { cluster?: PgCluster } = {};
/** The PostgreSQL copy of a ledger file: a database of the SCALE_PG server (or of our own), copied once. */
async function postgresCopy(file: string, txs: number): Promise<string> {
  if (!process.env.SCALE_PG)
    own.cluster ??= await startPgCluster({ settings: { shared_buffers: "'512MB'", max_connections: 100 } });
  const server = process.env.SCALE_PG ?? own.cluster!.url('postgres');
  const name = `ledger_${SEED}_${txs}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
  const url = new URL(server);
  url.pathname = `/${name}`;
  if (!exists) {
    // copied under another name and renamed when whole: an interrupted copy is never reused
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const tmp = new URL(server);
    tmp.pathname = `/${building}`;
    const started = performance.now();
    await copyLedgerToPostgres(file, tmp.toString());
    process.stderr.write(`copied ${file} into PostgreSQL in ${Math.round((performance.now() - started) / 1000)} s\n`);
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
  }
  await admin.end();
  return url.toString();
}

const paths: string[] = [];
for (const n of SIZES) paths.push(await benchLedgerPath(SEED, n));
const mix = queryMix(paths[0]!);
type Measured = Awaited<ReturnType<typeof measureAll>>[number];
const bySize: Record<string, Record<string, Measured>> = Object.fromEntries(ENGINES.map((e) => [e, {}]));
const QUERIES = (process.env.SCALE_QUERIES ?? 'on') !== 'off';
if (QUERIES) {
  const served: Served[] = [];
  for (const [i, size] of SIZES.entries())
    for (const engine of ENGINES)
      served.push({
        engine,
        size,
        location: engine === 'postgres' ? await postgresCopy(paths[i]!, size) : paths[i]!,
        port: PORT + 1 + served.length,
      });
  for (const m of await measureAll(served, mix)) bySize[m.engine]![m.size] = m;
}
type Figures = Measured['figures'][string];
const ratioOf = (a: Figures, b: Figures) => ({
  p50: +(b.p50_ms / a.p50_ms).toFixed(2),
  p99: +(b.p99_ms / a.p99_ms).toFixed(2),
  req_per_s: +(b.req_per_s / a.req_per_s).toFixed(2),
});
/**
 * Each query's figures at `b` over those at `a`, and whether both answered the same (null for a
 * state as of now, between two sizes: `sameLedger` false).
 */
function ratios(a: Measured | undefined, b: Measured | undefined, sameLedger: boolean) {
  const out: Record<string, ReturnType<typeof ratioOf> & { same_answer: boolean | null }> = {};
  for (const name of a && b ? Object.keys(a.figures) : [])
    out[name] = {
      ...ratioOf(a!.figures[name]!, b!.figures[name]!),
      same_answer: !sameLedger && name.startsWith(NOW) ? null : a!.answers[name] === b!.answers[name],
    };
  return out;
}
const smallest = String(SIZES[0]!);
const largest = String(SIZES[SIZES.length - 1]!);
const abuseEngine = ENGINES[0]!;
const out = {
  bench: 'scale',
  seed: SEED,
  sizes: SIZES,
  engines: ENGINES,
  seconds_per_query: SECONDS,
  rounds_per_query: ROUNDS,
  queries: { ...mix.queries, v2_block_walk: mix.walk },
  figures: QUERIES
    ? Object.fromEntries(ENGINES.map((e) => [e, Object.fromEntries(SIZES.map((n) => [n, bySize[e]![n]!.figures]))]))
    : null,
  ratios_largest_over_smallest: Object.fromEntries(
    ENGINES.map((e) => [e, ratios(bySize[e]![smallest], bySize[e]![largest], false)]),
  ),
  ratios_postgres_over_sqlite:
    ENGINES.length === 2
      ? Object.fromEntries(SIZES.map((n) => [n, ratios(bySize.sqlite![n], bySize.postgres![n], true)]))
      : null,
  abuse: ABUSE
    ? {
        engine: abuseEngine,
        ...(await abuse(
          abuseEngine === 'postgres'
            ? await postgresCopy(paths[paths.length - 1]!, SIZES[SIZES.length - 1]!)
            : paths[paths.length - 1]!,
          mix,
        )),
      }
    : null,
  load_average: loadavg().map((l) => +l.toFixed(2)),
  targets: {
    p50_ratio: 1.3,
    p99_ratio: 1.5,
    light_p99_ms_under_abuse: 50,
    server_peak_rss_mb: 1024,
    p50_ratio_postgres_over_sqlite: 1.5,
  },
};
own.cluster?.destroy();
console.log(JSON.stringify(out));
process.exit(0);
