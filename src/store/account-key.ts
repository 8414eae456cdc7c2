// An account as SQLite keeps it in its largest b-trees (messages: its transaction's account, its
// source and destination): the raw form's workchain and colon as text, then the 32 bytes of the id
// (34 bytes for `0:…`, 35 for `-1:…`, against 66 for the text), in a BLOB. Its bytes sort as the
// text does: up to the colon they are the text's own bytes, and after it two ids of one workchain
// compare as their bytes, as their upper-case hex digits do. So an index of keys lists rows in the
// order an index of the text did (docs/benchmarks.md, "Storage"). PostgreSQL keeps the text.

const RAW = /^(-?\d{1,3}:)([0-9A-F]{64})$/;
const KEY_HEAD = /^-?\d{1,3}:$/;

/**
 * The key of a raw address (`0:` and 64 upper-case hex digits: the form the store keeps, toRaw of
 * src/ton/address.ts). Any other text (test fixtures write short made-up accounts) is kept as the
 * text itself, which SQLite sorts before every BLOB: a ledger holds accounts of one form.
 */
export function accountKey(raw: string): Buffer | string {
  const m = RAW.exec(raw);
  if (!m) return raw;
  return Buffer.concat([Buffer.from(m[1]!, 'latin1'), Buffer.from(m[2]!, 'hex')]);
}

/** The raw address a stored account stands for: a key's, or the text kept as it was. */
export function accountOfKey(stored: Buffer | string): string {
  if (typeof stored === 'string') return stored;
  const colon = stored.indexOf(0x3a);
  const head = stored.toString('latin1', 0, colon + 1);
  if (colon < 1 || stored.length - colon - 1 !== 32 || !KEY_HEAD.test(head))
    throw new Error(`not an account key: ${stored.toString('hex')}`);
  return head + stored.toString('hex', colon + 1).toUpperCase();
}

/** A nullable account column as either engine returns it (SQLite: a key; PostgreSQL: text). */
export function storedAccount(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return accountOfKey(value as Buffer | string);
}

/** Two accounts in SQLite's order of their keys (TEXT before BLOB, BLOBs by bytes), or PostgreSQL's of text. */
export function compareAccounts(a: string | Buffer, b: string | Buffer): number {
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return Buffer.compare(a, b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return typeof a === 'string' ? -1 : 1;
}
