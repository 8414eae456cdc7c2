// Jettons by symbol or name (our `jetton/search` extension), for both engines. Three disjoint groups,
// in this order: masters whose symbol is the text looked for, those whose symbol begins with it, and
// those whose name begins with it (and whose symbol does not). Each group is one walk of an index on
// the compared form of the symbol or name (symbolKey: ASCII letters folded), then address; a page is
// the groups read one after another, each only as far as the page still needs, so a search costs its
// page and offset, never a scan of every master.
//
// The indexes are expression indexes on the master's content, which schema version 5 already stores:
// they change no table and no answer, so they are added on every writable open (`IF NOT EXISTS`)
// rather than by a version bump (which would make every ledger of version 5 be rebuilt or migrated).
// A reader of a ledger no writer of this build has opened yet answers the same, by a scan.
import type { TokenSqlDialect } from './token-lists';
import type { Engine } from './token-tables';
import { prefixEnd, symbolKey } from '../ton/symbol-key';

export type JettonSearchGroup = 'symbol' | 'symbol_prefix' | 'name_prefix';
export const JETTON_SEARCH_GROUPS: readonly JettonSearchGroup[] = ['symbol', 'symbol_prefix', 'name_prefix'];

/** One group of a search: the compared form of the text looked for (`symbolKey`). */
export interface JettonSearch {
  group: JettonSearchGroup;
  key: string;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The compared form of a content field, as each engine's index holds it. */
export function searchKeySql(engine: Engine, field: 'symbol' | 'name'): string {
  return engine === 'sqlite'
    ? `lower(json_extract(jetton_content, '$.${field}'))`
    : `(translate((jetton_content::jsonb) ->> '${field}', '${UPPER}', '${UPPER.toLowerCase()}') COLLATE "C")`;
}

/** The search's indexes, idempotent (token-tables.ts's `jetton_masters`). */
export function jettonSearchIndexesDdl(engine: Engine): string {
  return (['symbol', 'name'] as const)
    .map(
      (field) =>
        `CREATE INDEX IF NOT EXISTS jetton_masters_by_${field}_key ON jetton_masters (${searchKeySql(engine, field)}, address);`,
    )
    .join('\n');
}

/** The conditions and order of one group's walk (token-lists.ts renders them). */
export function jettonSearchShape(
  s: JettonSearch,
  engine: Engine,
): { conds: ((d: TokenSqlDialect) => string)[]; order: string[] } {
  const symbol = searchKeySql(engine, 'symbol');
  const end = prefixEnd(s.key);
  const prefix = (column: string, strict: boolean) => (d: TokenSqlDialect) =>
    `${column} ${strict ? '>' : '>='} ${d.arg(s.key)}${end === null ? '' : ` AND ${column} < ${d.arg(end)}`}`;
  switch (s.group) {
    case 'symbol':
      // the key is fixed: by address (ordering by the expression too would make SQLite sort)
      return { conds: [(d) => `${symbol} = ${d.arg(s.key)}`], order: ['address'] };
    case 'symbol_prefix':
      return { conds: [prefix(symbol, true)], order: [symbol, 'address'] };
    case 'name_prefix': {
      const name = searchKeySql(engine, 'name');
      const outside = (d: TokenSqlDialect) =>
        `(${symbol} IS NULL OR ${symbol} < ${d.arg(s.key)}${end === null ? '' : ` OR ${symbol} >= ${d.arg(end)}`})`;
      return { conds: [prefix(name, false), outside], order: [name, 'address'] };
    }
  }
}

/** A master's symbol and name as the search compares them (null when its content has none). */
function keysOf(content: string): { symbol: string | null; name: string | null } {
  let meta: Record<string, unknown> = {};
  try {
    meta = JSON.parse(content) as Record<string, unknown>;
  } catch {
    // not JSON: neither
  }
  const key = (v: unknown) => (typeof v === 'string' ? symbolKey(v) : null);
  return { symbol: key(meta.symbol), name: key(meta.name) };
}

const begins = (value: string | null, key: string) => value !== null && value.startsWith(key);

/** Whether a master belongs to the group (what its statement selects, for rows read as of a snapshot). */
export function inSearchGroup(s: JettonSearch, content: string): boolean {
  const { symbol, name } = keysOf(content);
  switch (s.group) {
    case 'symbol':
      return symbol === s.key;
    case 'symbol_prefix':
      return begins(symbol, s.key) && symbol !== s.key;
    case 'name_prefix':
      return begins(name, s.key) && !begins(symbol, s.key);
  }
}

/** The group's order key of a master (its compared symbol or name; the address follows). */
export function searchOrderKey(s: JettonSearch, content: string): string {
  const { symbol, name } = keysOf(content);
  return (s.group === 'name_prefix' ? name : symbol) ?? '';
}
