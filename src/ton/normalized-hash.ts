import { beginCell, loadMessage, type Cell } from '@ton/core';
import { TonInputError } from './errors';

/**
 * TEP-467: wallets and tools may serialize "the same" external-in message differently (a source
 * address, an import fee, an init, the body inline or in a reference), which changes its hash. The
 * normalized hash is the hash of the canonical form: `ext_in_msg_info` with source `addr_none`,
 * import fee 0, no init, and the body always stored as a reference.
 */
export function normalizedExternalHash(message: Cell): Buffer {
  const parsed = loadMessage(message.beginParse());
  if (parsed.info.type !== 'external-in') {
    throw new TonInputError('only an external-in message has a normalized hash');
  }
  const canonical = beginCell()
    .storeUint(0b10, 2) // ext_in_msg_info$10
    .storeUint(0b00, 2) // src: addr_none$00
    .storeAddress(parsed.info.dest)
    .storeCoins(0) // import_fee
    .storeBit(false) // init: nothing
    .storeBit(true) // body: right (a reference)
    .storeRef(parsed.body)
    .endCell();
  return canonical.hash();
}
