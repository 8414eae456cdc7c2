import type { Readable } from 'node:stream';

/** A finished or streaming answer of one operation. */
export interface ReadAnswer {
  /** The latest masterchain seqno of the snapshot the answer was read on. */
  seqno: number | null;
  /** The whole body when small, else a stream of it as the worker produces it. */
  body: Buffer | Readable;
}

/** An operation's failure as the client sees it: HTTP status and message. */
export class ReadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Set when the failure came from reading the ledger (a 404 tells which state it saw). */
    readonly seqno: number | null = null,
    /** Seconds a client should wait before it tries again (503). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ReadError';
  }
}

/** Runs operations (by path) with parsed parameters, wherever the reads happen. */
export interface ReadExecutor {
  execute(path: string, params: unknown, light: boolean, requestId: string): Promise<ReadAnswer>;
  close(): Promise<void>;
}
