// `POST /api/emulate/v1/emulateTrace`, the reader worker's half: the whole trace of an external
// message run on the current state by the real emulator (src/tvm/emulate-trace.ts), nothing stored,
// printed as TON Center's emulation service prints it: the tree of transaction hashes (each node
// with its transaction and inbound message), every transaction in the v3 form with
// `emulated: true`, the code and data cells and the address book when asked, the random seed the
// run used, whether a bound cut it short, and its actions when asked (emulated-actions.ts).
import { Cell, loadShardAccount } from '@ton/core';
import type { RawQuery } from '../../api/operations/param-rules';
import type { TransactionRecord } from '../../store/records';
import { emulatorLoaded, emulatorReady } from '../../tvm/executor';
import { emulateTrace, EmulationRefused, type EmulatedNode } from '../../tvm/emulate-trace';
import { ConflictError, NotFoundError } from '../errors';
import type { Operation } from '../execution/operation';
import { emulatedActions } from './emulated-actions';
import { addressBookJson, collectAddresses, metadata } from '../serialize/address-book';
import { messageJson, transactionJson } from '../serialize/v3';

export const EMULATE_TASK_PATH = '/internal/emulate-trace';

/** Transactions one emulation runs at most (a fan-out of 100 is well within; a loop ends here). */
export const EMULATE_MAX_TRANSACTIONS = 1000;

export interface EmulateParams {
  boc: Buffer;
  ignoreChksig: boolean;
  withActions: boolean;
  includeCodeData: boolean;
  includeAddressBook: boolean;
  includeMetadata: boolean;
  /** The masterchain block asked for, when given (only the newest state is kept to run on). */
  mcBlockSeqno: number | null;
  randSeed: Buffer;
  /** Unix ms past which no more transactions run. */
  deadline: number;
}

const b64 = (b: Buffer) => b.toString('base64');

const emulatedJson = (t: TransactionRecord, mcSeqno: number | null) => transactionJson(t, { mcSeqno });

function nodeJson(n: EmulatedNode, mcSeqno: number | null): unknown {
  return {
    tx_hash: b64(n.tx.hash),
    in_msg_hash: n.tx.inMsg ? b64(n.tx.inMsg.hash) : null,
    transaction: emulatedJson(n.tx, mcSeqno),
    in_msg: n.tx.inMsg ? messageJson(n.tx.inMsg) : null,
    children: n.children.map((c) => nodeJson(c, mcSeqno)),
  };
}

export const emulateTask: Operation<EmulateParams> = {
  path: EMULATE_TASK_PATH,
  parse: (query: RawQuery) => {
    throw new Error(`${EMULATE_TASK_PATH} takes no query (${Object.keys(query).join(', ')})`);
  },
  light: () => false,
  run: async (ctx, p, out) => {
    if (p.mcBlockSeqno !== null && p.mcBlockSeqno !== ctx.mcSeqno)
      throw new NotFoundError(
        `mc_block_seqno ${p.mcBlockSeqno}: the network keeps the state of its newest block (${ctx.mcSeqno}) to emulate on, not older ones; leave it out`,
      );
    if (!emulatorReady() && ctx.interruptible) await ctx.interruptible(emulatorLoaded());
    let trace;
    try {
      trace = await emulateTrace({
        message: Cell.fromBoc(p.boc)[0]!,
        shardAccount: (account) => ctx.reader.getShardAccount(account),
        now: Math.floor(Date.now() / 1000),
        ignoreChksig: p.ignoreChksig,
        maxTransactions: EMULATE_MAX_TRANSACTIONS,
        deadline: p.deadline,
        randSeed: p.randSeed,
      });
    } catch (error) {
      if (error instanceof EmulationRefused)
        throw new ConflictError(
          `External message was not accepted: ${error.reason}${error.exitCode === null ? '' : `; exit code ${error.exitCode}`}`,
        );
      throw error;
    }
    const mcSeqno = ctx.mcSeqno;
    const transactions: Record<string, unknown> = {};
    for (const t of trace.transactions) transactions[b64(t.hash)] = emulatedJson(t, mcSeqno);
    const body: Record<string, unknown> = {
      mc_block_seqno: mcSeqno,
      trace: nodeJson(trace.root, mcSeqno),
      transactions,
    };
    if (p.withActions)
      body.actions = await emulatedActions(ctx.reader, trace.transactions, mcSeqno ?? 0, trace.incomplete);
    if (p.includeCodeData) {
      const code: Record<string, string> = {};
      const data: Record<string, string> = {};
      for (const boc of trace.accountsAfter.values()) {
        const state = loadShardAccount(Cell.fromBoc(boc)[0]!.beginParse()).account?.storage.state;
        if (state?.type !== 'active') continue;
        if (state.state.code) code[b64(state.state.code.hash())] = b64(state.state.code.toBoc());
        if (state.state.data) data[b64(state.state.data.hash())] = b64(state.state.data.toBoc());
      }
      body.code_cells = code;
      body.data_cells = data;
    }
    body.rand_seed = b64(p.randSeed);
    body.is_incomplete = trace.incomplete;
    let text = JSON.stringify(body);
    const reads = { reader: ctx.reader, book: ctx.caches.book };
    if (p.includeAddressBook) {
      // the address book as the other answers print it (each entry serialized once, by the cache)
      const book = await addressBookJson(reads, collectAddresses(transactions));
      text = `${text.slice(0, -1)},"address_book":${book.text}}`;
    }
    if (p.includeMetadata)
      text = `${text.slice(0, -1)},"metadata":${JSON.stringify(await metadata(reads, collectAddresses(transactions)))}}`;
    await out.write(Buffer.from(text));
  },
};
