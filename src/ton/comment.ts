import { beginCell, type Cell } from '@ton/core';

/**
 * A text comment is a body whose first 32 bits are zero, followed by UTF-8 text stored as a
 * "snake": the bytes of the cell, continued in its first reference, and so on.
 */
export function decodeTextComment(body: Cell): string | null {
  const slice = body.beginParse(true);
  if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
  const bytes: Buffer[] = [];
  let current = slice;
  for (;;) {
    if (current.remainingBits % 8 !== 0) return null;
    bytes.push(current.loadBuffer(current.remainingBits / 8));
    if (current.remainingRefs === 0) break;
    current = current.loadRef().beginParse(true);
  }
  const raw = Buffer.concat(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return null;
  }
}

export function commentCell(text: string): Cell {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell();
}
