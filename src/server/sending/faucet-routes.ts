// Our own faucet, one request any script can make: `POST /api/local/faucet {address, amount}` (TON,
// a decimal) pays `address` from the faucet wallet by a real external message in the next block, so
// the payment is a trace like any other. The request is stored in the inbound queue (inbound.ts)
// before anything is answered; the answer waits (a fraction of a second) for the producer to take
// it and names the paying message, or says it is queued. `GET /api/local/faucet` tells a client (the
// explorer) that this server has one, and its bounds. Where sending is off, neither exists (404).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseAddress, toRaw } from '../../ton/address';
import { TonInputError } from '../../ton/errors';
import type { InboundQueue } from '../../store/inbound';
import { PREFLIGHT_HEADERS } from '../answer-headers';
import { errorBody } from '../errors';
import { SendError } from './send-service';
import { fail } from './send-routes';

export const FAUCET_PATH = '/api/local/faucet';
const NANO = 1_000_000_000n;
/** How long the answer waits for the producer to take the request (a block is made at once). */
const ANSWER_WAIT_MS = 10_000;

export interface FaucetSettings {
  /** The faucet wallet (raw form), once known (the ledger's seed fixes it). */
  address: Promise<string>;
  /** Nanotons one request may ask for (`FAUCET_MAX_TON`). */
  maxPerRequest: bigint;
  /** Nanotons one client may be paid an hour (`FAUCET_TON_PER_HOUR`). */
  perClientHour: bigint;
}

export interface FaucetDeps {
  queue: InboundQueue;
  settings: FaucetSettings;
  /** Throws a SendError when the request lacks the API key sending needs. */
  authorize(request: FastifyRequest, params: Record<string, unknown>): void;
  onAccepted?: () => void;
  /** Throws a SendError (503) while no producer takes what is queued. */
  checkProducer(): Promise<void>;
}

/** Decimal TON ("12", "0.5", up to 9 decimals) to nanotons; null when it is not one. */
export function parseTon(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,9}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * NANO + BigInt((m[2] ?? '').padEnd(9, '0'));
}

const ton = (nano: bigint) => {
  const whole = nano / NANO;
  const frac = (nano % NANO).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
};

/** What each client was paid within the last hour (one API process's view). */
class HourlyAllowance {
  private readonly paid = new Map<string, { at: number; amount: bigint }[]>();

  constructor(private readonly perHour: bigint) {}

  /** Null when `amount` fits this client's hour, else the seconds until it would. */
  take(client: string, amount: bigint, now = Date.now()): number | null {
    const recent = (this.paid.get(client) ?? []).filter((p) => now - p.at < 3_600_000);
    const total = recent.reduce((s, p) => s + p.amount, 0n);
    if (total + amount > this.perHour) {
      this.paid.set(client, recent);
      const oldest = recent[0]?.at ?? now;
      return Math.max(1, Math.ceil((oldest + 3_600_000 - now) / 1000));
    }
    recent.push({ at: now, amount });
    this.paid.set(client, recent);
    return null;
  }
}

function requestParams(request: FastifyRequest): Record<string, unknown> {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new SendError(422, 'the body must be a JSON object {address, amount}');
  return body as Record<string, unknown>;
}

export function registerFaucet(app: FastifyInstance, deps: FaucetDeps | null): void {
  app.options(FAUCET_PATH, (_request, reply) => void reply.code(204).headers(PREFLIGHT_HEADERS).send());
  const off = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(404)
      .send(errorBody(request.url, 404, 'this server has no faucet: it takes no messages (LEDGER_SEND=off)'));
  if (!deps) {
    app.get(FAUCET_PATH, off);
    app.post(FAUCET_PATH, off);
    return;
  }
  const { queue, settings } = deps;
  const allowance = new HourlyAllowance(settings.perClientHour);
  app.get(FAUCET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
      address: await settings.address,
      max_amount: ton(settings.maxPerRequest),
      per_client_hour: ton(settings.perClientHour),
    }),
  );
  app.post(FAUCET_PATH, async (request, reply) => {
    try {
      const params = requestParams(request);
      deps.authorize(request, params);
      if (typeof params.address !== 'string') throw new SendError(422, 'address: required, the address to pay');
      let account: string;
      try {
        account = toRaw(parseAddress(params.address));
      } catch (error) {
        if (error instanceof TonInputError) throw new SendError(422, `address: ${error.message}`);
        throw error;
      }
      const amountText = typeof params.amount === 'number' ? String(params.amount) : params.amount;
      const amount = typeof amountText === 'string' ? parseTon(amountText) : null;
      if (amount === null || amount <= 0n)
        throw new SendError(422, `amount: TON as a decimal above 0 with at most 9 decimals ("10", "0.5")`);
      if (amount > settings.maxPerRequest)
        throw new SendError(422, `amount: at most ${ton(settings.maxPerRequest)} TON a request`);
      await deps.checkProducer();
      const wait = allowance.take(request.ip, amount);
      if (wait !== null)
        throw new SendError(
          429,
          `the faucet pays one client at most ${ton(settings.perClientHour)} TON an hour; retry after ${wait} s`,
          wait,
        );
      const id = randomBytes(32);
      await queue.enqueue({
        hash: id,
        kind: 'faucet',
        account,
        boc: null,
        amount,
        client: request.ip,
        receivedAt: Date.now(),
      });
      deps.onAccepted?.();
      const answer = { request_id: id.toString('hex'), address: account, amount: amount.toString() };
      const deadline = Date.now() + ANSWER_WAIT_MS;
      while (Date.now() < deadline) {
        const row = await queue.get(id);
        if (row?.state === 'taken' && row.resultHash)
          return reply.send({ ...answer, state: 'taken', message_hash: row.resultHash.toString('base64') });
        if (row?.state === 'refused') throw new SendError(503, `the faucet could not pay: ${row.error ?? 'refused'}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // stored: it is paid once a producer takes it
      return reply.code(202).send({ ...answer, state: 'queued' });
    } catch (error) {
      return fail(request, reply, error);
    }
  });
}
