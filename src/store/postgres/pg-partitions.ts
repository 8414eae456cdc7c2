// Range partitions of the big tables, one per `span` masterchain seqnos: partition k of a table holds
// seqnos [k * span, (k + 1) * span) and is named `<table>_p<k, 6 digits>`. The writer creates the
// partition a batch needs and the next one ahead, in the batch's own transaction (creating a
// partition locks its parent table briefly; ahead of time it happens while nothing waits on it).
import type { PoolClient } from 'pg';
import { PARTITIONED } from './pg-schema';

export const partitionName = (table: string, k: number) => `${table}_p${String(k).padStart(6, '0')}`;

export class PartitionKeeper {
  private readonly known = new Set<number>();
  private readonly pending = new Set<number>();

  constructor(readonly span: number) {}

  /** Loads the partitions that exist (another writer may have created some before this one started). */
  async load(client: PoolClient): Promise<void> {
    const r = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'transactions'`,
    );
    for (const { name } of r.rows) {
      const m = /_p(\d+)$/.exec(name);
      if (m) this.known.add(Number(m[1]));
    }
  }

  /** Creates, in the caller's transaction, every partition the seqnos fall in and the one after the highest. */
  async ensure(client: PoolClient, seqnos: Iterable<number>): Promise<void> {
    const needed = new Set<number>();
    let top = -1;
    for (const s of seqnos) {
      const k = Math.floor(s / this.span);
      needed.add(k);
      if (k > top) top = k;
    }
    if (top >= 0) needed.add(top + 1);
    const missing = [...needed].filter((k) => !this.known.has(k)).sort((a, b) => a - b);
    for (const k of missing) {
      for (const { table } of PARTITIONED) {
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${partitionName(table, k)} PARTITION OF ${table} FOR VALUES FROM (${k * this.span}) TO (${(k + 1) * this.span})`,
        );
      }
    }
    // they exist for everyone only once the batch commits; a rolled-back batch leaves them unknown,
    // and `IF NOT EXISTS` makes the next try harmless
    for (const k of missing) this.pending.add(k);
  }

  /** The batch committed: its partitions exist. */
  committed(): void {
    for (const k of this.pending) this.known.add(k);
    this.pending.clear();
  }

  /** The batch rolled back: its partitions do not exist. */
  rolledBack(): void {
    this.pending.clear();
  }
}
