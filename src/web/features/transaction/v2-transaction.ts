// Must come first: it gives @ton/core the Buffer global it needs in the browser.
import '../../lib/buffer-global';
import { Cell, loadTransaction, type Transaction, type TransactionDescription } from '@ton/core';
import type { V2Message, V2Transaction } from '../../../api/model';
import { decodeTextComment } from '../../../ton/comment';
import type { MessageView, TxVerdict } from '../../model/trace-view';
import { rawAddressOrNull } from '../../../ton/address-forms';

/**
 * What the transaction lists show (inbound message, verdict of the phases), read from a v2
 * transaction. v2 carries neither the phases nor the message flags as fields: they are in the
 * transaction's own BOC (`data`), which @ton/core reads here. This module (and @ton/core with it)
 * is loaded by the block page only: the rest of the explorer reads v3's JSON.
 */
export interface V2TxSummary {
  inMsg: MessageView | null;
  /** `ord`, `tick_tock`, … as v3's description.type names them. */
  type: string;
  /** null for the kinds that have no compute phase (storage, split and merge). */
  verdict: TxVerdict | null;
}

/** @ton/core's names of the transaction kinds, and v3's. */
const TYPES: Record<TransactionDescription['type'], string> = {
  generic: 'ord',
  storage: 'storage',
  'tick-tock': 'tick_tock',
  'split-prepare': 'split_prepare',
  'split-install': 'split_install',
  'merge-prepare': 'merge_prepare',
  'merge-install': 'merge_install',
};

export function summarizeV2Transaction(t: V2Transaction): V2TxSummary {
  let tx: Transaction | null = null;
  try {
    tx = loadTransaction(Cell.fromBase64(t.data).beginParse());
  } catch {
    /* an unreadable BOC: the message fields v2 sends as JSON still show */
  }
  const info = tx?.inMessage?.info;
  const flags =
    info?.type === 'internal' ? { bounce: info.bounce, bounced: info.bounced } : { bounce: false, bounced: false };
  return {
    inMsg: t.inMsg ? messageOf(t.inMsg, flags) : null,
    type: tx ? TYPES[tx.description.type] : 'unknown',
    verdict: tx ? verdictOf(tx.description) : null,
  };
}

function messageOf(m: V2Message, flags: { bounce: boolean; bounced: boolean }): MessageView {
  const body = m.body ? readBody(m.body) : { opcode: null, comment: null };
  return {
    hash: m.hash ?? '',
    // v2 prints an external source as an empty address
    source: m.source ? (rawAddressOrNull(m.source) ?? m.source) : null,
    destination: m.destination ? (rawAddressOrNull(m.destination) ?? m.destination) : null,
    value: m.value,
    opcode: body.opcode,
    comment: body.comment,
    ...flags,
    fwdFee: m.fwdFee,
    ihrFee: m.ihrFee,
  };
}

/** The opcode (signed 32-bit, as the v3 API prints it) and, for opcode 0, the text comment. */
export function readBody(boc: string): { opcode: number | null; comment: string | null } {
  try {
    const body = Cell.fromBase64(boc);
    const s = body.beginParse(true);
    if (s.remainingBits < 32) return { opcode: null, comment: null };
    const opcode = s.loadUint(32) | 0;
    // null for a body that is not UTF-8 text (a binary payload that starts with zeros)
    return { opcode, comment: opcode === 0 ? decodeTextComment(body) : null };
  } catch {
    return { opcode: null, comment: null };
  }
}

/** The verdict of an ordinary or tick-tock transaction's phases, judged as txViewOf judges a v3 record. */
function verdictOf(d: TransactionDescription): TxVerdict | null {
  if (d.type !== 'generic' && d.type !== 'tick-tock') return null;
  const compute = d.computePhase;
  const action = d.actionPhase ?? null;
  const skipped = compute.type === 'skipped';
  return {
    aborted: d.aborted,
    computeSkipped: skipped,
    // @ton/core says `no-state`, v3 `no_state`
    computeSkipReason: skipped ? compute.reason.replace(/-/g, '_') : null,
    exitCode: skipped ? null : compute.exitCode,
    actionResultCode: action?.resultCode ?? null,
    // a skipped compute phase is the receiver's failure
    success: !d.aborted && !skipped && compute.success && (action === null || action.success),
    interfaces: [],
  };
}
