// What a person pastes on the emulation page, read as the network reads an external message: a BOC
// in base64 (or base64url) or in hex, one external-in message within the network's bounds. Every
// refusal says what the text is instead (not base64 or hex, not a bag of cells, an internal
// message...), in src/ton's words, before anything is asked of the API.
import '../../lib/buffer-global';
import { beginCell, Cell, external, loadStateInit, storeMessage, Address } from '@ton/core';
import { bytesToBase64 } from '../../../ton/bytes';
import { MessageInputError, readExternalMessage } from '../../../ton/external-message';

export type MessageInput = { ok: true; boc: string; account: string; hash: string } | { ok: false; reason: string };

const HEX = /^(?:0x)?([0-9a-fA-F]+)$/;

/** A hex BOC is told from base64 by its alphabet and its magic (b5ee9c72, every serialized BOC's first bytes). */
function hexToBase64(text: string): string | null {
  const m = HEX.exec(text);
  if (!m || m[1]!.length % 2 !== 0 || !/^b5ee9c72/i.test(m[1]!)) return null;
  const bytes = new Uint8Array(m[1]!.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(m[1]!.slice(i * 2, i * 2 + 2), 16);
  return bytesToBase64(bytes);
}

export function readMessageInput(text: string): MessageInput {
  const trimmed = text.replace(/\s+/g, '');
  const base64 = hexToBase64(trimmed) ?? trimmed;
  try {
    const m = readExternalMessage(base64);
    return { ok: true, boc: m.boc.toString('base64'), account: m.account, hash: m.hash.toString('base64') };
  } catch (error) {
    if (error instanceof MessageInputError) {
      // the hex alphabet is in base64's: a hex text that was not a BOC fails as base64 does, said so
      const hexish = HEX.test(trimmed) ? ' (read as base64: as hex it is not a BOC, which starts b5ee9c72)' : '';
      return { ok: false, reason: `${error.message}${hexish}` };
    }
    throw error;
  }
}

/**
 * An external message rebuilt from what the API says of it (its destination, body and state init):
 * "emulate again" from a transaction's or a message's page, which the API shows by its parts, not
 * by its BOC. The body and init go as the network's serializer puts them (in a reference when they
 * do not fit), so the rebuilt message's hash can differ from the original's; its effect cannot.
 */
export function rebuildExternalMessage(m: { destination: string; body: string | null; init: string | null }): string {
  const cell = beginCell()
    .store(
      storeMessage(
        external({
          to: Address.parse(m.destination),
          body: m.body ? Cell.fromBase64(m.body) : Cell.EMPTY,
          init: m.init ? loadStateInit(Cell.fromBase64(m.init).beginParse()) : undefined,
        }),
      ),
    )
    .endCell();
  return cell.toBoc().toString('base64');
}
