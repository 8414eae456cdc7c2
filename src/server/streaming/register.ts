import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import proxyaddr from '@fastify/proxy-addr';
import { openCommitProbe, openLedgerReaderOnFirstRead } from '../../store/open-ledger';
import { LedgerFollower } from './follower';
import { StreamHub, TooManyConnections } from './hub';
import { maxSubscriptionBytes, type StreamingLimits } from './limits';
import { SseClient } from './sse-client';
import { actionsVersionHeader, idOf, parseSubscription, SubscriptionError } from './subscription';
import { WsClient } from './ws-client';

export const SSE_PATH = '/api/streaming/v2/sse';
export const WS_PATH = '/api/streaming/v2/ws';
export const HEALTH_PATH = '/api/streaming/healthz';

/** The streaming side of a running server: what the composition root and the tests hold. */
export interface LedgerStream {
  /** A producer in the same process wrote a block: publish it now rather than at the next poll. */
  nudge(): void;
  readonly hub: StreamHub;
  readonly follower: LedgerFollower;
}

const errorJson = (id: string | undefined, error: string) =>
  JSON.stringify(id === undefined ? { error } : { id, error });

/**
 * TON Center's streaming v2 endpoints on `app`: SSE (`POST`, the subscription as the JSON body),
 * WebSocket (`GET` with an upgrade) and a health check. Streams are long-lived: they hold a
 * connection slot of their own (`StreamingLimits`), never a reader worker nor the heavy-request
 * bound; the follower reads each new block once, whatever the number of clients.
 */
