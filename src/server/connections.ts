import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ServiceLimits } from './limits';

/** Request line and headers together; Node's own default is 16 KiB (a query whose lists hold 100 hashes each, the most docs/api.md allows, needs ~30 KiB). */
export const MAX_HEADER_BYTES = 64 * 1024;
/** A client must have sent its request line and headers within this time (slow-header attacks). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** A client must have sent its whole request (a subscription body included) within this time. */
export const REQUEST_TIMEOUT_MS = 30_000;

const rawAnswer = (status: string, body: string, extra = '') =>
  `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`;

/**
 * The error body of a request that was never parsed: its path, hence its dialect, is unknown, so
 * both dialects' fields are given (`error` for v3; `ok`, `error` and `code` for v2 clients).
 */
const envelope = (status: number, error: string) => JSON.stringify({ ok: false, error, code: status });

/**
 * The connection-level bounds of the HTTP server: at most `maxConnections` open sockets and
 * `maxConnectionsPerClient` from one address (past it, a 429 and the socket closed, before a byte
 * is parsed), an idle timeout (a socket silent for `idleTimeoutMs` while bytes wait for its client
 * to read them, or with no request in progress, is closed: a reader that stopped reading an answer,
 * whose worker is then freed, or a silent connection), and
 * deadlines for the request's headers and body. Streaming connections set their own timeout (their
 * keepalive and buffer bounds decide) once accepted.
 *
 * Behind a reverse proxy (`trustProxy`), every socket comes from the proxy: the per-client
 * connection bound is then the proxy's to enforce, and is not applied here.
 */
export function boundConnections(server: Server, limits: ServiceLimits, opts: { perClient: boolean }): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.setTimeout(limits.idleTimeoutMs);
  // Silence on a socket is the client's fault when bytes wait for it to read them, or when it has
  // no request in progress; a socket whose answer the server is still making (a request waiting
  // for a worker, a worker slowed by a loaded machine) is left to the request's own budget.
  const answering = new WeakMap<Socket, number>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    res.once('close', () => answering.set(socket, (answering.get(socket) ?? 1) - 1));
  });
  server.on('timeout', (socket: Socket) => {
    if (socket.writableLength > 0 || !answering.get(socket)) socket.destroy();
  });
  if (!opts.perClient) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? 'unknown';
    const mine = (open.get(ip) ?? 0) + 1;
    if (mine > limits.maxConnectionsPerClient) {
      const body = envelope(
        429,
        `connection limit reached: ${limits.maxConnectionsPerClient} connections open from ${ip}; close some, then try again`,
      );
      socket.end(rawAnswer('429 Too Many Requests', body, 'Retry-After: 5\r\n'));
      // a peer that takes nothing is not waited for
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    open.set(ip, mine);
    socket.once('close', () => {
      const n = (open.get(ip) ?? 1) - 1;
      if (n <= 0) open.delete(ip);
      else open.set(ip, n);
    });
  });
}

/**
 * Answers a request Node could not parse with the dialect's JSON error naming what was wrong (431
 * for a request line and headers past MAX_HEADER_BYTES, 408 for one too slow to arrive, 400 else),
 * then closes the socket. Fastify's default answers with a body of its own shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    answer = rawAnswer(
      '431 Request Header Fields Too Large',
      envelope(
        431,
        `the request line and headers exceed ${MAX_HEADER_BYTES} bytes; a list takes at most 100 items (docs/api.md)`,
      ),
    );
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answer = rawAnswer(
      '408 Request Timeout',
      envelope(408, `the request did not arrive within ${REQUEST_TIMEOUT_MS} ms`),
    );
  } else {
    answer = rawAnswer('400 Bad Request', envelope(400, 'malformed HTTP request'));
  }
  if (!socket.writable) return void socket.destroy();
  socket.end(answer);
  setTimeout(() => socket.destroy(), 1000).unref();
}
