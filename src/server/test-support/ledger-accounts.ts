import type Database from 'better-sqlite3';

/**
 * An account that messages bounced off and left `nonexist`, every transaction of it committed by
 * the newest masterchain block: what the API reads as an account that does not exist, though the
 * ledger has transactions of it.
 */
export function accountLeftNonexistent(sql: Database.Database): string {
  return String(
    sql
      .prepare(
        `SELECT a.account FROM accounts a JOIN transactions t ON t.account = a.account
         WHERE a.status = 'nonexist' GROUP BY a.account
         HAVING max(t.mc_seqno) <= (SELECT max(seqno) FROM blocks WHERE workchain = -1) LIMIT 1`,
      )
      .pluck()
      .get(),
  );
}
