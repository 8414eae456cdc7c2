// Sandbox sends a transaction as @ton/core re-serializes it (`storeTransaction`), not as it ran: a
// message's state init and body may each be inline or a reference (TL-B `Either X ^X`), and the
// serializer picks by size where the contract that sent the message may have picked otherwise. The
// BOC then hashes to another hash than the transaction's, the one sandbox's test holds
// (`tx.hash()`). The frame names the true hash elsewhere: the account's next transaction's
// `prev_trans_hash`, or the account's `last_trans_hash` in the ShardAccount sent after the run.
// This module finds the layout of the transaction's messages whose cell has that hash: the
// transaction as it ran, bit for bit (a hash cannot match otherwise).
import {
  beginCell,
  Dictionary,
  storeCommonMessageInfo,
  storeStateInit,
  type Cell,
  type Message,
  type Transaction,
} from '@ton/core';

/** At most this many layouts are tried per transaction (4 per message with both a state init and a body). */
const MAX_LAYOUTS = 4096;

function messageCell(m: Message, initRef: boolean, bodyRef: boolean): Cell | null {
  try {
    const b = beginCell().store(storeCommonMessageInfo(m.info));
    if (m.init) {
      b.storeBit(true);
      const init = beginCell().store(storeStateInit(m.init));
      if (initRef) b.storeBit(true).storeRef(init.endCell());
      else b.storeBit(false).storeBuilder(init);
    } else b.storeBit(false);
    if (bodyRef) b.storeBit(true).storeRef(m.body);
    else b.storeBit(false).storeSlice(m.body.beginParse(true));
    return b.endCell();
  } catch {
    return null; // that layout does not fit in one cell
  }
}

/** Each distinct cell a message can be, the serializer's own choice first. */
function layouts(m: Message, sent: Cell): Cell[] {
  const out = [sent];
  const seen = new Set([sent.hash().toString('hex')]);
  for (const initRef of m.init ? [false, true] : [false]) {
    for (const bodyRef of [false, true]) {
      const c = messageCell(m, initRef, bodyRef);
      if (c && !seen.has(c.hash().toString('hex'))) {
        seen.add(c.hash().toString('hex'));
        out.push(c);
      }
    }
  }
  return out;
}

const outDictValue = {
  serialize: (v: Cell, b: import('@ton/core').Builder) => b.storeRef(v),
  parse: (s: import('@ton/core').Slice) => s.loadRef(),
};

/**
 * The root cell of the `out_msgs` dictionary (HashmapE 15 ^Message) of the message cells given, by
 * their keys; null when empty. Made once, it is stored as it is, not serialized again.
 */
function outDict(outKeys: number[], outMsgs: Cell[]): Cell | null {
  if (outKeys.length === 0) return null;
  const dict = Dictionary.empty(Dictionary.Keys.Uint(15), outDictValue);
  outKeys.forEach((k, i) => dict.set(k, outMsgs[i]!));
  return beginCell().storeDictDirect(dict).endCell();
}

/** The transaction cell with the inbound message and outbound dictionary given, the rest of `sent` as it is. */
function withMessages(sent: Cell, inMsg: Cell | null, outs: Cell | null): Cell {
  // HashmapE: a bit, then the root as a reference when not empty (as storeDict writes it)
  const msgs = beginCell().storeMaybeRef(inMsg).storeMaybeRef(outs).endCell();
  const b = beginCell().storeBits(sent.bits).storeRef(msgs);
  for (const r of sent.refs.slice(1)) b.storeRef(r);
  return b.endCell();
}

/**
 * The cell of the transaction as it ran: `sent` when it hashes to `want`, else the layout of its
 * messages that does; null when none of the layouts tried does.
 */
