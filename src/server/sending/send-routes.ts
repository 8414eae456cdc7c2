// The write path's HTTP side, in TON Center's forms: v2 `sendBoc`, `sendBocReturnHash`, `sendQuery`
// and `estimateFee` as REST (`POST /api/v2/<method>`, a JSON body of named parameters) and over
// JSON-RPC (json-rpc.ts asks `v2SendMethod`), and v3 `POST /api/v3/message` and
// `POST /api/v3/estimateFee`. With sending off, each answers 403 as a read-only ledger does.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREFLIGHT_HEADERS } from '../answer-headers';
import { errorBody } from '../errors';
import { SendError, type FeeEstimate, type SendContext, type SendService } from './send-service';

/** The v2 methods that change the chain or are estimated against it. */
export const V2_SEND_METHODS = ['sendBoc', 'sendBocReturnHash', 'sendQuery', 'sendQuerySimple', 'estimateFee'] as const;
export type V2SendMethod = (typeof V2_SEND_METHODS)[number];
export const isV2SendMethod = (m: string): m is V2SendMethod => (V2_SEND_METHODS as readonly string[]).includes(m);

const V3_PATHS = { message: '/api/v3/message', estimateFee: '/api/v3/estimateFee' } as const;

export const READ_ONLY_CODE = 403;
export const readOnlyMessage = (method: string) =>
  `${method} is not available: sending is off on this server (LEDGER_SEND=off), so no message can be sent to it or estimated against it`;

export interface SendingOptions {
  service: SendService;
  /** Sending requires this key (`X-API-Key` or `api_key`, as TON Center takes it); null: open. */
  apiKey: string | null;
}

/** A pre-funded wallet of the local network, as `GET /api/local/wallets` lists it. */
export interface WalletListing {
  version: 'v4r2' | 'v5r1';
  address: string;
  friendly: string;
  mnemonic: string;
  network_id: number | null;
}

export const LOCAL_WALLETS_PATH = '/api/local/wallets';

/**
 * Our own: the pre-funded wallets a developer deploys and sends with (their mnemonics). Only where
 * sending is on: the switch that turns sending off hides the keys too (a public deployment).
 */
export function registerLocalWallets(app: FastifyInstance, wallets: Promise<WalletListing[]> | null): void {
  app.get(LOCAL_WALLETS_PATH, async (request, reply) => {
    if (!wallets)
      return reply
        .code(404)
        .send(errorBody(request.url, 404, 'this server takes no messages (LEDGER_SEND=off): it lists no wallets'));
    return reply.header('cache-control', 'no-store').send({ wallets: await wallets });
  });
}

/** `X-API-Key` or `api_key` (query or body). */
function givenKey(request: FastifyRequest, params: Record<string, unknown>): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const query = (request.query as Record<string, unknown> | undefined)?.api_key;
  if (typeof query === 'string' && query !== '') return query;
  return typeof params.api_key === 'string' ? params.api_key : null;
}

function keyMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const v2Extra = (requestId: string) => `${Date.now() / 1000}:0:${requestId}`;
const base64 = (b: Buffer) => b.toString('base64');

function v2Fees(f: FeeEstimate, requestId: string) {
  return {
    '@type': 'query.fees',
    source_fees: {
      '@type': 'fees',
      in_fwd_fee: Number(f.inFwdFee),
      storage_fee: Number(f.storageFee),
      gas_fee: Number(f.gasFee),
      fwd_fee: Number(f.fwdFee),
    },
    destination_fees: [],
    '@extra': v2Extra(requestId),
  };
}

/**
 * The sending side of a server, or null where sending is off. `v2` answers a v2 method's `result`
 * (json-rpc.ts wraps it in its envelope; REST in `{ok, result}`).
 */
export interface Sending {
  /** Throws a SendError (401) when the request lacks the API key sending needs. */
  authorize(request: FastifyRequest, params: Record<string, unknown>): void;
  v2(
    method: V2SendMethod,
    params: Record<string, unknown>,
    request: FastifyRequest,
    signal: AbortSignal,
  ): Promise<unknown>;
}

