import { TonInputError } from './errors';

const HEX = /^0[xX]([0-9a-fA-F]{1,8})$/;
const DECIMAL = /^-?\d{1,11}$/;

/**
 * An opcode is the first 32 bits of a message body. TON Center prints it as a signed 32-bit
 * integer (so `0xd53276db`, excesses, is -718113061); people write it in hex. A bare digit string
 * is always decimal here, never hex (`"10"` is ten).
 */
export function parseOpcode(input: string): number {
  const text = input.trim();
  const hex = HEX.exec(text);
  if (hex) return toSignedOpcode(parseInt(hex[1]!, 16));
  if (DECIMAL.test(text)) {
    const value = Number(text);
    if (value >= -0x80000000 && value <= 0x7fffffff) return value;
    throw new TonInputError(`opcode ${text} is outside the signed 32-bit range (-2147483648..2147483647)`);
  }
  throw new TonInputError(
    'not an opcode: expected 0x followed by 1 to 8 hex digits, or a signed 32-bit decimal integer',
  );
}

/** Reinterprets an unsigned 32-bit value as the signed value the API prints. */
export function toSignedOpcode(u32: number): number {
  return u32 | 0;
}

/** `0x7362d09c` form, eight lower-case hex digits. */
export function opcodeToHex(op: number): string {
  return '0x' + (op >>> 0).toString(16).padStart(8, '0');
}

/**
 * The TEP-74 (jetton) and TEP-62 (NFT) opcodes, by the type name the decoder (decode/) gives their
 * bodies: one table for the decoder and for the names the explorer prints.
 */
export const STANDARD_OPCODES = {
  jetton_transfer: 0x0f8a7ea5,
  jetton_internal_transfer: 0x178d4519,
  jetton_notify: 0x7362d09c,
  excess: 0xd53276db,
  jetton_burn: 0x595f07bc,
  jetton_burn_notification: 0x7bdd97de,
  jetton_mint: 0x642b7d07,
  nft_transfer: 0x5fcc3d14,
  nft_ownership_assigned: 0x05138d91,
  get_static_data: 0x2fcb26a2,
  report_static_data: 0x8b771735,
} as const;

export type StandardOpcodeType = keyof typeof STANDARD_OPCODES;

const STANDARD_NAMES = new Map<number, string>(
  Object.entries(STANDARD_OPCODES).map(([type, op]) => [
    op,
    type
      .split('_')
      .map((w) => (w === 'nft' ? 'NFT' : w[0]!.toUpperCase() + w.slice(1)))
      .join(' '),
  ]),
);

/** The name explorers print for a standard opcode (`Jetton Transfer`, `NFT Ownership Assigned`), signed or unsigned; null for others. */
export function standardOpcodeName(op: number): string | null {
  return STANDARD_NAMES.get(op >>> 0) ?? null;
}
