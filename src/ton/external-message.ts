import { Cell, loadMessage, type Address, type Message } from '@ton/core';
import { toRaw } from './address';
import { base64ToBytes } from './bytes';
import { TonInputError } from './errors';
import { normalizedExternalHash } from './normalized-hash';

/**
 * The network's bounds on an incoming external message, as mainnet's config (parameter 43,
 * `size_limits_config`) sets them and a lite-server checks them before it broadcasts: the BOC's
 * bytes (`max_ext_msg_size`), its depth (`max_ext_msg_depth`) and its cells (`max_msg_cells`).
 */
export const EXTERNAL_MESSAGE_LIMITS = { bytes: 65_535, depth: 512, cells: 8_192 } as const;

/** An external-in message as the network would take it, read from the BOC a client sent. */
export interface ExternalMessage {
  /** The message cell, delivered as it is (its hash is the one the ledger shows). */
  cell: Cell;
  message: Message;
  dest: Address;
  /** The destination, raw form. */
  account: string;
  hash: Buffer;
  /** TEP-467's normalized hash. */
  hashNorm: Buffer;
  /** The BOC's bytes. */
  boc: Buffer;
}

/** A BOC that is not an external message the network would take; the message names what is wrong. */
export class MessageInputError extends TonInputError {}

function countCells(root: Cell, max: number): number {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const c = stack.pop()!;
    const key = c.hash().toString('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > max) break;
    stack.push(...c.refs);
  }
  return seen.size;
}

/**
 * Reads a client's BOC (base64 or base64url, as TON Center takes it) as one external-in message to
 * the basechain or the masterchain, within the network's size bounds. Anything else is refused
 * with a MessageInputError saying what it is instead.
 */
export function readExternalMessage(text: string): ExternalMessage {
  const trimmed = text.trim();
  if (trimmed === '') throw new MessageInputError('boc: the message is empty; send the BOC in base64');
  // a text that long decodes past the limit: refused before it is decoded
  if (trimmed.length > Math.ceil((EXTERNAL_MESSAGE_LIMITS.bytes * 4) / 3) + 4)
    throw new MessageInputError(
      `boc: about ${Math.floor((trimmed.length * 3) / 4)} bytes, over the network's limit of ${EXTERNAL_MESSAGE_LIMITS.bytes} for an external message`,
    );
  const bytes = base64ToBytes(trimmed);
  if (!bytes) throw new MessageInputError('boc: not base64; send the message BOC in base64 (or base64url)');
  const boc = Buffer.from(bytes);
  if (boc.length > EXTERNAL_MESSAGE_LIMITS.bytes)
    throw new MessageInputError(
      `boc: ${boc.length} bytes, over the network's limit of ${EXTERNAL_MESSAGE_LIMITS.bytes} for an external message`,
    );
  let roots: Cell[];
  try {
    roots = Cell.fromBoc(boc);
  } catch (error) {
    throw new MessageInputError(`boc: not a bag of cells (${(error as Error).message})`);
  }
  if (roots.length !== 1) throw new MessageInputError(`boc: a message is one root cell, this BOC has ${roots.length}`);
  const cell = roots[0]!;
  if (cell.depth() > EXTERNAL_MESSAGE_LIMITS.depth)
    throw new MessageInputError(
      `boc: the message is ${cell.depth()} cells deep, over the network's limit of ${EXTERNAL_MESSAGE_LIMITS.depth}`,
    );
  const cells = countCells(cell, EXTERNAL_MESSAGE_LIMITS.cells);
  if (cells > EXTERNAL_MESSAGE_LIMITS.cells)
    throw new MessageInputError(
      `boc: the message has over ${EXTERNAL_MESSAGE_LIMITS.cells} cells, the network's limit for a message`,
    );
  let message: Message;
  try {
    // an inline body is the rest of the cell: whatever follows the header is the body
    message = loadMessage(cell.beginParse());
  } catch (error) {
    throw new MessageInputError(`boc: not a message (${(error as Error).message})`);
  }
  if (message.info.type === 'internal')
    throw new MessageInputError(
      'boc: an internal message; only external messages can be sent to the network (an internal one comes from a contract)',
    );
  if (message.info.type === 'external-out')
    throw new MessageInputError('boc: an external-out message (a contract sends those); send an external-in message');
  const dest = message.info.dest;
  if (dest.workChain !== 0 && dest.workChain !== -1)
    throw new MessageInputError(`boc: the destination is in workchain ${dest.workChain}; this network has -1 and 0`);
  return {
    cell,
    message,
    dest,
    account: toRaw(dest),
    hash: cell.hash(),
    hashNorm: normalizedExternalHash(cell),
    boc,
  };
}
