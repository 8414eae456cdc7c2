import { Address, beginCell, type Cell, ExternalAddress, type Slice } from '@ton/core';
import { toRaw } from '../address';

/**
 * A decoded message body, in TON Center's shape of `message_content.decoded`: `{type, comment}` for
 * a text comment, `{type, data}` for everything else. Types are the TL-B constructor names TON
 * Center uses (`jetton_transfer`, `excess`, ...); amounts are decimal strings, addresses the raw
 * `0:ABC…` form (upper-case hex), `null` where TL-B has `addr_none` or `Nothing`.
 */
export type DecodedBody = { type: 'text_comment'; comment: string } | { type: string; data: Record<string, unknown> };

/**
 * A cell carried inside a body (a forward payload, a custom payload, a wallet's inner message): its
 * BOC, always, and its decoding when the decoder knows it.
 */
export interface Payload {
  boc: string;
  decoded: DecodedBody | null;
}

/** Decodes a nested cell; the families receive it from the dispatcher (no import cycle). */
export type NestedDecoder = (cell: Cell) => Payload;

/** Reads one body, already past its 32-bit opcode; throws on any truncation or bad layout. */
export type BodyReader = (slice: Slice, nested: NestedDecoder) => DecodedBody;

/** An address field (MsgAddress) as the API prints it: raw for internal, `null` for addr_none. */
export function loadAddressField(slice: Slice): string | null {
  const a = slice.loadAddressAny();
  if (a === null) return null;
  if (a instanceof Address) return toRaw(a);
  if (a instanceof ExternalAddress) return a.toString();
  return null;
}

export function loadCoinsField(slice: Slice): string {
  return slice.loadCoins().toString();
}

export function loadQueryId(slice: Slice): string {
  return slice.loadUintBig(64).toString();
}

/** `Maybe ^Cell`: the referenced cell or null. */
export function loadMaybeRefPayload(slice: Slice, nested: NestedDecoder): Payload | null {
  const cell = slice.loadMaybeRef();
  return cell ? nested(cell) : null;
}

/**
 * `Either Cell ^Cell`, the forward payload of TEP-74 and TEP-62: bit 0 means the payload is the
 * rest of this cell, bit 1 that it is the next reference. An empty inline payload is `null`, and so
 * is a body that ends where the bit should be (some contracts leave the bit out when there is no
 * payload; TON Center reads those too).
 */
export function loadEitherPayload(slice: Slice, nested: NestedDecoder): Payload | null {
  if (slice.remainingBits === 0 && slice.remainingRefs === 0) return null;
  if (slice.loadBit()) return nested(slice.loadRef());
  if (slice.remainingBits === 0 && slice.remainingRefs === 0) return null;
  const rest = beginCell().storeSlice(slice).endCell();
  return nested(rest);
}

/** Bits as upper-case hex (signatures, public keys). */
export function loadHex(slice: Slice, bits: number): string {
  return slice
    .loadBuffer(bits / 8)
    .toString('hex')
    .toUpperCase();
}
