import { formatAddress, rawAddressOrNull, type AddressForm } from '../../ton/address-forms';
import { hashHex } from '../../ton/hash';
import { opcodeToHex } from '../../ton/opcode';

/**
 * An integer amount in base units (nanotons for TON, the token's own unit for a jetton) as a
 * decimal with `decimals` places, trailing zeros dropped and thousands grouped. BigInt throughout:
 * amounts routinely exceed 2^53.
 */
export function formatUnits(amount: string | bigint, decimals: number, opts: { maxFraction?: number } = {}): string {
  let value: bigint;
  try {
    value = typeof amount === 'bigint' ? amount : BigInt(amount);
  } catch {
    return String(amount);
  }
  const negative = value < 0n;
  if (negative) value = -value;
  const scale = 10n ** BigInt(decimals);
  const whole = value / scale;
  let fraction = decimals > 0 ? (value % scale).toString().padStart(decimals, '0') : '';
  if (opts.maxFraction !== undefined && fraction.length > opts.maxFraction) {
    const cut = fraction.slice(0, opts.maxFraction);
    // Never round a non-zero amount down to a bare zero: "< 0.0001" is honest, "0" is not.
    if (whole === 0n && /^0*$/.test(cut) && /[1-9]/.test(fraction)) {
      return `${negative ? '-' : ''}< 0.${'0'.repeat(opts.maxFraction - 1)}1`;
    }
    fraction = cut;
  }
  fraction = fraction.replace(/0+$/, '');
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? '.' + fraction : ''}`;
}

/** Nanotons as TON: `formatTon("1500000000")` is `1.5 TON`. */
export function formatTon(nano: string | bigint, opts: { maxFraction?: number; symbol?: boolean } = {}): string {
  const text = formatUnits(nano, 9, { maxFraction: opts.maxFraction ?? 4 });
  return opts.symbol === false ? text : `${text} TON`;
}

/**
 * A jetton amount with its own decimals and symbol from the token metadata. Without metadata the
 * raw integer is shown with "units" (TEP-74 says 9 is the default, but guessing would print a
 * wrong number for a 6-decimal token): never as TON.
 */
export function formatToken(
  amount: string,
  token: { symbol?: string | null; decimals?: number | string | null } | null | undefined,
): string {
  const decimals = token?.decimals === undefined || token?.decimals === null ? null : Number(token.decimals);
  const symbol = token?.symbol || null;
  if (decimals === null || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    return `${formatUnits(amount, 0)} ${symbol ?? 'units'}`;
  }
  return `${formatUnits(amount, decimals, { maxFraction: Math.min(decimals, 6) })} ${symbol ?? 'tokens'}`;
}

/** Any accepted hash form to the lower-case hex used in explorer paths, or null if not a hash. */
export const canonicalHash = hashHex;

/** The API's base64 hash (or any form) to the explorer's path form. */
export function hashPath(hash: string): string {
  return canonicalHash(hash) ?? hash;
}

export function shortHash(hash: string, keep = 6): string {
  const hex = canonicalHash(hash) ?? hash;
  return hex.length <= keep * 2 + 1 ? hex : `${hex.slice(0, keep)}…${hex.slice(-keep)}`;
}

/** An address in the chosen form; the input is the API's raw form (or any accepted form). */
export function displayAddress(raw: string, form: AddressForm, opts: { bounceable?: boolean } = {}): string {
  const f = form === 'bounceable' && opts.bounceable === false ? 'non-bounceable' : form;
  return rawAddressOrNull(raw) === null ? raw : formatAddress(raw, f);
}

export function shortAddress(text: string, keep = 6): string {
  if (text.length <= keep * 2 + 1) return text;
  const colon = text.indexOf(':');
  if (colon > 0 && colon < 4)
    return `${text.slice(0, colon + 1)}${text.slice(colon + 1, colon + 1 + keep)}…${text.slice(-keep)}`;
  return `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

export function formatOpcode(op: number | null | undefined): string {
  return op === null || op === undefined ? '—' : opcodeToHex(op);
}

/** Unix seconds as `2025-10-09 12:00:05 UTC` (chain time is UTC; a local zone would confuse shares). */
export function formatTime(unix: number): string {
  return new Date(unix * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/**
 * When something happened, for a list column. Relative only within the last day ("12 s ago",
 * "5 min ago", "3 h ago"): beyond that a count of days says little (a ledger whose clock its seed
 * fixed a year back shows "368d ago" on every row), so older times are an absolute UTC date-time to
 * the minute. A time ahead of the viewer's clock by more than a minute is shown absolute too, never
 * as a misleading "0 s ago"; a smaller skew counts as now.
 */
export function formatAge(unix: number, nowMs: number = Date.now()): string {
  const s = Math.round(nowMs / 1000 - unix);
  if (s < -60 || s >= 86400) return new Date(unix * 1000).toISOString().slice(0, 16).replace('T', ' ');
  if (s < 60) return `${Math.max(0, s)} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** The exact instant behind `formatAge`, for its tooltip and `<time dateTime>`: ISO 8601 in UTC. */
export function isoTime(unix: number): string {
  return new Date(unix * 1000).toISOString().replace(/\.000Z$/, 'Z');
}

export function formatInt(n: number | string): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
