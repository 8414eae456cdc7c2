// How a jetton's symbol or name is compared when searched (`/api/v3/jetton/search`): ASCII letters
// folded to lower case, every other character as it is. Both store engines index exactly this form
// (SQLite's `lower()` folds ASCII only; PostgreSQL's index folds with `translate` for the same
// result whatever the database's locale), so the engines agree on every text.

/** The compared form of a symbol, a name, or the text looked for. */
export const symbolKey = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The least text greater than every text that begins with `prefix` (compared by code point, as the
 * engines compare UTF-8 bytes), or null when there is none: the exclusive upper end of a prefix range.
 */
export function prefixEnd(prefix: string): string | null {
  const cps = [...prefix].map((c) => c.codePointAt(0)!);
  while (cps.length > 0) {
    let last = cps.pop()! + 1;
    if (last >= 0xd800 && last <= 0xdfff) last = 0xe000; // no surrogate is a character
    if (last <= 0x10ffff) return String.fromCodePoint(...cps, last);
  }
  return null;
}
