import { hashHex } from '../../ton/hash';
import { parseAddressParts, rawOfParts } from '../../ton/address-forms';
import { parseShard, shardFromUnsignedHex } from '../../ton/shard';

/** What a search box input can be, before asking the API which object it names. */
export type SearchInput =
  | { kind: 'hash'; hex: string }
  | { kind: 'address'; raw: string }
  | { kind: 'mc-seqno'; seqno: number }
  | { kind: 'block'; workchain: number; shard: string; seqno: number }
  | { kind: 'symbol'; text: string }
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string };

const SEQNO = /^\d{1,10}$/;
/** The longest symbol or name searched (the API's `jetton/search` takes 64 characters). */
const SYMBOL_MAX_CHARS = 64;
const BLOCK = /^\(?\s*(-?\d+)\s*[:,]\s*(-?\d+|[0-9a-fA-F]{16})\s*[:,]\s*(\d{1,10})\s*\)?$/;

/**
 * Classifies a search. A 64-hex or 44-base64 string is a hash (of a transaction, message or
 * trace: only the API knows which); a 48-character user-friendly string is an address, as is
 * `wc:64hex`; a bare number is a masterchain seqno; `wc:shard:seqno` is a block, the shard as
 * signed decimal or as TON Center's 16-hex-digit unsigned form (`0:8000000000000000:12`). Any
 * other short text is a jetton's symbol or name to look for.
 */
export function parseSearchInput(input: string): SearchInput {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (SEQNO.test(text)) {
    const seqno = Number(text);
    if (seqno > 0xffffffff) return { kind: 'invalid', message: `seqno ${text} is beyond 2^32 - 1` };
    return { kind: 'mc-seqno', seqno };
  }
  if (/^\d+$/.test(text)) return { kind: 'invalid', message: `seqno ${text} is beyond 2^32 - 1` };
  const block = BLOCK.exec(text);
  if (block) {
    const workchain = Number(block[1]);
    if (workchain !== 0 && workchain !== -1)
      return { kind: 'invalid', message: `workchain ${workchain} does not exist: only -1 and 0` };
    let shard: bigint;
    try {
      // Exactly 16 unsigned digits is TON Center's hex form (it always pads to 16), even when all
      // of them happen to be decimal digits; the signed decimal form is otherwise 1..20 digits.
      shard = /^[0-9a-fA-F]{16}$/.test(block[2]!) ? shardFromUnsignedHex(block[2]!) : parseShard(block[2]!);
    } catch (e) {
      return { kind: 'invalid', message: (e as Error).message };
    }
    return { kind: 'block', workchain, shard: shard.toString(), seqno: Number(block[3]) };
  }
  const hex = hashHex(text);
  if (hex !== null) return { kind: 'hash', hex };
  let addressError: string;
  try {
    return { kind: 'address', raw: rawOfParts(parseAddressParts(text)) };
  } catch (e) {
    addressError = (e as Error).message;
  }
  if (/^-?\d+:/.test(text) || text.length === 48) return { kind: 'invalid', message: addressError };
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if ([...text].length <= SYMBOL_MAX_CHARS && !/[\u0000-\u001f\u007f]/.test(text)) return { kind: 'symbol', text };
  return {
    kind: 'invalid',
    message:
      'not recognised: enter a transaction, message or trace hash, an address, a masterchain seqno, a block id workchain:shard:seqno or a jetton symbol',
  };
}
