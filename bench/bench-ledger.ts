import type Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateLedger } from '../src/ledger/generate';
import { SCHEMA_VERSION } from '../src/store/sqlite/sqlite-schema';
import { POSITION_FORMAT } from '../src/ledger/producer/position';
import { accountOfKey } from '../src/store/account-key';

/** The default ledger (seed 42, 3000 transactions, as `npm start` makes it), built once for benchmarks. */
export async function benchLedgerPath(seed = 42, txs = 3000): Promise<string> {
  const dir = join(process.cwd(), 'data', 'bench');
  mkdirSync(dir, { recursive: true });
  // Named by schema version and by the producer's position format. A ledger of an older schema would
  // be migrated, not rebuilt; one of another position format was made by a producer that delivered
  // messages otherwise (a different ledger), and the producer of today refuses to resume it.
  const path = join(dir, `ledger-${seed}-${txs}-v${SCHEMA_VERSION}-p${POSITION_FORMAT}.db`);
  if (existsSync(path)) return path;
  const tmp = `${path}.building`;
  // a build stopped part way (a million transactions take 30-90 minutes) goes on where it ended
  let resumed = false;
  if (existsSync(tmp)) {
    try {
      await generateLedger({ dbPath: tmp, seed, txs, resume: true });
      resumed = true;
    } catch (error) {
      console.error(`${tmp} cannot be taken up (${(error as Error).message}): building anew`);
    }
  }
  if (!resumed) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(tmp + suffix, { force: true });
    await generateLedger({ dbPath: tmp, seed, txs });
  }
  renameSync(tmp, path);
  return path;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The wallet that accepted the most external messages (raw address): the account a client reads most. */
export function busiestWallet(sql: Database.Database): string {
  // messages.tx_account is the account's key (account-key.ts)
  return accountOfKey(
    sql
      .prepare(
        `SELECT tx_account FROM messages WHERE direction = 'in' AND source IS NULL
       GROUP BY tx_account ORDER BY count(*) DESC LIMIT 1`,
      )
      .pluck()
      .get() as Buffer,
  );
}

/** An internal message's hash (hex), the 500th received: a point lookup's subject in the middle of the ledger. */
export function sampleInternalMessageHash(sql: Database.Database): string {
  return (
    sql
      .prepare("SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NOT NULL LIMIT 1 OFFSET 500")
      .pluck()
      .get() as Buffer
  ).toString('hex');
}

/** Waits until `url` answers 200 (a server started as its own process is listening and reading). */
export async function waitForAnswer(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/**
 * The explorer's path of the trace closest to `txs` transactions among the newest 1,000 of the
 * server at `base` (the pages the Lighthouse and profile benchmarks name `trace22`).
 */
export async function tracePageNear(base: string, txs: number): Promise<string> {
  const listed = (await (await fetch(`${base}/api/v3/traces?limit=1000`)).json()) as {
    traces: Array<{ trace_id: string; transactions: object }>;
  };
  const size = (t: { transactions: object }) => Object.keys(t.transactions).length;
  const t = listed.traces.sort((a, b) => Math.abs(size(a) - txs) - Math.abs(size(b) - txs))[0]!;
  return `/trace/${Buffer.from(t.trace_id, 'base64').toString('hex')}`;
}

/**
 * The ledger's jetton master and the explorer's path of its largest holder's account page (a wallet:
 * the account page with every area filled), from the server at `base`.
 */
export async function largestJettonHolderPage(base: string): Promise<{ jetton: string; path: string }> {
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}/api/v3/${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const { jetton_masters } = await api<{ jetton_masters: Array<{ address: string }> }>('jetton/masters?limit=1');
  const jetton = jetton_masters[0]!.address;
  const { jetton_wallets } = await api<{ jetton_wallets: Array<{ owner: string }> }>(
    `jetton/wallets?jetton_address=${encodeURIComponent(jetton)}&sort=desc&limit=1`,
  );
  return { jetton, path: `/account/${encodeURIComponent(jetton_wallets[0]!.owner)}` };
}
