import { callIdEnd } from '../json-rpc-envelope';
import type { ReadAnswer } from '../readers/executor';
import type { AnswerCache } from './answer-cache';
import type { Operation } from './operation';

// Answers kept by their parameters rather than their URL: a get method's run (runGetMethod, v2 and
// v3) comes by POST or JSON-RPC as often as by GET, so the same call has many URLs and bodies. Its
// answer is a function of the parameters and the ledger's state (the account's code, data and
// balance as of a masterchain block, that block's time, the ledger's config), apart from v2's
// `@extra`, which names the request. The run costs a reader worker ~12 ms of the TVM; kept, the
// same call is answered on the accepting thread until the next commit (a new block changes the
// time and maybe the state), with a fresh `@extra`.

/** The key of a kept run: never a URL (a request line cannot hold a space before its path). */
export function keyOf(path: string, params: unknown): string {
  return `run ${path} ${JSON.stringify(params, (_key, value: unknown) =>
    typeof value === 'bigint'
      ? `${value}n`
      : value instanceof Uint8Array
        ? Buffer.from(value).toString('base64')
        : value,
  )}`;
}

const EXTRA_KEY = Buffer.from(',"@extra":');
const EXTRA_END = Buffer.from('"}}');

/**
 * A v2 body without its `@extra`, kept up to the key: `{"ok":true,"result":{…,"@extra":` (the
 * operation writes `@extra` last); null when the body is not of that form (then it is not kept).
 */
function withoutExtra(body: Buffer): Buffer | null {
  const at = body.lastIndexOf(EXTRA_KEY);
  if (at < 0 || !body.subarray(body.length - EXTRA_END.length).equals(EXTRA_END)) return null;
  if (body.indexOf('"', at + EXTRA_KEY.length + 1) !== body.length - EXTRA_END.length) return null;
  return body.subarray(0, at + EXTRA_KEY.length);
}

let extras = 0;
/** A kept v2 answer's `@extra`, in the form a worker writes it: the time, a counter, the request. */
function freshExtra(requestId: string): string {
  extras += 1;
  return JSON.stringify(`${Date.now() / 1000}:${extras}:${requestId}`);
}

/** Runs of each cache under way, by key: a call that arrives while the same call runs waits for it. */
const underWay = new WeakMap<AnswerCache, Map<string, Promise<{ seqno: number | null; kept: Buffer | null }>>>();

/**
 * The answer made of a kept body: v2's with a fresh `@extra` for this request; with `call`, as the
 * answer to that JSON-RPC call (its id after the result: `callIdEnd`), in one piece.
 */
function answerOf(
  kept: 'v2' | 'whole',
  seqno: number | null,
  body: Buffer,
  requestId: string,
  call?: { id: unknown },
): ReadAnswer {
  if (kept !== 'v2') return { seqno, body };
  return { seqno, body: Buffer.concat([body, Buffer.from(extraTail(requestId, call))]) };
}

/** What completes a kept v2 body: a fresh `@extra`, and the call's id given a JSON-RPC call. */
function extraTail(requestId: string, call?: { id: unknown }): string {
  return `${freshExtra(requestId)}${call ? `}${callIdEnd(call.id)}` : '}}'}`;
}

/** Each kept body's text, made once: the accepting thread answers a kept call with a string. */
const texts = new WeakMap<Buffer, string>();

/**
 * `keptAnswer` as text, for the accepting thread's own answers (kept-post.ts): a string body is
 * written with the response's head in one piece, where a Buffer costs Node a second chunk and the
 * copies to join the fresh `@extra`.
 */
export function keptAnswerText(
  answers: AnswerCache,
  kept: 'v2' | 'whole',
  key: string,
  requestId: string,
  call?: { id: unknown },
): { seqno: number | null; text: string } | undefined {
  const hit = answers.get(key);
  if (!hit) return undefined;
  let text = texts.get(hit.body);
  if (text === undefined) texts.set(hit.body, (text = hit.body.toString('utf8')));
  if (kept !== 'v2') return { seqno: hit.seqno, text };
  return { seqno: hit.seqno, text: text + extraTail(requestId, call) };
}

/**
 * The answer kept under `key` (`keyOf` an operation marked `kept` and its parameters) since the last
 * commit, made for this request (and for this JSON-RPC call, given one: v2 only); else undefined.
 */
export function keptAnswer(
  answers: AnswerCache,
  kept: 'v2' | 'whole',
  key: string,
  requestId: string,
  call?: { id: unknown },
): ReadAnswer | undefined {
  const hit = answers.get(key);
  return hit ? answerOf(kept, hit.seqno, hit.body, requestId, call) : undefined;
}

/**
 * Runs `op` through `run` (its reader worker), or answers it from `answers` when the same call was
 * run since the last commit. A call that arrives while the same one runs waits for that run (so
 * the clients that poll a wallet's seqno cost one run per block, not one each), and runs itself
 * only if that run failed or could not be kept. Only operations marked `keptByParams`; the rest go
 * to `run` as they are.
 */
export async function runKept<P>(
  answers: AnswerCache | null,
  op: Operation<P>,
  params: P,
  requestId: string,
  run: () => Promise<ReadAnswer>,
): Promise<ReadAnswer> {
  const kept = op.keptByParams;
  if (!answers || !kept) return run();
  const key = keyOf(op.path, params);
  const hit = keptAnswer(answers, kept, key, requestId);
  if (hit) return hit;
  let runs = underWay.get(answers);
  if (!runs) underWay.set(answers, (runs = new Map()));
  const other = runs.get(key);
  if (other) {
    const done = await other.catch(() => null);
    if (done?.kept) return answerOf(kept, done.seqno, done.kept, requestId);
    return run();
  }
  const readAt = answers.now();
  const answer = run();
  const made = answer.then((a) => {
    const body = Buffer.isBuffer(a.body) ? (kept === 'v2' ? withoutExtra(a.body) : a.body) : null;
    if (body) answers.put(key, readAt, a.seqno, body);
    // waiters take it only if it was read at the commit they arrived in (the put's own rule)
    return { seqno: a.seqno, kept: body && answers.now() === readAt ? body : null };
  });
  runs.set(key, made);
  void made.catch(() => undefined).finally(() => runs.delete(key));
  return answer;
}
