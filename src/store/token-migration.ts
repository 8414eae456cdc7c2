// Schema version 4 -> 5 for both engines: the jetton and NFT tables (token-tables.ts), derived from
// what a version 4 ledger already stores, by the same function the producer derives them with
// (token-rows.ts), so a ledger built before them (hours of emulation at a million transactions) is
// migrated rather than built again, and holds what a new build of it would.
//
// Which contract an account is comes from its newest state's code hash, named as the address book
// names it: `accounts` holds the interfaces of every account the classifier has seen, which covers
// every code hash of the ledger's contracts once one trace of each kind has completed. Every account
// is found through `account_balances` (one row per account, with its newest transaction's lt).
import type { InterfaceName } from './records';
import { decodeDescription } from './compact';
import { addTokenRows, emptyTokenRows, type TokenTransaction } from './token-rows';
import { tokenWrites, type Engine, type TokenWrite } from './token-tables';
import { big, blob, num, optBlob, type Row } from './row-records';

/** One step of the migration: a query to answer with its rows, or rows to write. */
export type MigrationStep = { query: string; args: unknown[] } | { write: TokenWrite };

/** Accounts handled per round: their transactions are read, derived and written together. */
const ROUND = 200;

/**
 * The migration as steps (queries with `?` placeholders, and writes), so one procedure serves
 * SQLite's synchronous driver and PostgreSQL's asynchronous one: each engine runs the steps in its
 * migration's transaction and hands each query's rows back.
 */
export function* deriveTokenTables(engine: Engine): Generator<MigrationStep, void, Row[]> {
  const kinds = new Map<string, InterfaceName>();
  const classified: Row[] = yield {
    query: 'SELECT code_hash, interfaces FROM accounts WHERE code_hash IS NOT NULL',
    args: [],
  };
  for (const r of classified) {
    const [iface] = JSON.parse(String(r.interfaces)) as InterfaceName[];
    if (iface) kinds.set(blob(r.code_hash).toString('hex'), iface);
  }
  // PostgreSQL keeps a content-addressed state once per partition: the transaction's own copy
  const sameState = engine === 'pg' ? ' AND s.mc_seqno = t.mc_seqno' : '';
  const newest: Row[] = yield {
    query: `SELECT b.account, s.code_hash FROM account_balances b
       JOIN transactions t ON t.account = b.account AND t.lt = b.lt
       JOIN account_states s ON s.hash = t.state_after${sameState}
     ORDER BY b.account`,
    args: [],
  };
  const tokens = newest
    .map((r) => ({
      account: String(r.account),
      iface: r.code_hash ? kinds.get(blob(r.code_hash).toString('hex')) : undefined,
    }))
    .filter(
      (a): a is { account: string; iface: InterfaceName } => a.iface !== undefined && !a.iface.startsWith('wallet_'),
    );
  for (let i = 0; i < tokens.length; i += ROUND) {
    const rows = emptyTokenRows();
    for (const { account, iface } of tokens.slice(i, i + ROUND)) {
      const txs: Row[] = yield {
        query: `SELECT t.hash, t.lt, t.now, t.mc_seqno, t.trace_id, t.account, t.description, s.code_hash, s.data_hash,
           (SELECT c.boc FROM account_cells c WHERE c.hash = s.data_hash) AS data_boc,
           m.source AS in_source,
           (SELECT b.boc FROM message_contents b WHERE b.hash = m.body_hash LIMIT 1) AS in_body
         FROM transactions t
           JOIN account_states s ON s.hash = t.state_after${sameState}
           LEFT JOIN messages m ON m.tx_hash = t.hash AND m.direction = 'in'
         WHERE t.account = ? ORDER BY t.lt`,
        args: [account],
      };
      for (const r of txs) addTokenRows(tokenTransactionOfRow(r), iface, rows);
    }
    for (const w of tokenWrites(rows, engine)) yield { write: w };
  }
}

function tokenTransactionOfRow(r: Row): TokenTransaction {
  return {
    hash: blob(r.hash),
    lt: big(r.lt),
    now: num(r.now),
    mcSeqno: num(r.mc_seqno),
    traceId: blob(r.trace_id),
    account: String(r.account),
    aborted: decodeDescription(blob(r.description)).aborted,
    codeHash: optBlob(r.code_hash),
    dataHash: optBlob(r.data_hash),
    dataBoc: optBlob(r.data_boc ?? null),
    inSource: r.in_source === null || r.in_source === undefined ? null : String(r.in_source),
    inBody: optBlob(r.in_body ?? null),
  };
}
