// Must come first: it gives @ton/core the Buffer global it needs in the browser.
import '../../lib/buffer-global';
import { Address, beginCell, Cell } from '@ton/core';
import { rawAddressOrNull } from '../../../ton/address-forms';
import type { CellAddress } from './get-methods';

// Loaded only when the Methods panel runs a call: @ton/core comes with this chunk, never with the
// account page's own bundle or the home page's.

/** An address written into a slice, as a get method takes it (`MsgAddressInt`), as a base64 BOC. */
export function addressSliceBoc(raw: string): string {
  return beginCell().storeAddress(Address.parse(raw)).endCell().toBoc().toString('base64');
}

/** The one root cell of a base64 BOC, or null. */
function rootOf(boc: string): Cell | null {
  try {
    const cells = Cell.fromBoc(Buffer.from(boc, 'base64'));
    return cells.length === 1 ? cells[0]! : null;
  } catch {
    return null;
  }
}

/** Whether a base64 BOC argument is one cell the API can send on. */
export const isOneCell = (boc: string): boolean => rootOf(boc) !== null;

/** The address a cell or slice holds when it holds exactly one (`addr_std`), `'none'` for `addr_none`. */
export function readAddress(boc: string): CellAddress {
  const cell = rootOf(boc);
  if (!cell) return null;
  const s = cell.beginParse();
  if (s.remainingRefs !== 0) return null;
  if (s.remainingBits === 2 && s.preloadUint(2) === 0) return 'none';
  // addr_std without anycast: tag 10, anycast 0, workchain int8, 256-bit account id
  if (s.remainingBits !== 267 || s.preloadUint(3) !== 0b100) return null;
  try {
    const raw = rawAddressOrNull(s.loadAddress().toRawString());
    return raw ? { raw } : null;
  } catch {
    return null;
  }
}
