// A WebSocket client for hostile-input tests: it records every message and how the connection
// ended, and can stop reading its socket (a peer that never takes what it is sent).
import WebSocket from 'ws';

export interface WsProbe {
  readonly ws: WebSocket;
  /** Text messages received, parsed. */
  readonly messages: unknown[];
  /** Resolves with the close code (1006 when the connection was cut without a close frame). */
  readonly closed: Promise<number>;
  /** Resolves with the next message received after the call. */
  next(): Promise<unknown>;
}

export function openWsProbe(base: string, opts: WebSocket.ClientOptions = {}): Promise<WsProbe> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/streaming/v2/ws`, opts);
  const messages: unknown[] = [];
  let waiter: ((m: unknown) => void) | null = null;
  ws.on('message', (data, binary) => {
    const m: unknown = binary ? data : JSON.parse(data.toString());
    messages.push(m);
    const w = waiter;
    waiter = null;
    w?.(m);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed, next: () => new Promise((r) => (waiter = r)) }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`WebSocket refused: ${res.statusCode}`)));
  });
}

/** A JSON list nested `depth` deep, as text (JSON.stringify would overflow the stack building it). */
export const nestedList = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
