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
  throw new TonInputError('not an opcode: expected 0x followed by 1 to 8 hex digits, or a signed 32-bit decimal integer');
}

/** Reinterprets an unsigned 32-bit value as the signed value the API prints. */
export function toSignedOpcode(u32: number): number {
  return u32 | 0;
}

/** `0x7362d09c` form, eight lower-case hex digits. */
export function opcodeToHex(op: number): string {
  return '0x' + (op >>> 0).toString(16).padStart(8, '0');
}