export function originalTransactionCell(
  sent: Cell,
  tx: Transaction,
  sentMessages: { inMsg: Cell | null; outMsgs: Cell[] },
  want: Buffer,
): Cell | null {
  if (sent.hash().equals(want)) return sent;
  const outKeys = tx.outMessages.keys().sort((a, b) => a - b);
  const messages: Message[] = [...(tx.inMessage ? [tx.inMessage] : []), ...outKeys.map((k) => tx.outMessages.get(k)!)];
  const sentCells = [...(sentMessages.inMsg ? [sentMessages.inMsg] : []), ...sentMessages.outMsgs];
  const hasIn = tx.inMessage ? 1 : 0;
  // A fan-out's sender (ten messages, each with a state init and a body) has far more layouts than
  // are tried one by one, and its messages alike: the search by one choice for all of them finds it
  // at once, without first making the layouts of each message (most of the work otherwise). A cell
  // of the wanted hash is the transaction whichever search finds it; the full search below is as
  // it was, for what this one does not find.
  const mostLayouts = messages.reduce((n, m) => n * (m.init ? 5 : 3), 1);
  if (mostLayouts > MAX_LAYOUTS) {
    const inbound = hasIn ? { message: messages[0]!, sent: sentCells[0]! } : null;
    const found = oneOutboundChoice(sent, messages.slice(hasIn), sentCells.slice(hasIn), outKeys, inbound, want);
    if (found) return found;
  }
  // Each message's layouts, until there are too many combinations to try them all (then the search
  // by one choice above has run, and found nothing).
  const options: Cell[][] = [];
  let total = 1;
  for (let i = 0; i < messages.length && total <= MAX_LAYOUTS; i++) {
    options.push(layouts(messages[i]!, sentCells[i]!));
    total *= options[i]!.length;
  }
  if (total <= MAX_LAYOUTS) {
    const build = (pick: Cell[]) => withMessages(sent, hasIn ? pick[0]! : null, outDict(outKeys, pick.slice(hasIn)));
    const pick = options.map((o) => o[0]!);
    const at = options.map(() => 0);
    for (let n = 0; n < total; n++) {
      const c = build(pick);
      if (c.hash().equals(want)) return c;
      // the next combination, as an odometer
      for (let i = 0; i < at.length; i++) {
        at[i] = (at[i]! + 1) % options[i]!.length;
        pick[i] = options[i]![at[i]!]!;
        if (at[i] !== 0) break;
      }
    }
    return null;
  }
  // more than that: then more than MAX_LAYOUTS at most too, and searched by one choice above
  return null;
}

/**
 * The outbound choice (of `oneOutboundChoice`'s five) that found the last transaction searched by
 * one choice, tried first: a frame's senders are mostly one contract's, which lays out its messages
 * alike. Only the order of the tries: whichever finds it, a cell of the wanted hash is the transaction.
 */
let lastChoice = 0;

/**
 * Too many layouts to try them all. The outbound messages are laid out by the executor, which keeps
 * the sending contract's choice of inline or reference and moves a part to a reference only when it
 * does not fit: a contract sends its messages alike, so one choice for all of them. The inbound
 * message was laid out by its sender (sandbox, when it delivers a message, serializes it itself, as
 * it serializes the transaction it sends): it is tried as sent with each choice for the outbound
 * ones, then each of its other layouts.
 */
function oneOutboundChoice(
  sent: Cell,
  outMessages: Message[],
  sentOut: Cell[],
  outKeys: number[],
  inbound: { message: Message; sent: Cell } | null,
  want: Buffer,
): Cell | null {
  // each choice's cells are made when it is tried (a fan-out's are found by the first tried)
  const choices: (() => Cell[])[] = [() => sentOut];
  for (const initRef of [true, false])
    for (const bodyRef of [true, false])
      choices.push(() => outMessages.map((m, i) => messageCell(m, initRef, bodyRef) ?? sentOut[i]!));
  const order = [lastChoice, ...choices.keys()].filter((k, i, all) => all.indexOf(k) === i);
  const dicts: (Cell | null)[] = []; // one per choice, whichever inbound layout goes with it
  const tryWith = (inOptions: (Cell | null)[]): Cell | null => {
    for (const k of order) {
      const dict = k in dicts ? (dicts[k] ?? null) : (dicts[k] = outDict(outKeys, choices[k]!()));
      for (const inMsg of inOptions) {
        const c = withMessages(sent, inMsg, dict);
        if (c.hash().equals(want)) {
          lastChoice = k;
          return c;
        }
      }
    }
    return null;
  };
  if (!inbound) return tryWith([null]);
  return tryWith([inbound.sent]) ?? tryWith(layouts(inbound.message, inbound.sent).slice(1));
}
