import { loadMessageRelaxed, loadOutList, type MessageRelaxed, type OutAction, type Slice } from '@ton/core';
import { toRaw } from '../address';
import { stateInitView } from './state-init';
import { loadAddressField, loadHex, loadQueryId, type DecodedBody, type NestedDecoder } from './decoded';

// Wallet bodies: what a wallet's owner signs. v4r2's external has no opcode (it starts with the
// signature); v5r1's start with one. Each carries the messages the wallet will send, and those are
// decoded in turn, so a jetton transfer inside a wallet's message reads as one.

/** An inner message (`MessageRelaxed`): its header, its state init, its body decoded. */
function messageView(m: MessageRelaxed, nested: NestedDecoder): Record<string, unknown> {
  const init = m.init ? stateInitView(m.init) : null;
  const body = nested(m.body);
  if (m.info.type === 'internal') {
    return {
      type: 'internal',
      destination: toRaw(m.info.dest),
      value: m.info.value.coins.toString(),
      bounce: m.info.bounce,
      init,
      body,
    };
  }
  return { type: 'external_out', destination: m.info.dest ? m.info.dest.toString() : null, init, body };
}

function actionView(action: OutAction, nested: NestedDecoder): Record<string, unknown> {
  switch (action.type) {
    case 'sendMsg':
      return { type: 'action_send_msg', mode: action.mode, message: messageView(action.outMsg, nested) };
    case 'setCode':
      return { type: 'action_set_code', new_code_hash: action.newCode.hash().toString('base64') };
    case 'reserve':
      return { type: 'action_reserve_currency', mode: action.mode, amount: action.currency.coins.toString() };
    case 'changeLibrary':
      return { type: 'action_change_library', mode: action.mode };
  }
}

/**
 * wallet v4r2, `wallet_signed_v4`: signature:bits512 subwallet_id:uint32 valid_until:uint32
 * msg_seqno:uint32 op:uint8, then for op 0 (simple_send) one `mode:uint8` per message and the
 * messages as references. Nothing may be left over: without an opcode, only an exact fit tells a
 * v4 body from any other bytes.
 */
export function readWalletV4(s: Slice, nested: NestedDecoder): DecodedBody | null {
  if (s.remainingBits < 512 + 32 * 3 + 8) return null;
  const signature = loadHex(s, 512);
  const subwallet_id = s.loadUint(32);
  const valid_until = s.loadUint(32);
  const msg_seqno = s.loadUint(32);
  const op = s.loadUint(8);
  if (op !== 0) return null;
  const messages: Record<string, unknown>[] = [];
  while (s.remainingBits >= 8 && s.remainingRefs > 0) {
    const mode = s.loadUint(8);
    // an inline body is the rest of the cell (@ton/core takes it without advancing the slice)
    const message = loadMessageRelaxed(s.loadRef().beginParse());
    messages.push({ mode, message: messageView(message, nested) });
  }
  if (s.remainingBits !== 0 || s.remainingRefs !== 0 || messages.length > 4) return null;
  return {
    type: 'wallet_signed_v4',
    data: { signature, subwallet_id, valid_until, msg_seqno, op: 'simple_send', messages },
  };
}

function extendedAction(s: Slice): Record<string, unknown> {
  const tag = s.loadUint(8);
  if (tag === 2) return { type: 'add_extension', addr: loadAddressField(s) };
  if (tag === 3) return { type: 'delete_extension', addr: loadAddressField(s) };
  if (tag === 4) return { type: 'set_signature_auth_allowed', allowed: s.loadBit() };
  throw new Error(`unknown v5 extended action ${tag}`);
}

/**
 * `W5ExtendedActionList`: the first action inline (in the request's own cell, before the
 * signature), each further one a reference down; a cell with no reference left ends the list.
 */
function extendedActions(s: Slice): Record<string, unknown>[] {
  const out = [extendedAction(s)];
  let next = s.remainingRefs > 0 ? s.loadRef() : null;
  while (next) {
    const c = next.beginParse();
    out.push(extendedAction(c));
    next = c.remainingRefs > 0 ? c.loadRef() : null;
    if (c.remainingBits !== 0) throw new Error('trailing bits in a v5 extended action');
  }
  return out;
}

/** `W5InnerRequest`: `out_actions:(Maybe ^OutList)` then `extended_actions:(Maybe W5ExtendedActionList)`. */
function innerRequest(s: Slice, nested: NestedDecoder): Record<string, unknown> {
  const out = s.loadBit() ? loadOutList(s.loadRef().beginParse()).map((a) => actionView(a, nested)) : [];
  const extended = s.loadBit() ? extendedActions(s) : [];
  return { out_actions: out, extended_actions: extended };
}

/**
 * wallet v5r1 signed requests, `w5_external_signed_request#7369676e` and
 * `w5_internal_signed_request#73696e74`: wallet_id valid_until msg_seqno inner, then the signature
 * at the end (v5 signs everything before it).
 */
export function readWalletV5Signed(type: 'w5_external_signed_request' | 'w5_internal_signed_request') {
  return (s: Slice, nested: NestedDecoder): DecodedBody => {
    const wallet_id = s.loadUint(32);
    const valid_until = s.loadUint(32);
    const msg_seqno = s.loadUint(32);
    const inner = innerRequest(s, nested);
    const signature = loadHex(s, 512);
    if (s.remainingBits !== 0) throw new Error('trailing bits after a v5 signature');
    return { type, data: { wallet_id, valid_until, msg_seqno, ...inner, signature } };
  };
}

/** `w5_extension_action_request#6578746e query_id inner`: an installed extension asks the wallet to act. */
export function readWalletV5Extension(s: Slice, nested: NestedDecoder): DecodedBody {
  return { type: 'w5_extension_action_request', data: { query_id: loadQueryId(s), ...innerRequest(s, nested) } };
}
