// The WebSocket end of sandbox's UI protocol: sandbox's test processes connect (one socket per frame,
// or one per test file) and send frames; each is handed to the ingestor, which stores them one at a
// time. Whatever a client does wrong (a frame too large, not JSON, cut short) is logged with its
// cause and ends at most that client's connection.
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Ingestor, IngestResult } from './ingest';

export interface ReceiverOptions {
  host: string;
  port: number;
  /** Frames larger than this are refused (the connection is closed with 1009). */
  maxFrameBytes: number;
  log: (line: string) => void;
}

export interface Receiver {
  readonly port: number;
  close(): Promise<void>;
}

/** The port is taken: said so, nothing listens. */
export class PortInUseError extends Error {}

/**
 * Listens; resolves once listening. Each frame gets an answer on its socket when the socket is
 * still open (`{"stored":true,...}` or `{"stored":false,"reason":...}`): sandbox does not read it,
 * other clients may.
 */
export function startReceiver(ingestor: Ingestor, opts: ReceiverOptions): Promise<Receiver> {
  return new Promise((resolve, reject) => {
    const wss = new WebSocketServer({ host: opts.host, port: opts.port, maxPayload: opts.maxFrameBytes });
    let listening = false;
    wss.once('error', (error: NodeJS.ErrnoException) => {
      if (listening) return;
      wss.close();
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(
              `port ${opts.port} of ${opts.host} is in use: another receiver (or anything else) listens there; set SANDBOX_WEBSOCKET_PORT to another port`,
            )
          : error,
      );
    });
    wss.on('error', (error) => {
      if (listening) opts.log(`sandbox: receiver error: ${error.message}`);
    });
    wss.on('connection', (ws: WebSocket, req) => {
      const source = `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`;
      ws.on('message', (data, isBinary) => {
        const text = Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Array.isArray(data)
            ? Buffer.concat(data).toString('utf8')
            : Buffer.from(data).toString('utf8');
        void ingestor.ingest(text, isBinary ? `${source} (binary)` : source).then((result: IngestResult) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(result));
        });
      });
      ws.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
          opts.log(
            `sandbox: frame from ${source} refused: larger than ${opts.maxFrameBytes} bytes (SANDBOX_MAX_FRAME_MB); connection closed (1009)`,
          );
        else opts.log(`sandbox: connection from ${source}: ${error.message}; connection closed`);
      });
      ws.on('close', (code) => {
        if (code === 1006)
          opts.log(
            `sandbox: connection from ${source} ended without a closing handshake (1006): a frame it was sending, if any, is dropped`,
          );
      });
    });
    wss.once('listening', () => {
      listening = true;
      const port = (wss.address() as AddressInfo).port;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const c of wss.clients) c.terminate();
            wss.close(() => done());
          }),
      });
    });
  });
}
