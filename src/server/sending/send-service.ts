// Sending and fee estimates as TON Center serves them, apart from how they are called (v2 REST,
// v2 JSON-RPC, v3): each method takes its named parameters and answers its `result`, or throws a
// SendError whose status and words the caller's dialect wraps (send-routes.ts, json-rpc.ts).
//
// A message is accepted as a lite-server accepts one: read and bounded (src/ton/external-message),
// then run by the real emulator on the account's current state in a reader worker; one the contract
// does not take is refused with the emulator's words and the exit code, and nothing is stored. An
// accepted message is persisted in the inbound queue before the answer, then taken by the producer.
import { Address, beginCell, Cell, external, storeMessage } from '@ton/core';
import { describeExitCode } from '../../ton/exit-codes';
import { MessageInputError, readExternalMessage, type ExternalMessage } from '../../ton/external-message';
import { TonInputError } from '../../ton/errors';
import { parseAddress } from '../../ton/address';
import type { InboundQueue } from '../../store/inbound';
import { ReadError } from '../readers/executor';
import type { ReaderPool } from '../readers/reader-pool';
import { RUN_MESSAGE_PATH, type RunMessageParams, type RunMessageVerdict } from './run-message-task';
import type { SendLimiter } from './send-limiter';
import { whole } from '../readers/body-stream';

/** A refusal: `status` is the HTTP status (and v2's `code`), `message` says what was wrong. */
export class SendError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The status of a message the contract did not accept: the message is well formed, but does not
 * apply to the account as it is now (a used seqno, a wrong signature, expired, no funds for its
 * import). TON Center answers these 500 with its lite-server's text; we keep the text, and answer a
 * 4xx a client can tell from a malformed request (422), a busy server (429, 503) or our fault (500).
 */
export const NOT_ACCEPTED_STATUS = 409;

/** The first words of TON Center's refusal, which clients match on. */
const NOT_ACCEPTED_PREFIX = 'cannot apply external message to current state : External message was not accepted';

export interface SendContext {
  /** The client's address: the per-client bound. */
  client: string;
  requestId: string;
  signal: AbortSignal;
}

export interface SendServiceOptions {
  readers: ReaderPool;
  queue: InboundQueue;
  limiter: SendLimiter;
  /** Told after a message is stored (the producer of this process makes a block at once). */
  onAccepted?: () => void;
  /**
   * A message waiting longer than this (ms) means no producer takes them: new ones get 503 until
   * one does, rather than an acknowledgement that no block would honour soon.
   */
  takenWithinMs: number;
}

export interface AcceptedMessage {
  hash: Buffer;
  hashNorm: Buffer;
  /** False when the very same message was already accepted (it is taken once). */
  fresh: boolean;
}

export interface FeeEstimate {
  inFwdFee: bigint;
  storageFee: bigint;
  gasFee: bigint;
  fwdFee: bigint;
}

/** A parameter's text, or a 422 naming it. */
function textParam(params: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const v = params[name];
  if (v === undefined || v === null || v === '') {
    if (required) throw new SendError(422, `${name}: required`);
    return undefined;
  }
  if (typeof v !== 'string') throw new SendError(422, `${name}: must be a string, got ${typeof v}`);
  return v;
}

function cellParam(params: Record<string, unknown>, name: string): Cell | undefined {
  const text = textParam(params, name, false);
  if (text === undefined) return undefined;
  try {
    const roots = Cell.fromBoc(Buffer.from(text, 'base64'));
    if (roots.length !== 1) throw new Error(`${roots.length} roots`);
    return roots[0]!;
  } catch (error) {
    throw new SendError(422, `${name}: not a BOC of one cell in base64 (${(error as Error).message})`);
  }
}

function booleanParam(params: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = params[name];
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|1|false|0)$/i.test(v)) return /^(true|1)$/i.test(v);
  throw new SendError(422, `${name}: must be true or false, got ${JSON.stringify(v)}`);
}

/** The external message `sendQuery` and `estimateFee` build from an address, a body and an optional init. */
export function messageFromParts(params: Record<string, unknown>): ExternalMessage {
  let to: Address;
  try {
    to = parseAddress(textParam(params, 'address', true)!);
  } catch (error) {
    if (error instanceof TonInputError) throw new SendError(422, `address: ${error.message}`);
    throw error;
  }
  const body = cellParam(params, 'body') ?? Cell.EMPTY;
  const code = cellParam(params, 'init_code');
  const data = cellParam(params, 'init_data');
  if ((code === undefined) !== (data === undefined))
    throw new SendError(422, 'init_code and init_data: give both (a state init) or neither');
  const message = external({ to, body, init: code && data ? { code, data } : undefined });
  const boc = beginCell().store(storeMessage(message)).endCell().toBoc();
  return readBoc(boc.toString('base64'));
}

