// A PostgreSQL location is a URL (`postgres://user:password@host:port/database`); anything else is a
// SQLite file path. Messages name the URL with its password masked, and say why it failed in words
// rather than with a stack trace.

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** The URL with its password replaced by `***` (and unchanged when it does not parse). */
export function maskUrl(location: string): string {
  try {
    const u = new URL(location);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return location.replace(/(:\/\/[^:/@]*:)[^@]*@/, '$1***@');
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
