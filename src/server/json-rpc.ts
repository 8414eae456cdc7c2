// TON Center's v2 JSON-RPC (`POST /api/v2/jsonRPC`), what @ton/ton's TonClient and tonweb speak: a
// call `{id, jsonrpc, method, params}` names a v2 method, whose operation (src/api/operations, the
// same module as `GET /api/v2/<method>`) parses the params and runs in a reader worker. The answer
// is that operation's `{ok, result}` with the call's `id` and `jsonrpc` added; a failure keeps the
// envelope, `{ok: false, error, code, id, jsonrpc}`. A batch (an array of calls) is answered as an
// array, in order, each call on its own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ParamError, type RawQuery } from '../api/operations/param-rules';
import { NotFoundError } from './errors';
import { withCallId } from './json-rpc-envelope';
import type { AnswerCache } from './execution/answer-cache';
import { runKept } from './execution/kept-runs';
import { operationByPath } from './operations/registry';
import { ReadError } from './readers/executor';
import type { ReaderPool } from './readers/reader-pool';
import { whole } from './readers/body-stream';
import { isV2SendMethod, READ_ONLY_CODE, readOnlyMessage, type Sending } from './sending/send-routes';
import { SendError } from './sending/send-service';

export const JSON_RPC_PATH = '/api/v2/jsonRPC';

/** Calls one batch may hold; past it the batch is refused whole (422). */
export const MAX_BATCH_CALLS = 100;

/** TON Center's other names for a method. */
const ALIASES: Record<string, string> = { shards: 'getShards' };

interface CallAnswer {
  status: number;
  json: string;
  seqno: number | null;
}

class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * JSON values into the query form the operations parse: strings as they are, numbers and booleans
 * as their text, lists and objects (a get method's stack) as JSON text.
 */
export function asQuery(params: Record<string, unknown>): RawQuery {
  const query: RawQuery = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    query[key] =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
          ? String(value)
          : JSON.stringify(value);
  }
  return query;
}

export function registerJsonRpc(
  app: FastifyInstance,
  readers: ReaderPool,
  answers: AnswerCache | null,
  sending: Sending | null,
): void {
  const v2Methods = [...operationByPath.keys()]
    .filter((p) => p.startsWith('/api/v2/'))
    .map((p) => p.slice('/api/v2/'.length));

  async function call(request: FastifyRequest, c: unknown, signal: AbortSignal): Promise<CallAnswer> {
    const id = c && typeof c === 'object' && 'id' in c ? (c as { id: unknown }).id : null;
    const tail = `,"id":${JSON.stringify(id ?? null)},"jsonrpc":"2.0"}`;
    const failure = (code: number, error: string): CallAnswer => ({
      status: code,
      json: `{"ok":false,"error":${JSON.stringify(error)},"code":${code}${tail}`,
      seqno: null,
    });
    try {
      if (!c || typeof c !== 'object' || Array.isArray(c))
        throw new CallError(422, 'a JSON-RPC call must be an object {id, jsonrpc, method, params}');
      const { method, params } = c as { method?: unknown; params?: unknown };
      if (typeof method !== 'string' || method === '') throw new CallError(422, 'method: a method name is required');
      if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params)))
        throw new CallError(422, 'params must be an object of named parameters');
      if (isV2SendMethod(method)) {
        if (!sending) throw new CallError(READ_ONLY_CODE, readOnlyMessage(method));
        const result = await sending.v2(method, (params ?? {}) as Record<string, unknown>, request, signal);
        return { status: 200, json: `{"ok":true,"result":${JSON.stringify(result)}${tail}`, seqno: null };
      }
      const op = operationByPath.get(`/api/v2/${ALIASES[method] ?? method}`);
      if (!op)
        throw new CallError(
          404,
          `unknown method ${JSON.stringify(method).slice(0, 80)}; methods: ${v2Methods.join(', ')}`,
        );
      const parsed = op.parse(asQuery((params ?? {}) as Record<string, unknown>));
      const answer = await runKept(answers, op, parsed, request.id, () =>
        readers.execute(op.path, parsed, op.light(parsed), request.id, request.ip, signal),
      );
      return { status: 200, json: withCallId((await whole(answer.body)).toString('utf8'), id), seqno: answer.seqno };
    } catch (error) {
      if (error instanceof CallError) return failure(error.code, error.message);
      if (error instanceof SendError) return failure(error.status, error.message);
      if (error instanceof ParamError) return failure(422, error.message);
      if (error instanceof NotFoundError) return failure(404, error.message);
      if (error instanceof ReadError) return failure(error.status, error.message);
      process.stderr.write(`internal error in a JSON-RPC call: ${(error as Error).stack ?? String(error)}\n`);
      return failure(500, 'internal error');
    }
  }

  app.post(JSON_RPC_PATH, async (request, reply) => {
    const gone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    reply.type('application/json; charset=utf-8');
    const body = request.body;
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > MAX_BATCH_CALLS)
        throw new ParamError(`a batch holds 1 to ${MAX_BATCH_CALLS} calls, got ${body.length}`);
      // one after another: a batch takes one client's share of the workers, like its requests would
      const answers: string[] = [];
      for (const c of body) answers.push((await call(request, c, gone.signal)).json);
      return reply.send(`[${answers.join(',')}]`);
    }
    const answer = await call(request, body, gone.signal);
    if (answer.seqno !== null) reply.header('X-Ledger-Seqno', String(answer.seqno));
    return reply.code(answer.status).send(answer.json);
  });
}
