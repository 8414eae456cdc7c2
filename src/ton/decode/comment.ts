import type { Cell, Slice } from '@ton/core';
import { decodeTextComment } from '../comment';
import type { DecodedBody } from './decoded';

/** `text_comment#00000000 text:SnakeString`: null when the bytes are not UTF-8. */
export function readTextComment(body: Cell): DecodedBody | null {
  const comment = decodeTextComment(body);
  return comment === null ? null : { type: 'text_comment', comment };
}

/**
 * `encrypted_text_comment#2167da4b`: the sender's public-key hash and the ciphertext follow as a
 * snake of bytes; we show the bytes, since only the receiver can read them.
 */
export function readEncryptedComment(slice: Slice): DecodedBody {
  const parts: Buffer[] = [];
  let current = slice;
  for (;;) {
    if (current.remainingBits % 8 !== 0) throw new Error('encrypted comment is not whole bytes');
    parts.push(current.loadBuffer(current.remainingBits / 8));
    if (current.remainingRefs === 0) break;
    current = current.loadRef().beginParse();
  }
  return { type: 'encrypted_text_comment', data: { cipher_text: Buffer.concat(parts).toString('hex').toUpperCase() } };
}
