// `POST /api/emulate/v1/emulateTrace`, as TON Center's emulation service takes it: `{boc,
// ignore_chksig, with_actions, include_code_data, include_address_book, include_metadata,
// mc_block_seqno?}`. The message is read here (a malformed one is refused at once, 422 naming what is
// wrong); the trace is run in a reader worker in the heavy lane, within the request's budget
// (emulate-task.ts). Nothing is stored: the ledger is the same after as before.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MessageInputError, readExternalMessage } from '../../ton/external-message';
import { PREFLIGHT_HEADERS } from '../answer-headers';
import { errorBody } from '../errors';
import { ReadError } from '../readers/executor';
import type { ReaderPool } from '../readers/reader-pool';
import { EMULATE_TASK_PATH, type EmulateParams } from './emulate-task';
import { abortOnClose } from '../sending/send-routes';

export const EMULATE_PATH = '/api/emulate/v1/emulateTrace';

class BadRequest extends Error {}

function flag(body: Record<string, unknown>, name: string): boolean {
  const v = body[name];
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  throw new BadRequest(`${name}: must be true or false, got ${JSON.stringify(v)}`);
}

function paramsOf(request: FastifyRequest, budgetMs: number): EmulateParams {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new BadRequest('the body must be a JSON object {boc, ignore_chksig, with_actions, …}');
  const b = body as Record<string, unknown>;
  if (typeof b.boc !== 'string') throw new BadRequest('boc: required, the external message as a base64 BOC');
  let boc: Buffer;
  try {
    boc = readExternalMessage(b.boc).boc;
  } catch (error) {
    if (error instanceof MessageInputError) throw new BadRequest(error.message);
    throw error;
  }
  const seqno = b.mc_block_seqno;
  if (seqno !== undefined && seqno !== null && (typeof seqno !== 'number' || !Number.isInteger(seqno) || seqno < 0))
    throw new BadRequest(`mc_block_seqno: a masterchain seqno, got ${JSON.stringify(seqno)}`);
  return {
    boc,
    ignoreChksig: flag(b, 'ignore_chksig'),
    withActions: flag(b, 'with_actions'),
    includeCodeData: flag(b, 'include_code_data'),
    includeAddressBook: flag(b, 'include_address_book'),
    includeMetadata: flag(b, 'include_metadata'),
    mcBlockSeqno: typeof seqno === 'number' ? seqno : null,
    randSeed: randomBytes(32),
    // the run stops in time to answer within the budget (what is left out: is_incomplete)
    deadline: Date.now() + Math.floor(budgetMs * 0.7),
  };
}

export function registerEmulation(app: FastifyInstance, readers: ReaderPool, budgetMs: number): void {
  app.options(EMULATE_PATH, (_request, reply) => void reply.code(204).headers(PREFLIGHT_HEADERS).send());
  app.post(EMULATE_PATH, async (request, reply) => {
    let params: EmulateParams;
    try {
      params = paramsOf(request, budgetMs);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      return reply.code(422).send(errorBody(request.url, 422, error.message));
    }
    try {
      const answer = await readers.execute(
        EMULATE_TASK_PATH,
        params,
        false,
        request.id,
        request.ip,
        abortOnClose(reply),
      );
      if (answer.seqno !== null) reply.header('X-Ledger-Seqno', String(answer.seqno));
      return reply.type('application/json; charset=utf-8').send(answer.body);
    } catch (error) {
      if (error instanceof ReadError && error.status < 500) {
        if (error.retryAfter !== null) reply.header('Retry-After', String(error.retryAfter));
        return reply.code(error.status).send(errorBody(request.url, error.status, error.message));
      }
      throw error;
    }
  });
}
