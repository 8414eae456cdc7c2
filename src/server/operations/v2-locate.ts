import type { ParamsOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/v2-locate';
import type { MessageRecord, TransactionRecord } from '../../store/records';
import { NotFoundError } from '../errors';
import { defineOperation, type ReadContext } from '../execution/operation';
import { v2Transaction } from '../serialize/v2-account';
import { masterchainBlockAt } from './account-at';
import { walkTransactions } from './get-transactions';

const answer = (result: unknown) => Buffer.from(JSON.stringify({ ok: true, result }));

/** v2 getTransactionsV2: getTransactions' walk, `count` at a time. */
export const getTransactionsV2 = defineOperation(api.getTransactionsV2, {
  light: (p) => p.count <= 40,
  run: async (ctx, p, out) => {
    const txs = await walkTransactions(ctx, p, p.count);
    await out.write(answer(txs.map(v2Transaction)));
  },
});

type Locate = ParamsOf<typeof api.tryLocateTx>;

const described = (p: Locate) => `the message from ${p.source} to ${p.destination} created at lt ${p.created_lt}`;

/**
 * The source's transaction that sent the message, and the message. Its out messages take the lts
 * right after its own, and the account's next transaction comes after them all: the sender is the
 * source's newest transaction below `created_lt`, committed by the snapshot's masterchain block.
 */
async function sent(ctx: ReadContext, p: Locate): Promise<{ tx: TransactionRecord; message: MessageRecord }> {
  const block = await masterchainBlockAt(ctx);
  const hashes =
    p.created_lt > 0n
      ? await ctx.reader.getAccountTransactionHashes(p.source, { mcSeqno: block.seqno, fromLt: p.created_lt - 1n }, 1)
      : [];
  const [tx] = await ctx.reader.getTransactions(hashes);
  const message = tx?.outMsgs.find((m) => m.destination === p.destination && m.createdLt === p.created_lt);
  if (!tx || !message) throw new NotFoundError(`${described(p)} not found: no transaction of the source sent it`);
  return { tx, message };
}

/** The destination's transaction that received the message, committed by the snapshot's masterchain block. */
async function received(ctx: ReadContext, p: Locate): Promise<TransactionRecord> {
  const { message } = await sent(ctx, p);
  const hashes = await ctx.reader.findTransactionHashesByMessage(
    { msgHash: message.hash, direction: 'in' },
    { limit: 1, offset: 0, sort: 'asc' },
  );
  const [tx] = await ctx.reader.getTransactions(hashes);
  if (!tx || ctx.mcSeqno === null || tx.mcSeqno > ctx.mcSeqno)
    throw new NotFoundError(`${described(p)} was sent but not yet received (by the snapshot's masterchain block)`);
  return tx;
}

export const tryLocateTx = defineOperation(api.tryLocateTx, {
  light: () => true,
  run: async (ctx, p, out) => out.write(answer(v2Transaction(await received(ctx, p)))),
});

export const tryLocateResultTx = defineOperation(api.tryLocateResultTx, {
  light: () => true,
  run: async (ctx, p, out) => out.write(answer(v2Transaction(await received(ctx, p)))),
});

export const tryLocateSourceTx = defineOperation(api.tryLocateSourceTx, {
  light: () => true,
  run: async (ctx, p, out) => out.write(answer(v2Transaction((await sent(ctx, p)).tx))),
});
