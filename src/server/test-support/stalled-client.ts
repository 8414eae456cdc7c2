// A client that sends a request and never reads the answer: its socket paused from the start, so the
// kernel's buffers fill and then the server's. It connects from a loopback address of the test's
// choosing (127.0.0.0/8 is all loopback), which is the client address the server's bounds see.
import { connect, type Socket } from 'node:net';

export interface StalledClient {
  readonly socket: Socket;
  /** Resolves when the connection is closed, as the client sees it: a paused socket sees it once resumed. */
  readonly closed: Promise<void>;
  /** Reads what arrived, once the connection is closed: the status line of the answer. */
  statusLine(): string;
}

export function stalledGet(base: string, path: string, localAddress: string): Promise<StalledClient> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(url.port), host: url.hostname, localAddress }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      socket.pause();
      resolve({ socket, closed, statusLine: () => first });
    });
    let first = '';
    // the first bytes are read when the test resumes the socket, after the connection ended
    socket.once('data', (c: Buffer) => (first = c.toString('latin1').split('\r\n')[0]!));
    socket.pause();
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}