export function createSending(opts: SendingOptions): Sending {
  const { service } = opts;
  const context = (request: FastifyRequest, signal: AbortSignal): SendContext => ({
    client: request.ip,
    requestId: request.id,
    signal,
  });
  const authorize = (request: FastifyRequest, params: Record<string, unknown>) => {
    if (opts.apiKey !== null && !keyMatches(givenKey(request, params), opts.apiKey))
      throw new SendError(401, 'sending needs an API key on this server: give it as the X-API-Key header or api_key');
  };
  return {
    authorize,
    async v2(method, params, request, signal) {
      const ctx = context(request, signal);
      switch (method) {
        case 'sendBoc':
          authorize(request, params);
          await service.sendBoc(params, ctx);
          return { '@type': 'ok', '@extra': v2Extra(request.id) };
        case 'sendBocReturnHash': {
          authorize(request, params);
          const m = await service.sendBoc(params, ctx);
          return {
            '@type': 'raw.extMessageInfo',
            hash: base64(m.hash),
            hash_norm: base64(m.hashNorm),
            '@extra': v2Extra(request.id),
          };
        }
        case 'sendQuery':
        case 'sendQuerySimple':
          authorize(request, params);
          await service.sendQuery(params, ctx);
          return { '@type': 'ok', '@extra': v2Extra(request.id) };
        case 'estimateFee':
          return v2Fees(await service.estimateFee(params, ctx), request.id);
      }
    },
  };
}

function bodyParams(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (body === undefined || body === null) return { ...query };
  if (typeof body !== 'object' || Array.isArray(body))
    throw new SendError(422, 'the body must be a JSON object of named parameters');
  return { ...query, ...(body as Record<string, unknown>) };
}

/** Aborted when the client goes away before its answer is finished. */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** A SendError as the dialect of the request's path answers it (with Retry-After when it has one). */
export function fail(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof SendError)) throw error;
  if (error.retryAfter !== null) reply.header('Retry-After', String(error.retryAfter));
  return reply.code(error.status).send(errorBody(request.url, error.status, error.message));
}

/**
 * The REST routes of sending (v2 and v3), and CORS preflights for them. With `sending` null they
 * answer 403: the server takes no messages.
 */
export function registerSendRoutes(app: FastifyInstance, sending: Sending | null): void {
  const urls = [...V2_SEND_METHODS.map((m) => `/api/v2/${m}`), V3_PATHS.message, V3_PATHS.estimateFee];
  for (const url of urls) app.options(url, (_request, reply) => void reply.code(204).headers(PREFLIGHT_HEADERS).send());
  for (const method of V2_SEND_METHODS) {
    app.route({
      method: ['GET', 'POST'],
      url: `/api/v2/${method}`,
      handler: async (request, reply) => {
        if (!sending)
          return reply.code(READ_ONLY_CODE).send(errorBody(request.url, READ_ONLY_CODE, readOnlyMessage(method)));
        if (request.method !== 'POST')
          return reply
            .code(405)
            .header('Allow', 'POST')
            .send(errorBody(request.url, 405, `${method} is sent by POST with a JSON body, as TON Center takes it`));
        try {
          const result = await sending.v2(method, bodyParams(request), request, abortOnClose(reply));
          return reply.send({ ok: true, result });
        } catch (error) {
          return fail(request, reply, error);
        }
      },
    });
  }
  app.post(V3_PATHS.message, async (request, reply) => {
    if (!sending)
      return reply.code(READ_ONLY_CODE).send(errorBody(request.url, READ_ONLY_CODE, readOnlyMessage('message')));
    try {
      const r = (await sending.v2('sendBocReturnHash', bodyParams(request), request, abortOnClose(reply))) as {
        hash: string;
        hash_norm: string;
      };
      return reply.send({ message_hash: r.hash, message_hash_norm: r.hash_norm });
    } catch (error) {
      return fail(request, reply, error);
    }
  });
  app.post(V3_PATHS.estimateFee, async (request, reply) => {
    if (!sending)
      return reply.code(READ_ONLY_CODE).send(errorBody(request.url, READ_ONLY_CODE, readOnlyMessage('estimateFee')));
    try {
      const r = (await sending.v2('estimateFee', bodyParams(request), request, abortOnClose(reply))) as ReturnType<
        typeof v2Fees
      >;
      const { '@type': _t, ...source } = r.source_fees;
      return reply.send({ source_fees: source, destination_fees: [] });
    } catch (error) {
      return fail(request, reply, error);
    }
  });
}
