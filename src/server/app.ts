import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { ParamError } from '../api/operations/param-rules';
// a POST body read as query values, as JSON-RPC reads its params
import { asQuery } from './json-rpc';
import type { RawQuery } from '../api/operations/param-rules';
import { boundConnections, clientErrorHandler, MAX_HEADER_BYTES } from './connections';
import { NotFoundError, errorBody } from './errors';
import { defaultLimits, type ServiceLimits } from './limits';
import { OPERATIONS } from './operations/registry';
import { ANSWER_ENCODINGS, AnswerCache, COMPRESS_THRESHOLD } from './execution/answer-cache';
import { answerKept } from './execution/answer-kept';
import { mayBeKept, WitnessedCommits } from './execution/witnessed-commits';
import { runKept } from './execution/kept-runs';
import { answerKeptPost, bodyReadBefore } from './execution/kept-post';
import { streamedBrotli } from './execution/streamed-brotli';
import { logRequest, requestLog } from './request-log';
import { engineAt } from '../store/open-ledger';
import { ReadError } from './readers/executor';
import { ReaderPool } from './readers/reader-pool';
import { registerExplorer } from './static-files';
import { JSON_RPC_PATH, registerJsonRpc } from './json-rpc';
import {
  createSending,
  registerLocalWallets,
  registerSendRoutes,
  type Sending,
  type WalletListing,
} from './sending/send-routes';
import { SendService } from './sending/send-service';
import { SendLimiter } from './sending/send-limiter';
import { registerFaucet, type FaucetSettings } from './sending/faucet-routes';
import { registerEmulation } from './emulation/emulate-route';
import { openInboundQueue } from '../store/open-ledger';
import { API_ANSWER_HEADERS, EVERY_ANSWER_HEADERS, PREFLIGHT_HEADERS } from './answer-headers';
import { defaultStreamingLimits, type StreamingLimits } from './streaming/limits';
import { registerStreaming, type LedgerStream } from './streaming/register';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the operations run; closed with the server. */
    ledgerReaders: ReaderPool;
    /** The streaming endpoints' follower and subscribers. */
    ledgerStream: LedgerStream;
    /** Answers kept until the next commit; null when off (`API_ANSWER_CACHE_MB=0`). */
    ledgerAnswers: AnswerCache | null;
  }
}

export interface ServerOptions {
  /** The ledger to serve (a file path); the service opens its own read-only connections to it. */
  location: string;
  /** Bounds of the service; each missing one gets its default (see `defaultLimits`). */
  limits?: Partial<ServiceLimits>;
  /** Bounds of the streaming endpoints; each missing one gets its default (see `defaultStreamingLimits`). */
  streaming?: Partial<StreamingLimits>;
  /** The built explorer (`dist/web`); the API alone when absent. */
  webRoot?: string;
  /** One structured line per request on stdout; off in tests. */
  log?: boolean;
  /**
   * The server is behind a reverse proxy (`API_TRUST_PROXY`): client addresses come from
   * `X-Forwarded-For` as Fastify's `trustProxy` reads it (`true`: the nearest address it names;
   * or the proxies' addresses and CIDR ranges), and the per-client connection bound is left to the proxy.
   */
  trustProxy?: boolean | string[];
  /** The server accepts messages for the local network (LEDGER_SEND); absent: it answers 403 to sends. */
  sending?: SendingSettings;
}

export interface SendingSettings {
  /** Sending needs this API key (`API_SEND_KEY`); null: open. */
  apiKey: string | null;
  /** Sends one client may make a second (`API_SENDS_PER_SECOND`), in bursts of twice that. */
  sendsPerSecond: number;
  /** Told after a message is stored: the producer of this process makes its block at once. */
  onAccepted?: () => void;
  /** Where accepted messages are stored: the primary ledger (LEDGER_DB), even when reads go to a replica. */
  location: string;
  /** The pre-funded wallets, listed by `GET /api/local/wallets`. */
  wallets: Promise<WalletListing[]>;
  /** The faucet (`/api/local/faucet`) and its bounds. */
  faucet: FaucetSettings;
  /** An accepted message not taken by a producer within this (ms): new sends get 503 (the query budget). */
  takenWithinMs: number;
}

/** The write path: the inbound queue on a connection of its own, closed with the server. */
function startSending(app: FastifyInstance, readers: ReaderPool, s: SendingSettings): Sending {
  const queue = openInboundQueue(s.location);
  app.addHook('onClose', async () => queue.close());
  const service = new SendService({
    readers,
    queue,
    limiter: new SendLimiter(s.sendsPerSecond),
    onAccepted: s.onAccepted,
    takenWithinMs: s.takenWithinMs,
  });
  const sending = createSending({ service, apiKey: s.apiKey });
  registerFaucet(app, {
    queue,
    settings: s.faucet,
    authorize: sending.authorize,
    onAccepted: s.onAccepted,
    checkProducer: () => service.checkProducer(),
  });
  return sending;
}

