// A finished trace's actions, as TON Center's indexer classifies them: the high-level ones (a jetton
// transfer, mint or burn, an NFT mint or transfer) each with the basic actions of its messages
// beneath it, and a basic action (ton_transfer, contract_deploy, call_contract) for every other
// message. Pure rules over the records: what kind of contract an account is comes from the caller
// (`describe`), so the producer (by the code hashes of the contracts it runs, src/ledger/classify)
// and the emulation (by the code hashes the ledger already knows, src/server/emulation) share them.
import { createHash } from 'node:crypto';
import { Cell, type Slice } from '@ton/core';
import { toRaw } from '../ton/address';
import { decodeTextComment } from '../ton/comment';
import { STANDARD_OPCODES } from '../ton/opcode';
import { isFailed } from './describe-transaction';
import type {
  AccountInfoRecord,
  AccountStateRecord,
  ActionRecord,
  ActionType,
  InterfaceName,
  MessageRecord,
  TraceRecord,
  TransactionRecord,
} from '../store/records';

const signed = (op: number) => op | 0;
// signed, as MessageRecord.opcode holds them
const OPS = {
  jettonTransfer: signed(STANDARD_OPCODES.jetton_transfer),
  jettonInternalTransfer: signed(STANDARD_OPCODES.jetton_internal_transfer),
  jettonMint: signed(STANDARD_OPCODES.jetton_mint),
  jettonBurn: signed(STANDARD_OPCODES.jetton_burn),
  nftTransfer: signed(STANDARD_OPCODES.nft_transfer),
  // `deploy_new_nft#1` of TEP-62's reference collection (not a standard opcode: collections choose)
  nftDeployItem: 1,
};

function bodySlice(m: MessageRecord): Slice | null {
  try {
    return Cell.fromBoc(m.body.boc)[0]!.beginParse();
  } catch {
    return null;
  }
}

/** A forward payload (Either Cell ^Cell) read as a text comment when it is one. */
function payloadComment(s: Slice): string | null {
  try {
    if (s.remainingBits === 0) return null;
    const inRef = s.loadBit();
    const cell = inRef ? s.loadRef() : s.asCell();
    return decodeTextComment(cell);
  } catch {
    return null;
  }
}

const addr = (s: Slice) => {
  const a = s.loadMaybeAddress();
  return a ? toRaw(a) : null;
};

interface Ctx {
  trace: TraceRecord;
  txs: TransactionRecord[];
  receiverOf: Map<string, TransactionRecord>;
  iface: (account: string) => InterfaceName[];
}

/** The transactions a transaction set off, itself included (its subtree in the trace). */
function subtree(ctx: Ctx, root: TransactionRecord): TransactionRecord[] {
  const out: TransactionRecord[] = [];
  const stack = [root];
  while (stack.length) {
    const t = stack.pop()!;
    out.push(t);
    for (const m of t.outMsgs) {
      const r = ctx.receiverOf.get(m.hash.toString('hex'));
      if (r) stack.push(r);
    }
  }
  return out.sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
}

/**
 * An action fails when a transaction in it failed, or a message in it bounced: the receiver ran a
 * bounce phase (its value went back), or the sender got its message back.
 */
function succeeded(txs: TransactionRecord[]): boolean {
  return !txs.some((t) => isFailed(t.description) || t.description.bounce !== undefined || t.inMsg?.bounced === true);
}

/** A transaction with the bounced-back messages it caused: they belong to the same action. */
function withBounces(ctx: Ctx, tx: TransactionRecord): TransactionRecord[] {
  const out = [tx];
  for (const m of tx.outMsgs) {
    const r = ctx.receiverOf.get(m.hash.toString('hex'));
    if (r?.inMsg?.bounced) out.push(r);
  }
  return out;
}

