// What reading a cell by a contract's ABI gives, whichever language wrote the ABI (Tact's reader in
// tact-abi.ts, Tolk's in tolk-abi.ts): rows of fields, a struct's row before its own fields.

/** One decoded value; a struct's fields follow its own row, their paths under its path. */
export interface AbiField {
  /** `field`, `outer.inner` for a nested struct's fields, `list[0]` and `map[key]` for their items. */
  path: string;
  /** As the ABI says it: `uint32`, `coins`, `address?`, `cell`, `Point`, `map<address, int>`… */
  type: string;
  kind: 'int' | 'bool' | 'address' | 'cell' | 'string' | 'bytes' | 'map' | 'struct' | 'enum' | 'null';
  /**
   * Decimal for numbers, raw address (upper-case hex; an external one as @ton/core prints it),
   * base64 BOC for cells and maps, hex for bytes, the member's name and value for an enum, the
   * type (or the item count) for a struct, a tuple or a list.
   */
  value: string | null;
}

export interface AbiDecoded {
  type: string;
  /** For a contract's data: which of the language's layouts of it matched. */
  layout: string | null;
  fields: AbiField[];
}

export type AbiDecoding = AbiDecoded | { error: string };

/** A contract's ABI as read here: its message bodies and its storage. */
export interface CellAbi {
  /** The message type whose opcode (prefix) the body starts with, decoded; null when none has it. */
  decodeBody(body: import('@ton/core').Cell): AbiDecoding | null;
  /** The contract's data by its storage type; null when the ABI declares none. */
  decodeStorage(data: import('@ton/core').Cell): AbiDecoding | null;
  /** The contract's own name for an exit code it throws, when the ABI gives one. */
  thrownError(code: number): { name: string; description: string | null } | null;
}

/** A cell read wrong by the ABI: what was wrong, where. */
export class AbiError extends Error {}

/** A cell read as `what` must be read to its end: bits or references left mean it is not one. */
export function ensureEnd(s: import('@ton/core').Slice, what: string): void {
  if (s.remainingBits > 0 || s.remainingRefs > 0)
    throw new AbiError(`${s.remainingBits} bits and ${s.remainingRefs} references left after ${what}`);
}

/** A reading of a cell as `type`: the rows `read` gives, or what it threw, as the answer's error. */
export function attemptReading(type: string, layout: string | null, read: () => AbiField[]): AbiDecoding {
  try {
    return { type, layout, fields: read() };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
