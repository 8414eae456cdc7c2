import type { V2Message, V2Transaction } from '../../../api/model';
import { parseBoc, Slice, type Cell } from '../../lib/boc-lite';
import type { MessageView, TxVerdict } from '../trace-graph/trace-model';
import { rawAddressLite } from '../../lib/ton-lite';

/**
 * What the transaction lists show (inbound message, verdict of the phases), read from a v2
 * transaction. v2 carries neither the phases nor the message flags as fields: they are in the
 * transaction's own BOC (`data`), which is read here along the TL-B of block.tlb.
 */
export interface V2TxSummary {
  inMsg: MessageView | null;
  /** `ord`, `tick_tock`, … as v3's description.type names them. */
  type: string;
  /** null for the kinds whose phases are not read here (storage, split and merge). */
  verdict: TxVerdict | null;
}

export function summarizeV2Transaction(t: V2Transaction): V2TxSummary {
  let cell: Cell | null = null;
  try {
    cell = parseBoc(t.data);
  } catch {
    /* an unreadable BOC: the message fields v2 sends as JSON still show */
  }
  const read = cell ? readTransaction(cell) : null;
  return {
    inMsg: t.inMsg ? messageOf(t.inMsg, read?.inBounced ?? false, read?.inBounce ?? false) : null,
    type: read?.type ?? 'unknown',
    verdict: read?.verdict ?? null,
  };
}

function messageOf(m: V2Message, bounced: boolean, bounce: boolean): MessageView {
  const body = m.body ? readBody(m.body) : { opcode: null, comment: null };
  return {
    hash: m.hash ?? '',
    // v2 prints an external source as an empty address
    source: m.source ? rawAddressLite(m.source) ?? m.source : null,
    destination: m.destination ? rawAddressLite(m.destination) ?? m.destination : null,
    value: m.value,
    opcode: body.opcode,
    comment: body.comment,
    bounce,
    bounced,
    fwdFee: m.fwdFee,
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The opcode (signed 32-bit, as the v3 API prints it) and, for opcode 0, the text comment. */
export function readBody(boc: string): { opcode: number | null; comment: string | null } {
  try {
    const s = new Slice(parseBoc(boc));
    if (s.bitsLeft < 32) return { opcode: null, comment: null };
    const opcode = s.int(32);
    if (opcode !== 0) return { opcode, comment: null };
    try {
      return { opcode, comment: utf8.decode(s.snakeBytes()) };
    } catch {
      return { opcode, comment: null }; // not UTF-8: a binary body that starts with zeros
    }
  } catch {
    return { opcode: null, comment: null };
  }
}

const DESCRIPTION_TYPES: Array<[tag: string, type: string]> = [
  ['0000', 'ord'],
  ['0001', 'storage'],
  ['001', 'tick_tock'],
  ['0100', 'split_prepare'],
  ['0101', 'split_install'],
  ['0110', 'merge_prepare'],
  ['0111', 'merge_install'],
];

const SKIP_REASONS: Array<[tag: string, reason: string]> = [
  ['00', 'no_state'],
  ['01', 'bad_state'],
  ['10', 'no_gas'],
  ['110', 'suspended'],
];

function readTransaction(cell: Cell): { type: string; verdict: TxVerdict | null; inBounced: boolean; inBounce: boolean } | null {
  try {
    // transaction$0111 …: the messages are its first ref, the description its last
    const msgs = new Slice(cell.refs[0]!);
    let inBounce = false;
    let inBounced = false;
    if (msgs.bit()) {
      const m = new Slice(msgs.loadRef());
      // int_msg_info$0 ihr_disabled:Bool bounce:Bool bounced:Bool …
      if (!m.bit()) {
        m.skip(1);
        inBounce = m.bit();
        inBounced = m.bit();
      }
    }
    const d = new Slice(cell.refs[cell.refs.length - 1]!);
    const type = tagged(d, DESCRIPTION_TYPES);
    if (type === 'ord') {
      d.skip(1); // credit_first
      if (d.bit()) storagePhase(d);
      if (d.bit()) {
        if (d.bit()) d.varUint(16); // due_fees_collected
        currency(d);
      }
    } else if (type === 'tick_tock') {
      d.skip(1); // is_tock
      storagePhase(d);
    } else {
      return { type: type ?? 'unknown', verdict: null, inBounced, inBounce };
    }
    const compute = computePhase(d);
    const action = d.bit() ? actionPhase(d.loadRef()) : null;
    const aborted = d.bit();
    const computeOk = compute.skipped ? false : compute.success;
    return {
      type,
      inBounced,
      inBounce,
      verdict: {
        aborted,
        computeSkipped: compute.skipped,
        computeSkipReason: compute.skipped ? compute.reason : null,
        exitCode: compute.skipped ? null : compute.exitCode,
        actionResultCode: action?.resultCode ?? null,
        // as txViewOf judges a v3 record: a skipped compute phase is the receiver's failure
        success: !aborted && computeOk && (action === null || action.success),
        interfaces: [],
      },
    };
  } catch {
    return null;
  }
}

function tagged(s: Slice, tags: Array<[string, string]>): string | null {
  let read = '';
  while (read.length < 4) {
    read += s.bit() ? '1' : '0';
    const hit = tags.find(([tag]) => tag === read);
    if (hit) return hit[1];
  }
  return null;
}

function currency(s: Slice): void {
  s.varUint(16);
  if (s.bit()) s.loadRef(); // extra currencies
}

function storagePhase(s: Slice): void {
  s.varUint(16); // storage_fees_collected
  if (s.bit()) s.varUint(16); // storage_fees_due
  if (s.bit()) s.skip(1); // status_change: unchanged$0, frozen$10, deleted$11
}

function computePhase(s: Slice): { skipped: true; reason: string } | { skipped: false; success: boolean; exitCode: number } {
  if (!s.bit()) return { skipped: true, reason: tagged(s, SKIP_REASONS) ?? 'unknown' };
  const success = s.bit();
  s.skip(2); // msg_state_used, account_activated
  s.varUint(16); // gas_fees
  const vm = new Slice(s.loadRef());
  vm.varUint(7); // gas_used
  vm.varUint(7); // gas_limit
  if (vm.bit()) vm.varUint(3); // gas_credit
  vm.skip(8); // mode
  return { skipped: false, success, exitCode: vm.int(32) };
}

function actionPhase(cell: Cell): { success: boolean; resultCode: number } {
  const s = new Slice(cell);
  const success = s.bit();
  s.skip(2); // valid, no_funds
  if (s.bit()) s.skip(1); // status_change
  if (s.bit()) s.varUint(16); // total_fwd_fees
  if (s.bit()) s.varUint(16); // total_action_fees
  return { success, resultCode: s.int(32) };
}
