// Every answer of the API on one ledger, as JSON lines: `npx tsx bench/tools/compare-answers.ts LEDGER OUT [SERVE]`.
// Run it on a ledger with one build and on the same ledger (or its migrated copy, or a ledger of the
// same seed and size) with another, then compare the two files (`cmp A B`): a storage change must
// leave every answer byte for byte as it was. The requests come from the ledger itself (every
// masterchain block, every block, every trace, every account's traces, every message hash, body hash
// and opcode), read with plain SQL that both schema versions answer. With SERVE (a PostgreSQL URL
// holding a copy of the ledger: bench/tools/copy-to-postgres.ts), the requests still come from the
// file and the answers from SERVE, so the two engines' answers can be compared. An OUT ending in
// `.sha256` holds each answer's digest instead of its body (a 10,000-transaction ledger's bodies
// weigh tens of gigabytes: every page of 1000 traces carries its address book).
// COMPARE_TRACE_MAX_TXS cuts traces shorter than the service's default (4,000): every ledger holds a
// 4,370-transaction fan-out, and each of its thousands of accounts' `traces?account=` would print it
// whole (~50 MB, hours for the whole run); the cut leaves every code path of the answer in play.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/sqlite/open-sqlite-store';
import { createServer } from '../../src/server/app';

const [path, out, serve] = process.argv.slice(2);
if (!path || !out) {
  process.stderr.write('usage: npx tsx bench/tools/compare-answers.ts LEDGER OUT [SERVE]\n');
  process.exit(2);
}
const sql = new Database(path, { readonly: true });
const hex = (b: Buffer) => b.toString('hex');
const col = <T>(q: string) => sql.prepare(q).pluck().all() as T[];
const urls: string[] = [];
for (const s of col<number>('SELECT seqno FROM blocks WHERE workchain = -1 ORDER BY seqno')) {
  urls.push(
    `/api/v3/masterchainBlockShardState?seqno=${s}&limit=1000`,
    `/api/v3/traces?mc_seqno=${s}&limit=1000&include_actions=true`,
  );
}
for (const b of sql
  .prepare('SELECT workchain, shard, seqno FROM blocks ORDER BY workchain, shard, seqno')
  .safeIntegers(true)
  .all() as Record<string, bigint>[]) {
  urls.push(`/api/v2/getBlockTransactionsExt?workchain=${b.workchain}&shard=${b.shard}&seqno=${b.seqno}&count=1000`);
}
const traceIds = col<Buffer>('SELECT trace_id FROM traces ORDER BY trace_id');
for (let i = 0; i < traceIds.length; i += 10)
  urls.push(
    `/api/v3/traces?trace_id=${traceIds
      .slice(i, i + 10)
      .map(hex)
      .join(',')}&include_actions=true`,
  );
// every account's traces, or COMPARE_ACCOUNTS of them (the first in address order): the fan-out's
// thousands of accounts each list its trace; the lists by account and the account reads below too
const accounts = col<string>(
  `SELECT DISTINCT account FROM trace_accounts ORDER BY account${process.env.COMPARE_ACCOUNTS ? ` LIMIT ${Number(process.env.COMPARE_ACCOUNTS)}` : ''}`,
);
for (const a of accounts) urls.push(`/api/v3/traces?account=${encodeURIComponent(a)}&limit=1000`);
for (const sort of ['asc', 'desc'])
  for (const offset of [0, 500, 1500])
    urls.push(`/api/v3/traces?limit=1000&offset=${offset}&sort=${sort}&include_actions=true`);
for (const m of col<Buffer>('SELECT DISTINCT msg_hash FROM messages ORDER BY msg_hash'))
  urls.push(`/api/v3/transactionsByMessage?msg_hash=${hex(m)}`);
for (const m of col<Buffer>('SELECT DISTINCT hash_norm FROM messages WHERE hash_norm IS NOT NULL ORDER BY hash_norm'))
  urls.push(`/api/v3/transactionsByMessage?msg_hash=${hex(m)}&direction=in`);
for (const b of col<Buffer>('SELECT DISTINCT body_hash FROM messages ORDER BY body_hash'))
  urls.push(`/api/v3/transactionsByMessage?body_hash=${hex(b)}&limit=1000`);
for (const o of col<number>('SELECT DISTINCT opcode FROM messages WHERE opcode IS NOT NULL ORDER BY opcode')) {
  for (const d of ['in', 'out']) urls.push(`/api/v3/transactionsByMessage?opcode=${o}&direction=${d}&limit=1000`);
}
for (const a of accounts.map(encodeURIComponent)) {
  urls.push(
    `/api/v3/transactions?account=${a}&limit=100&sort=asc`,
    `/api/v3/messages?source=${a}&limit=100`,
    `/api/v3/messages?destination=${a}&limit=100&sort=asc`,
    `/api/v2/getTransactions?address=${a}&limit=20`,
    `/api/v2/getAddressInformation?address=${a}`,
    `/api/v3/accountStates?address=${a}&include_boc=true`,
  );
}
for (const sort of ['asc', 'desc'])
  for (const offset of [0, 1000, 3000]) {
    urls.push(`/api/v3/messages?limit=1000&offset=${offset}&sort=${sort}`);
    urls.push(`/api/v3/transactions?limit=1000&offset=${offset}&sort=${sort}`);
  }
sql.close();

// writable: a ledger of an older schema version is migrated first, as the server would
if (!serve) openSqliteStore(path).close();
// the v2 dialect's `@extra` is an id of the request (time and counter), never the same twice
const dropRequestId = (key: string, value: unknown) => (key === '@extra' ? undefined : value);
// the whole answer of every request, however loaded the machine: no time budget cuts one short
const traceMaxTxs = process.env.COMPARE_TRACE_MAX_TXS ? Number(process.env.COMPARE_TRACE_MAX_TXS) : undefined;
const app = await createServer({
  location: serve ?? path,
  limits: { queryTimeoutMs: 3_600_000, ...(traceMaxTxs ? { traceMaxTxs } : {}) },
});
const file = createWriteStream(out);
let failed = 0;
let done = 0;
for (const url of urls) {
  const r = await app.inject({ method: 'GET', url });
  if (r.statusCode !== 200) failed += 1;
  const body = JSON.stringify(r.json() as unknown, dropRequestId);
  const line = out.endsWith('.sha256')
    ? { url, status: r.statusCode, sha256: createHash('sha256').update(body).digest('hex') }
    : { url, status: r.statusCode, body: JSON.parse(body) as unknown };
  if (!file.write(`${JSON.stringify(line)}\n`))
    await new Promise<void>((resolve) => file.once('drain', () => resolve()));
  if (++done % 1000 === 0) process.stderr.write(`${done}/${urls.length}\n`);
}
await new Promise((resolve) => file.end(resolve));
await app.close();
process.stdout.write(`${urls.length} answers written to ${out} (${failed} not 200)\n`);
