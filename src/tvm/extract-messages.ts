import { Dictionary, beginCell, loadMessage, storeStateInit, type Address, type Cell, type Message } from '@ton/core';
import { decodeTextComment } from '../ton/comment';
import { normalizedExternalHash } from '../ton/normalized-hash';
import { toRaw } from '../ton/address';
import type { MessageRecord } from '../store/records';
import { extraCurrencies } from './describe-transaction';

/**
 * The message cells of a transaction, read from its raw cell: `tx.raw.refs[0]` holds
 * `in_msg:(Maybe ^Message)` and `out_msgs:(HashmapE 15 ^Message)`. Hashes are taken from these
 * cells, never from a re-serialized parsed message (its layout, e.g. an inline or referenced body,
 * may differ, and so would the hash).
 */
export function messageCells(rawTx: Cell): { inMsg: Cell | null; outMsgs: Cell[] } {
  const s = rawTx.refs[0]!.beginParse();
  const inMsg = s.loadBit() ? s.loadRef() : null;
  const dict = s.loadDict(Dictionary.Keys.Uint(15), {
    serialize: (v: Cell, b) => b.storeRef(v),
    parse: (src) => src.loadRef(),
  });
  const outMsgs = dict
    .keys()
    .sort((a, b) => a - b)
    .map((k) => dict.get(k)!);
  return { inMsg, outMsgs };
}

const raw = (a: Address | null | undefined) => (a ? toRaw(a) : null);

/** Opcode: the first 32 bits of the body, as the signed 32-bit integer the API prints. */
export function bodyOpcode(body: Cell): number | null {
  const s = body.beginParse(true);
  return s.remainingBits >= 32 ? s.loadUint(32) | 0 : null;
}

/**
 * What a reader of many messages may already have for `messageRecord`: the message parsed (from
 * this cell or another layout of it: the fields, body and state init are the same), and a maker of
 * BOCs (one that keeps each cell's, when the same bodies and state inits come again).
 */
export interface MessageReading {
  message?: Message;
  toBoc?: (cell: Cell) => Buffer;
}

export function messageRecord(
  cell: Cell,
  links: { outTx: Buffer | null; inTx: Buffer | null },
  reading: MessageReading = {},
): MessageRecord {
  const m = reading.message ?? loadMessage(cell.beginParse());
  const toBoc = reading.toBoc ?? ((c: Cell) => c.toBoc());
  const body = { hash: m.body.hash(), boc: toBoc(m.body) };
  let initState = null;
  if (m.init) {
    const initCell = beginCell().store(storeStateInit(m.init)).endCell();
    initState = { hash: initCell.hash(), boc: toBoc(initCell) };
  }
  const opcode = bodyOpcode(m.body);
  const common = {
    hash: cell.hash(),
    body,
    initState,
    opcode,
    comment: opcode === 0 ? decodeTextComment(m.body) : null,
    outMsgTxHash: links.outTx,
    inMsgTxHash: links.inTx,
  };
  const info = m.info;
  if (info.type === 'internal') {
    return {
      ...common,
      hashNorm: null,
      source: raw(info.src),
      destination: raw(info.dest),
      value: info.value.coins,
      valueExtraCurrencies: extraCurrencies(info.value.other),
      fwdFee: info.forwardFee,
      ihrFee: info.ihrFee,
      importFee: null,
      createdLt: info.createdLt,
      createdAt: info.createdAt,
      bounce: info.bounce,
      bounced: info.bounced,
      ihrDisabled: info.ihrDisabled,
    };
  }
  if (info.type === 'external-in') {
    // The fields of an internal message that do not apply to an external one stay null.
    return {
      ...common,
      hashNorm: normalizedExternalHash(cell),
      source: null,
      destination: raw(info.dest),
      value: null,
      valueExtraCurrencies: {},
      fwdFee: null,
      ihrFee: null,
      importFee: info.importFee,
      createdLt: null,
      createdAt: null,
      bounce: null,
      bounced: null,
      ihrDisabled: null,
    };
  }
  return {
    ...common,
    hashNorm: null,
    source: raw(info.src),
    destination: null,
    value: null,
    valueExtraCurrencies: {},
    fwdFee: null,
    ihrFee: null,
    importFee: null,
    createdLt: info.createdLt,
    createdAt: info.createdAt,
    bounce: null,
    bounced: null,
    ihrDisabled: null,
  };
}
