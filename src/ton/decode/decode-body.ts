import { Cell, type Slice } from '@ton/core';
import { readEncryptedComment, readTextComment } from './comment';
import type { BodyReader, DecodedBody, NestedDecoder, Payload } from './decoded';
import {
  readExcess,
  readJettonBurn,
  readJettonBurnNotification,
  readJettonInternalTransfer,
  readJettonMint,
  readJettonNotify,
  readJettonTransfer,
} from './jetton';
import { readForwardChain, readForwardFan, readThrowExit } from './ledger-contracts';
import {
  readGetStaticData,
  readNftDeploy,
  readNftItemInit,
  readNftOwnershipAssigned,
  readNftTransfer,
  readReportStaticData,
} from './nft';
import { readWalletV4, readWalletV5Extension, readWalletV5Signed } from './wallet';
import { STANDARD_OPCODES, type StandardOpcodeType } from '../opcode';

/** A standard (TEP-74/TEP-62) body: its opcode from the shared table, its type name the table's key. */
const standard = (type: StandardOpcodeType, read: BodyReader): [number, { type: string; read: BodyReader }] => [
  STANDARD_OPCODES[type],
  { type, read },
];

/** Every body the decoder knows, by its opcode (unsigned 32-bit), with the type name it yields. */
const READERS = new Map<number, { type: string; read: BodyReader }>([
  standard('jetton_transfer', readJettonTransfer),
  standard('jetton_internal_transfer', readJettonInternalTransfer),
  standard('jetton_notify', readJettonNotify),
  standard('excess', readExcess),
  standard('jetton_burn', readJettonBurn),
  standard('jetton_burn_notification', readJettonBurnNotification),
  standard('jetton_mint', readJettonMint),
  standard('nft_transfer', readNftTransfer),
  standard('nft_ownership_assigned', readNftOwnershipAssigned),
  standard('get_static_data', readGetStaticData),
  standard('report_static_data', readReportStaticData),
  [0x00000001, { type: 'nft_deploy', read: readNftDeploy }],
  [0x2167da4b, { type: 'encrypted_text_comment', read: readEncryptedComment }],
  [0x7369676e, { type: 'w5_external_signed_request', read: readWalletV5Signed('w5_external_signed_request') }],
  [0x73696e74, { type: 'w5_internal_signed_request', read: readWalletV5Signed('w5_internal_signed_request') }],
  [0x6578746e, { type: 'w5_extension_action_request', read: readWalletV5Extension }],
  [0x7468726f, { type: 'throw_exit', read: readThrowExit }],
  [0x63686e31, { type: 'forward_chain', read: readForwardChain }],
  [0x66616e31, { type: 'forward_fan', read: readForwardFan }],
]);

const BOUNCE = 0xffffffff;

/** The type name a body with this opcode decodes to (unsigned or signed 32-bit), or null. */
export function typeOfOpcode(opcode: number): string | null {
  const u = opcode >>> 0;
  if (u === 0) return 'text_comment';
  if (u === BOUNCE) return 'bounce';
  return READERS.get(u)?.type ?? null;
}

/** Nested payloads deeper than this stay raw: a hostile body could nest cells 1,000 deep. */
const MAX_DEPTH = 8;

/**
 * A bounced message's body is 0xffffffff followed by the first 256 bits of the body that bounced
 * (no references): enough for the opcode, the query id and, for jetton messages, the amount the
 * sending wallet takes back.
 */
function readBounce(s: Slice): DecodedBody {
  const data: Record<string, unknown> = { original_opcode: null, original_type: null };
  if (s.remainingBits >= 32) {
    const op = s.loadUint(32);
    data.original_opcode = op | 0;
    data.original_type = typeOfOpcode(op);
    if (s.remainingBits >= 64 && op !== 0) data.query_id = s.loadUintBig(64).toString();
    if ((op === 0x178d4519 || op === 0x7bdd97de || op === 0x0f8a7ea5) && s.remainingBits >= 4) {
      try {
        data.amount = s.loadCoins().toString();
      } catch {
        // the amount was cut by the 256-bit limit of the bounce: leave it out
      }
    }
  }
  return { type: 'bounce', data };
}

export interface DecodeOptions {
  /** The message carries a state init: bodies without an opcode that deploys send are tried too. */
  deploys?: boolean;
}

function decodeAt(body: Cell, depth: number, opts: DecodeOptions = {}): DecodedBody | null {
  if (depth > MAX_DEPTH) return null;
  const nested: NestedDecoder = (cell) => payloadAt(cell, depth + 1);
  try {
    const s = body.beginParse(true);
    if (s.remainingBits < 32) return null;
    const op = s.loadUint(32);
    if (op === 0) return readTextComment(body);
    if (op === BOUNCE) return readBounce(s);
    const known = READERS.get(op);
    if (known) return known.read(s, nested);
    // no known opcode: a v4 wallet's external, which begins with its signature, or the first
    // message of an NFT item, which begins with its owner's address
    return (
      readWalletV4(body.beginParse(true), nested) ??
      (opts.deploys ? readNftItemInit(body.beginParse(true), nested) : null)
    );
  } catch {
    // a truncated or malformed body: undecodable, never an error
    return null;
  }
}

function payloadAt(cell: Cell, depth: number): Payload {
  return { boc: cell.toBoc().toString('base64'), decoded: decodeAt(cell, depth) };
}

/** A message body decoded, or `null` when it is empty, unknown, truncated or malformed. */
export function decodeBody(body: Cell, opts: DecodeOptions = {}): DecodedBody | null {
  return decodeAt(body, 0, opts);
}

/** The same from the body's BOC in base64 (as the API sends it); `null` for a BOC that does not parse. */
export function decodeBodyBoc(boc: string, opts: DecodeOptions = {}): DecodedBody | null {
  let cell: Cell;
  try {
    const cells = Cell.fromBoc(Buffer.from(boc, 'base64'));
    if (cells.length !== 1) return null;
    cell = cells[0]!;
  } catch {
    return null;
  }
  return decodeBody(cell, opts);
}
