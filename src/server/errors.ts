/** A block, masterchain seqno or other addressed thing that is not in the ledger: 404. */
export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/**
 * A thing the ledger has, of another kind than the question asks (v3 walletInformation of a contract
 * that is no wallet): 409, as TON Center answers it.
 */
export class ConflictError extends Error {
  readonly statusCode = 409;
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** The v2 API answers `{ok: false, error, code}`; v3 `{error}`; both with the HTTP status. */
export function errorBody(url: string, status: number, message: string): Record<string, unknown> {
  return url.startsWith('/api/v2/') ? { ok: false, error: message, code: status } : { error: message };
}