function action(
  ctx: Ctx,
  type: ActionType,
  txs: TransactionRecord[],
  details: Record<string, unknown>,
  parent: Buffer | null,
  index: number,
): ActionRecord {
  const accounts = new Set<string>(txs.map((t) => t.account));
  for (const v of Object.values(details)) if (typeof v === 'string' && /^-?\d:[0-9A-F]{64}$/.test(v)) accounts.add(v);
  return {
    actionId: createHash('sha256')
      .update(ctx.trace.traceId)
      .update(type)
      .update(txs[0]!.hash)
      .update(String(index))
      .digest(),
    traceId: ctx.trace.traceId,
    type,
    parentActionId: parent,
    success: succeeded(txs),
    startLt: txs[0]!.lt,
    endLt: txs[txs.length - 1]!.lt,
    startUtime: txs[0]!.now,
    endUtime: txs[txs.length - 1]!.now,
    transactions: txs.map((t) => t.hash),
    accounts: [...accounts],
    details,
  };
}

/** The high-level action a transaction begins, with its details, or null. */
function highLevel(ctx: Ctx, tx: TransactionRecord): { type: ActionType; details: Record<string, unknown> } | null {
  const m = tx.inMsg;
  if (!m || m.opcode === null || m.bounced) return null;
  const ifaces = ctx.iface(tx.account);
  // only jetton and NFT contracts begin high-level actions: skip parsing every other body
  if (!ifaces.some((i) => i !== 'wallet_v4r2' && i !== 'wallet_v5r1')) return null;
  const s = bodySlice(m);
  if (!s) return null;
  try {
    s.skip(32);
    const queryId = s.loadUintBig(64).toString();
    if (m.opcode === OPS.jettonTransfer && ifaces.includes('jetton_wallet')) {
      const amount = s.loadCoins();
      const receiver = addr(s);
      const response = addr(s);
      s.loadMaybeRef();
      const forward = s.loadCoins();
      const receiverTx = subtree(ctx, tx).find((t) => t.inMsg?.opcode === OPS.jettonInternalTransfer && t !== tx);
      return {
        type: 'jetton_transfer',
        details: {
          asset: jettonOf(ctx, tx),
          sender: m.source,
          receiver,
          sender_jetton_wallet: tx.account,
          receiver_jetton_wallet: receiverTx?.account ?? null,
          amount: amount.toString(),
          comment: payloadComment(s),
          encrypted: false,
          query_id: queryId,
          response_destination: response,
          forward_amount: forward.toString(),
        },
      };
    }
    if (m.opcode === OPS.jettonMint && ifaces.includes('jetton_master')) {
      const receiver = addr(s);
      const amount = s.loadCoins();
      const walletTx = subtree(ctx, tx).find((t) => t.inMsg?.opcode === OPS.jettonInternalTransfer);
      return {
        type: 'jetton_mint',
        details: {
          asset: tx.account,
          receiver,
          receiver_jetton_wallet: walletTx?.account ?? null,
          amount: amount.toString(),
          query_id: queryId,
        },
      };
    }
    if (m.opcode === OPS.jettonBurn && ifaces.includes('jetton_wallet')) {
      const amount = s.loadCoins();
      return {
        type: 'jetton_burn',
        details: {
          asset: jettonOf(ctx, tx),
          owner: m.source,
          owner_jetton_wallet: tx.account,
          amount: amount.toString(),
          query_id: queryId,
        },
      };
    }
    if (m.opcode === OPS.nftDeployItem && ifaces.includes('nft_collection')) {
      const index = s.loadUintBig(64);
      s.loadCoins();
      const content = s.loadRef().beginParse();
      const owner = addr(content);
      const itemTx = subtree(ctx, tx).find((t) => t !== tx && t.inMsg?.source === tx.account);
      return {
        type: 'nft_mint',
        details: {
          nft_collection: tx.account,
          nft_item: itemTx?.account ?? null,
          nft_item_index: index.toString(),
          owner,
          query_id: queryId,
        },
      };
    }
    if (m.opcode === OPS.nftTransfer && ifaces.includes('nft_item')) {
      const newOwner = addr(s);
      const response = addr(s);
      s.loadMaybeRef();
      const forward = s.loadCoins();
      const item = nftOf(ctx, tx);
      return {
        type: 'nft_transfer',
        details: {
          nft_collection: item.collection,
          nft_item: tx.account,
          nft_item_index: item.index,
          old_owner: m.source,
          new_owner: newOwner,
          query_id: queryId,
          forward_amount: forward.toString(),
          response_destination: response,
          comment: payloadComment(s),
        },
      };
    }
  } catch {
    return null;
  }
  return null;
}

