// A PostgreSQL location is a URL (`postgres://user:password@host:port/database`); anything else is a
// SQLite file path. Messages name the URL with its password masked, and say why it failed in words
// rather than with a stack trace.

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** Query parameters of a PostgreSQL URL that carry a secret (libpq's names). */
const SECRET_PARAMS = /^(password|sslpassword|passfile|sslkey)$/i;

/**
 * The URL with every secret replaced by `***`: the password of the user part and any
 * `?password=` (or `sslpassword=`, ...) parameter, whatever its case. A location that does not
 * parse as a URL has its user part's password and those parameters masked by pattern.
 */
export function maskUrl(location: string): string {
  try {
    const u = new URL(location);
    if (u.password) u.password = '***';
    for (const key of [...u.searchParams.keys()]) if (SECRET_PARAMS.test(key)) u.searchParams.set(key, '***');
    return u.toString().replace(/=%2A%2A%2A/g, '=***');
  } catch {
    return location
      .replace(/(:\/\/[^:/@]*:)[^@]*@/, '$1***@')
      .replace(/([?&](?:password|sslpassword|passfile|sslkey)=)[^&#]*/gi, '$1***');
  }
}

/** A PostgreSQL ledger cannot be reached or is not ours: the message names the masked URL and the cause. */
export class LedgerConnectionError extends Error {
  /** Survives a trip between threads, where the class does not. */
  readonly code = 'LEDGER_CONNECTION';

  constructor(
    readonly location: string,
    reason: string,
  ) {
    super(`${maskUrl(location)}: ${reason}`);
    this.name = 'LedgerConnectionError';
  }
}

/**
 * The cause of a failed connection or query in one line. Node reports a refused connection to a
 * name with several addresses (localhost: ::1 and 127.0.0.1) as an AggregateError whose own
 * message is empty, so its inner errors are spelled out.
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map((e: unknown) => describeError(e)))].join('; ');
  }
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    const msg = error.message || code || error.name;
    return code && !msg.includes(code) ? `${msg} (${code})` : msg;
  }
  return String(error);
}