export async function registerStreaming(
  app: FastifyInstance,
  opts: {
    location: string;
    limits: StreamingLimits;
    traceMaxTxs: number;
    trustProxy?: boolean | string[];
    /** Called when this process learns of a commit, before any client is told of it. */
    commitSeen?: () => void;
  },
): Promise<LedgerStream> {
  const commitSeen = opts.commitSeen ?? (() => undefined);
  const { limits } = opts;
  // a WebSocket handshake bypasses Fastify: its client address is read as Fastify reads request.ip
  const trust = opts.trustProxy === true ? () => true : opts.trustProxy ? proxyaddr.compile(opts.trustProxy) : null;
  const clientAddress = (request: IncomingMessage) =>
    (trust ? proxyaddr(request, trust) : request.socket.remoteAddress) ?? 'unknown';
  const hub = new StreamHub(limits);
  const follower = new LedgerFollower(openLedgerReaderOnFirstRead(opts.location), hub, (step) => hub.publish(step), {
    pollMs: limits.pollMs,
    traceMaxTxs: opts.traceMaxTxs,
    commitSeen,
    probe: openCommitProbe(opts.location),
  });
  await follower.start();
  const live = new Set<SseClient | WsClient>();
  const ended = (client: SseClient | WsClient) => {
    if (!live.delete(client)) return;
    hub.remove(client);
    hub.release(client.ip);
  };

  await app.register(async (scope) => {
    // Any content type is read as the JSON subscription (`curl -d` sends a form type), so a
    // malformed body gets the dialect's 400 naming the problem rather than a 415.
    scope.removeAllContentTypeParsers();
    // The body is refused by its size before it is read whole (413): past maxSubscriptionBytes it
    // cannot be a subscription within the address cap.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: maxSubscriptionBytes(limits) },
      (_request, body, done) => done(null, body),
    );

    scope.post(SSE_PATH, async (request, reply) => {
      let body: unknown;
      try {
        body = JSON.parse(typeof request.body === 'string' && request.body !== '' ? request.body : 'null');
      } catch (error) {
        return reply
          .code(400)
          .send(
            errorJson(undefined, `invalid subscription request: the body is not JSON (${(error as Error).message})`),
          );
      }
      let sub;
      try {
        sub = parseSubscription(body, {
          maxAddresses: limits.maxAddresses,
          defaultSupported: actionsVersionHeader(request.headers['x-actions-version']),
        });
      } catch (error) {
        if (error instanceof SubscriptionError) return reply.code(400).send(errorJson(error.id, error.message));
        throw error;
      }
      try {
        hub.admit(request.ip);
      } catch (error) {
        if (error instanceof TooManyConnections)
          return reply
            .code(429)
            .header('Retry-After', '5')
            .send(errorJson(idOf(body), error.message));
        throw error;
      }
      reply.hijack();
      const client = new SseClient(request.ip, reply.raw, limits, sub.id, ended);
      live.add(client);
      hub.subscribe(client, sub);
    });
  });

  app.options(SSE_PATH, async (_request, reply) => {
    reply
      .code(204)
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'POST, OPTIONS')
      .header('Access-Control-Allow-Headers', 'Content-Type, X-Actions-Version')
      .header('Access-Control-Max-Age', '86400');
    return reply.send();
  });
  app.route({
    method: ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH'],
    url: SSE_PATH,
    handler: async (request, reply) =>
      reply
        .code(405)
        .header('Allow', 'POST, OPTIONS')
        .send(errorJson(undefined, `method ${request.method} not allowed; send the subscription with POST`)),
  });
  app.get(WS_PATH, async (_request, reply) =>
    reply
      .code(426)
      .header('Upgrade', 'websocket')
      .send(errorJson(undefined, 'this endpoint speaks WebSocket: send a GET with Upgrade: websocket')),
  );
  let reportedError: string | undefined;
  app.get(HEALTH_PATH, async (_request, reply) => {
    const { error, ...health } = follower.health();
    // the cause (a driver's message: hosts, paths) goes to the operator's log, once per cause; the
    // public answer says only whether the follower is healthy
    if (error !== undefined && error !== reportedError) process.stderr.write(`streaming health: ${error}\n`);
    reportedError = error;
    const now = Math.floor(Date.now() / 1000);
    const body = {
      ok: health.ok,
      now,
      components: {
        'ledger-follower': {
          ...health,
          mc_block_age_seconds: health.mc_block_time === null ? null : now - health.mc_block_time,
        },
      },
      ...hub.stats(),
    };
    return reply.code(health.ok ? 200 : 503).send(body);
  });

  // A message longer than a subscription can be closes the connection (1009) before it is read;
  // pings are answered by the client object, within its rate and buffer bounds.
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxSubscriptionBytes(limits), autoPong: false });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      upgrade(request, socket, head);
    } catch (error) {
      process.stderr.write(`streaming: a WebSocket handshake failed: ${(error as Error).stack ?? String(error)}\n`);
      socket.destroy();
    }
  };
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WS_PATH) {
      socket.end(
        `HTTP/1.1 404 Not Found\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${errorJson(undefined, `no WebSocket endpoint at ${path}`)}`,
      );
      return;
    }
    const ip = clientAddress(request);
    try {
      hub.admit(ip);
    } catch (error) {
      if (!(error instanceof TooManyConnections)) throw error;
      const body = errorJson(undefined, error.message);
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 5\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    let admitted = true;
    socket.once('close', () => {
      // the handshake failed before a client existed: give the slot back
      if (admitted) hub.release(ip);
    });
    wss.handleUpgrade(request, socket, head, (ws) => {
      admitted = false;
      const client = new WsClient(ip, ws, hub, limits, request.headers['x-actions-version'], ended);
      live.add(client);
    });
  };
  app.server.on('upgrade', onUpgrade);

  app.addHook('preClose', (done) => {
    app.server.off('upgrade', onUpgrade);
    for (const client of [...live]) client.close();
    wss.close();
    done();
  });
  app.addHook('onClose', async () => follower.close());

  return {
    nudge: () => {
      // this process's own write: its next answers include it, whether or not anyone streams it
      commitSeen();
      follower.nudge();
    },
    hub,
    follower,
  };
}
