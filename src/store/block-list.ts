// The `blocks` list, written once for both engines (see transaction-list.ts for the dialect): by
// generation time, then workchain, shard and seqno, asc or desc, each filter on an index in that
// order (chain-list-indexes.ts): a workchain on (workchain, gen_utime, ...), a masterchain seqno on
// (mc_seqno, gen_utime, ...), otherwise (gen_utime, ...); a shard without its seqno is a filter on
// the workchain's walk (a few shards per workchain), and a root or file hash names one block.
import type { BlockFilter, Page } from './interface';
import { clampLt } from './lt-bound';
import type { SqlDialect } from './transaction-list';

export function blockPageSql(f: BlockFilter, page: Page, d: Pick<SqlDialect, 'arg'>): string {
  const dir = page.sort === 'asc' ? 'ASC' : 'DESC';
  const where: string[] = [];
  if (f.workchain !== undefined) {
    where.push(`workchain = ${d.arg(f.workchain)}`);
    if (f.shard !== undefined) where.push(`${f.seqno === undefined ? '+' : ''}shard = ${d.arg(f.shard)}`);
    if (f.seqno !== undefined) where.push(`seqno = ${d.arg(f.seqno)}`);
  }
  if (f.rootHash) where.push(`root_hash = ${d.arg(f.rootHash)}`);
  if (f.fileHash) where.push(`file_hash = ${d.arg(f.fileHash)}`);
  if (f.mcSeqno !== undefined) where.push(`mc_seqno = ${d.arg(f.mcSeqno)}`);
  if (f.startUtime !== undefined) where.push(`gen_utime >= ${d.arg(f.startUtime)}`);
  if (f.endUtime !== undefined) where.push(`gen_utime <= ${d.arg(f.endUtime)}`);
  if (f.startLt !== undefined) where.push(`start_lt >= ${d.arg(clampLt(f.startLt))}`);
  if (f.endLt !== undefined) where.push(`start_lt <= ${d.arg(clampLt(f.endLt))}`);
  const order = ['gen_utime', 'workchain', 'shard', 'seqno'].map((c) => `${c} ${dir}`).join(', ');
  return `SELECT * FROM blocks${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ${d.arg(page.limit)} OFFSET ${d.arg(page.offset)}`;
}