function readBoc(text: string): ExternalMessage {
  try {
    return readExternalMessage(text);
  } catch (error) {
    if (error instanceof MessageInputError) throw new SendError(422, error.message);
    throw error;
  }
}

/** The emulator's refusal in TON Center's words, with the exit code and what it means. */
function refusal(message: ExternalMessage, verdict: Extract<RunMessageVerdict, { accepted: false }>): string {
  const code =
    verdict.exit_code === null
      ? ''
      : `; exit code ${verdict.exit_code} (${describeExitCode(verdict.exit_code, { wallet: true }).name})`;
  return `${NOT_ACCEPTED_PREFIX} by ${message.account}: ${verdict.error}${code}`;
}

export class SendService {
  constructor(private readonly opts: SendServiceOptions) {}

  /** Runs the message on the account's current state in a reader worker. */
  private async run(message: ExternalMessage, ignoreChksig: boolean, ctx: SendContext): Promise<RunMessageVerdict> {
    const params: RunMessageParams = {
      boc: message.boc,
      account: message.account,
      now: Math.floor(Date.now() / 1000),
      ignoreChksig,
    };
    let body: Buffer;
    try {
      const answer = await this.opts.readers.execute(
        RUN_MESSAGE_PATH,
        params,
        false,
        ctx.requestId,
        ctx.client,
        ctx.signal,
      );
      body = await whole(answer.body);
    } catch (error) {
      if (error instanceof ReadError) throw new SendError(error.status, error.message, error.retryAfter);
      throw error;
    }
    return JSON.parse(body.toString('utf8')) as RunMessageVerdict;
  }

  /** sendBoc, sendBocReturnHash, v3 message: a client's BOC, checked, stored, answered. */
  async sendBoc(params: Record<string, unknown>, ctx: SendContext): Promise<AcceptedMessage> {
    const message = readBoc(textParam(params, 'boc', true)!);
    return this.accept(message, ctx);
  }

  /** sendQuery: the message built from its parts, then as sendBoc. */
  async sendQuery(params: Record<string, unknown>, ctx: SendContext): Promise<AcceptedMessage> {
    return this.accept(messageFromParts(params), ctx);
  }

  /** estimateFee: the message built from its parts, run (by default ignoring its signature), nothing stored. */
  async estimateFee(params: Record<string, unknown>, ctx: SendContext): Promise<FeeEstimate> {
    const message = messageFromParts(params);
    const verdict = await this.run(message, booleanParam(params, 'ignore_chksig', true), ctx);
    if (!verdict.accepted) throw new SendError(NOT_ACCEPTED_STATUS, refusal(message, verdict));
    return {
      inFwdFee: BigInt(verdict.fees.in_fwd_fee),
      storageFee: BigInt(verdict.fees.storage_fee),
      gasFee: BigInt(verdict.fees.gas_fee),
      fwdFee: BigInt(verdict.fees.fwd_fee),
    };
  }

  /** 503 while an accepted message has waited past the budget: no producer is taking them. */
  async checkProducer(): Promise<void> {
    const oldest = await this.opts.queue.oldestQueued();
    if (oldest === null) return;
    const waited = Date.now() - oldest;
    if (waited > this.opts.takenWithinMs)
      throw new SendError(
        503,
        `no producer has taken a message for ${Math.round(waited / 1000)} s (the oldest accepted one still waits): try again when the network's producer runs`,
        Math.max(1, Math.ceil(this.opts.takenWithinMs / 1000)),
      );
  }

  private async accept(message: ExternalMessage, ctx: SendContext): Promise<AcceptedMessage> {
    const wait = this.opts.limiter.take(ctx.client);
    if (wait !== null)
      throw new SendError(
        429,
        `too many messages from this client: at most ${this.opts.limiter.describe()}; retry after ${wait} s`,
        wait,
      );
    await this.checkProducer();
    const verdict = await this.run(message, false, ctx);
    if (!verdict.accepted) throw new SendError(NOT_ACCEPTED_STATUS, refusal(message, verdict));
    const fresh = await this.opts.queue.enqueue({
      hash: message.hash,
      kind: 'external',
      account: message.account,
      boc: message.boc,
      amount: null,
      client: ctx.client,
      receivedAt: Date.now(),
    });
    if (fresh) this.opts.onAccepted?.();
    return { hash: message.hash, hashNorm: message.hashNorm, fresh };
  }
}
