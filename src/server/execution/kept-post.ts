import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { API_ANSWER_HEADERS, EVERY_ANSWER_HEADERS } from '../answer-headers';
import { asQuery, JSON_RPC_PATH } from '../json-rpc';
import { operationByPath } from '../operations/registry';
import { logRequest } from '../request-log';
import { COMPRESS_THRESHOLD, type AnswerCache } from './answer-cache';
import { keptAnswerText, keyOf } from './kept-runs';

// A POST naming a get method's run that is kept (runGetMethod by JSON-RPC, as TonClient sends it,
// or by its own POST path) answered before the framework routes it, as `answerKept` answers a kept
// GET: a wallet's seqno polled by many clients is then answered for about what a bare HTTP server
// costs, not the framework's routing, body parsing, hooks and reply on top. The body has to be read
// to know the call; when it names nothing kept, the request goes on to the framework with the body
// already read (`bodyReadBefore`, handed back to it in a preParsing hook), so nothing else changes.

/** Bodies past this are left to the framework unread (a call is ~150 bytes; a batch is never kept). */
const MAX_BODY_BYTES = 8192;
const readBefore = new WeakMap<IncomingMessage, Buffer>();
let answered = 0;
const ANSWER_HEADERS = { ...EVERY_ANSWER_HEADERS, ...API_ANSWER_HEADERS };

type Named = { kept: 'v2' | 'whole'; key: string };

/**
 * The kept-run key of a call's parameters by their JSON text: parsing them (zod, the address's
 * checksum) costs ~40 µs, more than the rest of a kept answer. Bounded: texts of up to 1 KB (a call
 * with a few stack entries; longer ones are parsed each time), emptied when full, so at most 4 MB.
 */
const keys = new Map<string, Named | null>();
const MAX_KEYS = 4096;
const MAX_KEY_TEXT = 1024;

function keyOfCall(path: string, values: object): Named | null {
  const text = `${path} ${JSON.stringify(values)}`;
  const known = keys.get(text);
  if (known !== undefined) return known;
  const op = operationByPath.get(path);
  let found: Named | null = null;
  if (op?.keptByParams) {
    try {
      found = { kept: op.keptByParams, key: keyOf(op.path, op.parse(asQuery(values as Record<string, unknown>))) };
    } catch {
      // bad parameters: the framework's path answers the error as it always does
    }
  }
  return remember(keys, text, found);
}

/** Keeps `value` under `text` in a memo of at most MAX_KEYS texts of up to MAX_KEY_TEXT; returns it. */
function remember<V>(memo: Map<string, V>, text: string, value: V): V {
  if (text.length > MAX_KEY_TEXT) return value;
  if (memo.size >= MAX_KEYS) memo.clear();
  memo.set(text, value);
  return value;
}

/**
 * What a POST body names, by the body's text: a client polling one call sends the same bytes each
 * time (TonClient and tonweb number every call 1), so the parse of the body and of its parameters'
 * text is made once. Bounded as `keys` is.
 */
type Call = { named: Named; rpc: { id: unknown } | undefined };
const calls = new Map<string, Call | null>();

function callOf(path: string, rpc: boolean, text: string): Call | null {
  const memo = `${path} ${text}`;
  const known = calls.get(memo);
  if (known !== undefined) return known;
  return remember(calls, memo, parseCall(path, rpc, text));
}

function parseCall(path: string, rpc: boolean, text: string): Call | null {
  let call: unknown;
  try {
    call = JSON.parse(text);
  } catch {
    return null;
  }
  if (!call || typeof call !== 'object' || Array.isArray(call)) return null;
  const { method, params, id } = call as { method?: unknown; params?: unknown; id?: unknown };
  if (rpc && typeof method !== 'string') return null;
  const values = rpc ? params : call;
  if (!values || typeof values !== 'object' || Array.isArray(values)) return null;
  const named = keyOfCall(rpc ? `/api/v2/${method as string}` : path, values);
  // a JSON-RPC call names a v2 method: its kept body is completed with the call's id in one piece
  if (!named || (rpc && named.kept !== 'v2')) return null;
  return { named, rpc: rpc ? { id } : undefined };
}

/**
 * Takes a POST whose small JSON body may name a kept call: reads it, then answers it when kept, or
 * calls `onMiss` (the framework's handler) otherwise. False (the body untouched) for anything else.
 */
export function answerKeptPost(
  cache: AnswerCache,
  req: IncomingMessage,
  res: ServerResponse,
  log: boolean,
  onMiss: () => void,
): boolean {
  // a query string is the framework's to parse: the POST forms here take their parameters whole
  if (req.method !== 'POST' || req.url === undefined || req.url.includes('?')) return false;
  const rpc = req.url === JSON_RPC_PATH;
  if (!rpc && !operationByPath.get(req.url)?.keptByParams) return false;
  const length = Number(req.headers['content-length']);
  if (!(length > 0 && length <= MAX_BODY_BYTES)) return false;
  if (!req.headers['content-type']?.startsWith('application/json') || req.headers['content-encoding']) return false;
  const start = performance.now();
  const parts: Buffer[] = [];
  req.on('data', (part: Buffer) => parts.push(part));
  req.once('end', () => {
    const body = Buffer.concat(parts);
    const json = keptJson(cache, req.url!, rpc, body);
    if (json === null) {
      readBefore.set(req, body);
      onMiss();
      return;
    }
    const length = Buffer.byteLength(json.text);
    res.writeHead(
      200,
      json.seqno === null
        ? { ...ANSWER_HEADERS, 'content-length': length }
        : { ...ANSWER_HEADERS, 'content-length': length, 'x-ledger-seqno': String(json.seqno) },
    );
    // a string is written with the head in one piece (a Buffer would be a second chunk)
    res.end(json.text);
    if (log) logRequest('POST', req.url!, 200, performance.now() - start);
  });
  return true;
}

/** The kept answer to the call in `body`, ready to send; null when none is kept (or the body is no call). */
function keptJson(
  cache: AnswerCache,
  path: string,
  rpc: boolean,
  body: Buffer,
): { text: string; seqno: number | null } | null {
  const call = callOf(path, rpc, body.toString('utf8'));
  if (!call) return null;
  answered += 1;
  const kept = keptAnswerText(cache, call.named.kept, call.named.key, `kept-${answered}`, call.rpc);
  // a body the framework would compress goes its way (kept runs are ~200 bytes: a seqno, a number)
  return kept && kept.text.length < COMPRESS_THRESHOLD ? kept : null;
}

/** The body `answerKeptPost` read before handing the request on, as a stream for the framework's parser. */
export function bodyReadBefore(req: IncomingMessage): Readable | undefined {
  const body = readBefore.get(req);
  if (body === undefined) return undefined;
  readBefore.delete(req);
  return Readable.from([body], { objectMode: false });
}
