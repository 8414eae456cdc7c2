// The `transactions` list, written once for both engines: they differ only in how a value is bound
// (`?` or `$n`) and how a list is excluded. Rows go by lt, then hash (a tie of lt is broken by the
// hash alone, so that several accounts' walks merge without sorting), asc or desc, and every filter
// is served by an index in that order (chain-list-indexes.ts):
// - one account: (account, lt, hash); several: one such walk per account, merged by the engine
//   (SQLite's MERGE of a compound select, PostgreSQL's Merge Append), never sorted whole;
// - a block (workchain, shard, seqno): (workchain, shard, block_seqno, lt, hash); a masterchain
//   seqno: (mc_seqno, lt, hash); otherwise (lt, hash), a workchain or shard alone being a
//   filter on that walk (two shards and the masterchain: each keeps a good share of the rows);
// - a time bound becomes an lt bound too, read from (now, lt): in this ledger a transaction's `now`
//   never goes back as lt grows (each slot's clock is later than the last, lt is global), so the
//   first transaction at or after `start_utime` starts the lt range. The `now` conditions stay, so a
//   ledger breaking that rule would lose rows at the edge, never gain wrong ones (a test holds the rule).
import type { Page, TransactionFilter } from './interface';
import { clampLt } from './lt-bound';

export interface SqlDialect {
  /** Binds a value and answers its placeholder; placeholders appear in the order they are bound. */
  arg(value: unknown): string;
  /** `column` is none of `values`. */
  notIn(column: string, values: readonly unknown[]): string;
  /**
   * Several accounts: PostgreSQL merges the accounts' walks only when each is a subquery ordered
   * and cut on its own (by lt and hash, its account being fixed); SQLite merges the plain arms.
   */
  orderedArms?: boolean;
}

/** The conditions of the filter but the accounts, as SQL in binding order. */
function conditions(f: TransactionFilter, d: SqlDialect, account: string | undefined): string[] {
  const where: string[] = [];
  if (account !== undefined) where.push(`account = ${d.arg(account)}`);
  if (f.hash) where.push(`hash = ${d.arg(f.hash)}`);
  if (f.workchain !== undefined) {
    if (f.seqno !== undefined) {
      where.push(`workchain = ${d.arg(f.workchain)}`, `shard = ${d.arg(f.shard)}`, `block_seqno = ${d.arg(f.seqno)}`);
    } else {
      // `+column` keeps the planner off the block index, which would give the rows out of lt order
      where.push(`+workchain = ${d.arg(f.workchain)}`);
      if (f.shard !== undefined) where.push(`+shard = ${d.arg(f.shard)}`);
    }
  }
  if (f.mcSeqno !== undefined) where.push(`mc_seqno = ${d.arg(f.mcSeqno)}`);
  if (f.excludeAccounts?.length) where.push(d.notIn('account', [...new Set(f.excludeAccounts)]));
  if (f.lt !== undefined) where.push(`lt = ${d.arg(clampLt(f.lt))}`);
  if (f.startLt !== undefined) where.push(`lt >= ${d.arg(clampLt(f.startLt))}`);
  if (f.endLt !== undefined) where.push(`lt <= ${d.arg(clampLt(f.endLt))}`);
  if (f.startUtime !== undefined) {
    where.push(
      `lt >= (SELECT lt FROM transactions WHERE now >= ${d.arg(f.startUtime)} ORDER BY now, lt LIMIT 1)`,
      `now >= ${d.arg(f.startUtime)}`,
    );
  }
  if (f.endUtime !== undefined) {
    where.push(
      `lt <= (SELECT lt FROM transactions WHERE now <= ${d.arg(f.endUtime)} ORDER BY now DESC, lt DESC LIMIT 1)`,
      `now <= ${d.arg(f.endUtime)}`,
    );
  }
  return where;
}

/** One statement answering a page of the list: rows of (lt, hash), in the page's order. */
export function transactionPageSql(f: TransactionFilter, page: Page, d: SqlDialect): string {
  const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
  const accounts = f.accounts ? [...new Set(f.accounts)] : [undefined];
  const arms = accounts.map((account) => {
    const where = conditions(f, d, account);
    const arm = `SELECT lt, hash FROM transactions${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    if (!d.orderedArms || accounts.length === 1) return arm;
    return `SELECT * FROM (${arm} ORDER BY lt ${dir}, hash ${dir} LIMIT ${d.arg(page.limit + page.offset)}) a`;
  });
  return `${arms.join(' UNION ALL ')} ORDER BY lt ${dir}, hash ${dir} LIMIT ${d.arg(page.limit)} OFFSET ${d.arg(page.offset)}`;
}