function dataInfo(tx: TransactionRecord): Cell | null {
  const boc = tx.stateAfter.dataBoc ?? tx.stateBefore.dataBoc;
  return boc ? Cell.fromBoc(boc)[0]! : null;
}

function jettonOf(_ctx: Ctx, walletTx: TransactionRecord): string | null {
  const data = dataInfo(walletTx);
  if (!data) return null;
  try {
    const s = data.beginParse();
    s.loadCoins();
    s.loadAddress();
    return toRaw(s.loadAddress());
  } catch {
    return null;
  }
}

function nftOf(_ctx: Ctx, itemTx: TransactionRecord): { collection: string | null; index: string | null } {
  const data = dataInfo(itemTx);
  try {
    const s = data!.beginParse();
    const index = s.loadUintBig(64).toString();
    return { collection: toRaw(s.loadAddress()), index };
  } catch {
    return { collection: null, index: null };
  }
}

/** The basic action of one message: a plain transfer, a deploy, or a contract call. */
function basic(tx: TransactionRecord): { type: ActionType; details: Record<string, unknown> } | null {
  const m = tx.inMsg;
  if (!m || m.source === null) return null; // the external that starts a trace is not an action of its own
  if (m.bounced) return null; // a bounce is part of the action whose message bounced
  const deployed = (tx.origStatus === 'uninit' || tx.origStatus === 'nonexist') && tx.endStatus === 'active';
  if (deployed)
    return {
      type: 'contract_deploy',
      details: { source: m.source, destination: tx.account, value: m.value?.toString() ?? null, opcode: m.opcode },
    };
  if (m.opcode === null || m.opcode === 0) {
    return {
      type: 'ton_transfer',
      details: {
        source: m.source,
        destination: m.destination,
        value: m.value?.toString() ?? null,
        comment: m.comment,
        encrypted: false,
      },
    };
  }
  return {
    type: 'call_contract',
    details: { source: m.source, destination: m.destination, value: m.value?.toString() ?? null, opcode: m.opcode },
  };
}

/** The trace and its transactions, in lt order, as classified. */
export interface ClassifiedTrace {
  record: TraceRecord;
  transactions: TransactionRecord[];
}

/**
 * The actions of a finished trace, and what the address book says of each account in it.
 * `describe` names the contract an account is by its state; `lookup` answers for the accounts the
 * trace did not touch (the sender named in a message).
 */
export function classifyTrace(
  trace: ClassifiedTrace,
  describe: (state: AccountStateRecord) => AccountInfoRecord,
  lookup: (account: string) => AccountInfoRecord | undefined,
): { actions: ActionRecord[]; accounts: AccountInfoRecord[] } {
  const known = new Map<string, AccountInfoRecord>();
  const accounts: AccountInfoRecord[] = [];
  for (const tx of trace.transactions) known.set(tx.account, describe(tx.stateAfter));
  accounts.push(...known.values());
  const ctx: Ctx = {
    trace: trace.record,
    txs: trace.transactions,
    receiverOf: new Map(trace.transactions.filter((t) => t.inMsg).map((t) => [t.inMsg!.hash.toString('hex'), t])),
    iface: (a) => (known.get(a) ?? lookup(a))?.interfaces ?? [],
  };
  const actions: ActionRecord[] = [];
  const covered = new Set<TransactionRecord>();
  let index = 0;
  for (const tx of trace.transactions) {
    if (covered.has(tx)) continue;
    const high = highLevel(ctx, tx);
    if (!high) continue;
    const txs = subtree(ctx, tx);
    const parent = action(ctx, high.type, txs, high.details, null, index++);
    actions.push(parent);
    for (const t of txs) {
      covered.add(t);
      const b = basic(t);
      if (b) actions.push(action(ctx, b.type, withBounces(ctx, t), b.details, parent.actionId, index++));
    }
  }
  for (const tx of trace.transactions) {
    if (covered.has(tx)) continue;
    const b = basic(tx);
    if (!b) continue;
    const group = withBounces(ctx, tx);
    for (const t of group) covered.add(t);
    actions.push(action(ctx, b.type, group, b.details, null, index++));
  }
  return { actions, accounts };
}