/** The query service: the five REST operations, streaming, the explorer, and their errors. */
export async function createServer(opts: ServerOptions): Promise<FastifyInstance> {
  const limits = defaultLimits(opts.limits);
  // Answers kept as finished bytes until the next commit (docs/architecture.md, "The answer
  // cache"): a repeated question is answered before the framework sees it, with no routing,
  // parsing, worker or query; everything else goes on to Fastify.
  // SQLite's witness of commits is a read of shared memory; PostgreSQL's a round trip that a
  // request which may be answered from the cache waits for unless the newest one began within
  // `API_ANSWER_STALENESS_MS` before it came (execution/witnessed-commits.ts).
  const engine = engineAt(opts.location);
  const witness = limits.answerCacheBytes > 0 ? engine.commitWitness(opts.location) : null;
  const witnessed = witness ? new WitnessedCommits(witness, limits.answerStalenessMs) : null;
  const counter = limits.answerCacheBytes > 0 ? (witnessed ?? engine.commitCounter(opts.location)) : null;
  const answers = counter ? new AnswerCache(counter, limits.answerCacheBytes) : null;
  const lookUp = (kept: AnswerCache, req: IncomingMessage, res: ServerResponse, onMiss: () => void): boolean =>
    answerKept(kept, req, res, opts.log ?? false) ||
    // a kept get method's run by POST (TonClient's JSON-RPC); a miss goes on, its body read
    answerKeptPost(kept, req, res, opts.log ?? false, onMiss);
  let closing = false;
  const app = Fastify({
    logger: false,
    // a request line past MAX_HEADER_BYTES (lists of thousands of items) gets a 431 naming the
    // bound, from clientErrorHandler; headers are checked every second against their deadline
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
      createHttpServer({ maxHeaderSize: MAX_HEADER_BYTES, connectionsCheckingInterval: 1000 }, (req, res) => {
        if (answers && !closing) {
          if (witnessed && mayBeKept(req) && !witnessed.servesNow()) {
            void witnessed
              .refresh()
              .then((read) => {
                if (read) answers.witnessed();
                if (!read || closing || !lookUp(answers, req, res, () => handler(req, res))) handler(req, res);
              })
              .catch((error: unknown) => (res.headersSent ? res.destroy(error as Error) : handler(req, res)));
            return;
          }
          // a mark read in the background may have come in this turn: the lookup compares it
          if (witnessed) answers.witnessed();
          if (lookUp(answers, req, res, () => handler(req, res))) return;
        }
        handler(req, res);
      }),
    clientErrorHandler,
    routerOptions: { maxParamLength: 1000 },
    return503OnClosing: true,
    trustProxy: opts.trustProxy ?? false,
  });
  boundConnections(app.server, limits, { perClient: !opts.trustProxy });

  // Callback hooks rather than async ones: an async hook costs a promise and a microtask turn on
  // every request, a measurable share of a small query's time.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(EVERY_ANSWER_HEADERS);
    done();
  });
  if (opts.log) {
    app.addHook('onResponse', (request, reply, done) => {
      logRequest(request.method, request.url, reply.statusCode, reply.elapsedTime);
      done();
    });
    app.addHook('onClose', (_instance, done) => {
      requestLog.flush();
      done();
    });
  }
  // a POST body read before the framework (answerKeptPost) is given to its parser as if unread
  app.addHook('preParsing', (request, _reply, payload, done) => done(null, bodyReadBefore(request.raw) ?? payload));
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      reply.headers(API_ANSWER_HEADERS);
    }
    done(null, payload);
  });

  app.setErrorHandler((error, request, reply) => {
    let status = 500;
    let message = 'internal error';
    if (error instanceof ReadError) {
      status = error.status;
      message = error.message;
      if (error.seqno !== null) reply.header('X-Ledger-Seqno', String(error.seqno));
      if (error.retryAfter !== null) reply.header('Retry-After', String(error.retryAfter));
    } else if (error instanceof ParamError) {
      status = 422;
      message = error.message;
    } else if (error instanceof NotFoundError) {
      status = 404;
      message = error.message;
    } else if (
      typeof (error as { statusCode?: number }).statusCode === 'number' &&
      (error as { statusCode: number }).statusCode < 500
    ) {
      // errors Fastify raises itself for malformed requests (e.g. a bad URL encoding)
      status = (error as { statusCode: number }).statusCode;
      message = status === 400 ? 'malformed request' : (error as Error).message;
    } else {
      process.stderr.write(
        `internal error on ${request.method} ${request.url.split('?')[0]}: ${(error as Error).stack ?? String(error)}\n`,
      );
    }
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(errorBody(request.url, status, message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(errorBody(request.url, 404, `no such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });

  // Bodies up to 64 KB (a small query's: transactionsByMessage?msg_hash= is ~30 KB) are compressed
  // in one call and sent with a Content-Length; the plugin's default on two cores (8 KB) streams
  // them through a zlib stream on the threadpool, whose setup and scheduling cost more than the
  // compression itself (sequential latency with gzip/br accepted: ~1.1 ms -> ~0.75 ms). Larger
  // bodies still stream, so the event loop is never held for more than a 64 KB compression.
  await app.register(fastifyCompress, {
    global: true,
    encodings: ANSWER_ENCODINGS,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: 65_536,
  });

  // The event loop of this thread accepts connections, parses parameters and moves bytes; every
  // query and every body is made in a reader worker (docs/architecture.md).
  const readers = new ReaderPool(opts.location, limits, opts.sending !== undefined);
  await readers.start();
  app.decorate('ledgerReaders', readers);
  app.addHook('onClose', async () => readers.close());
  // a closing server answers 503 (return503OnClosing), kept answers included
  app.addHook('preClose', (done) => ((closing = true), done()));
  if (counter) app.addHook('onClose', (_instance, done) => (counter.close(), done()));
  app.decorate('ledgerAnswers', answers);
  for (const op of OPERATIONS) {
    const cache = op.cacheable ? answers : null;
    // TON Center's POST form (runGetMethod): the JSON body's values as query values; never kept by
    // its URL (the body is not in it), only by its parameters (runKept)
    if (op.acceptsPost)
      app.post(op.path, async (request, reply) => {
        const body = request.body ?? {};
        if (typeof body !== 'object' || Array.isArray(body))
          throw new ParamError('the body must be a JSON object of named parameters');
        const params = op.parse({ ...(request.query as RawQuery), ...asQuery(body as Record<string, unknown>) });
        const gone = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) gone.abort();
        });
        const answer = await runKept(answers, op, params, request.id, () =>
          readers.execute(op.path, params, op.light(params), request.id, request.ip, gone.signal),
        );
        if (answer.seqno !== null) reply.header('X-Ledger-Seqno', String(answer.seqno));
        return reply.type('application/json; charset=utf-8').send(answer.body);
      });
    app.get(op.path, async (request, reply) => {
      const params = op.parse(request.query as RawQuery);
      const readAt = cache?.now() ?? 0;
      // a response closed before it finished: the client went away (or its socket was cut idle)
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const answer = await runKept(answers, op, params, request.id, () =>
        readers.execute(op.path, params, op.light(params), request.id, request.ip, gone.signal),
      );
      if (answer.seqno !== null) reply.header('X-Ledger-Seqno', String(answer.seqno));
      if (cache && Buffer.isBuffer(answer.body)) cache.put(request.url, readAt, answer.seqno, answer.body);
      const br = Buffer.isBuffer(answer.body) ? null : streamedBrotli(request.headers['accept-encoding'], answer.body);
      if (br) reply.header('Content-Encoding', 'br').header('Vary', 'accept-encoding');
      return reply.type('application/json; charset=utf-8').send(br ?? answer.body);
    });
  }
  for (const { path: url, acceptsPost } of OPERATIONS) {
    const allow = acceptsPost ? 'GET, HEAD, POST' : 'GET, HEAD';
    app.route({
      method: acceptsPost ? ['PUT', 'DELETE', 'PATCH'] : ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      url,
      handler: async (request, reply) => {
        reply.code(405).header('Allow', allow);
        return errorBody(
          request.url,
          405,
          `method ${request.method} not allowed; use ${acceptsPost ? 'GET, HEAD or POST' : 'GET or HEAD'}`,
        );
      },
    });
  }
  // a browser asks before it POSTs JSON across origins
  for (const url of [...OPERATIONS.filter((op) => op.acceptsPost).map((op) => op.path), JSON_RPC_PATH])
    app.options(url, (_request, reply) => void reply.code(204).headers(PREFLIGHT_HEADERS).send());
  const sending = opts.sending ? startSending(app, readers, opts.sending) : null;
  registerJsonRpc(app, readers, answers, sending);
  registerSendRoutes(app, sending);
  registerLocalWallets(app, opts.sending?.wallets ?? null);
  registerEmulation(app, readers, limits.queryTimeoutMs);
  if (!sending) registerFaucet(app, null);
  app.decorate(
    'ledgerStream',
    await registerStreaming(app, {
      location: opts.location,
      limits: defaultStreamingLimits(opts.streaming),
      traceMaxTxs: limits.traceMaxTxs,
      trustProxy: opts.trustProxy,
      // the stream tells clients of a commit only after the answer cache stops taking older marks' word
      commitSeen: () => witnessed?.commitSeen(),
    }),
  );
  if (opts.webRoot) await registerExplorer(app, opts.webRoot);
  return app;
}
