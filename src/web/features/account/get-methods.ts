import { z } from 'zod/mini';
import type { StackArgument, StackEntry } from '../../../api/model';
import { parseAddressParts, rawOfParts } from '../../../ton/address-forms';
import { base64ToBytes } from '../../../ton/bytes';

// The Methods panel's pure part: the get methods a contract's interfaces are known to have, the
// arguments a reader types, and the result stack as the panel shows it. Reading addresses out of
// cells and writing addresses into them needs @ton/core, which ./stack-codec.ts brings in its own
// chunk (loaded when a method runs), so the account page's bundle stays without it.

/** What an argument is: an integer, an address (sent as a slice), or a cell (sent as its BOC). */
export type ArgKind = 'int' | 'address' | 'cell';

export interface MethodSpec {
  name: string;
  args: readonly { name: string; kind: ArgKind }[];
  /** What each entry of the result stack is, in order, where it is known. */
  returns?: readonly string[];
}

const WALLET: readonly MethodSpec[] = [
  { name: 'seqno', args: [], returns: ['seqno'] },
  { name: 'get_subwallet_id', args: [], returns: ['subwallet_id'] },
  { name: 'get_public_key', args: [], returns: ['public_key'] },
];

/** The get methods of each interface the API names (the address book's `interfaces`). */
export const INTERFACE_METHODS: Record<string, readonly MethodSpec[]> = {
  wallet_v3r2: WALLET,
  wallet_v4r2: [...WALLET, { name: 'get_plugin_list', args: [], returns: ['plugins'] }],
  wallet_v5r1: [...WALLET, { name: 'get_extensions', args: [], returns: ['extensions'] }],
  jetton_master: [
    {
      name: 'get_jetton_data',
      args: [],
      returns: ['total_supply', 'mintable', 'admin_address', 'jetton_content', 'jetton_wallet_code'],
    },
    {
      name: 'get_wallet_address',
      args: [{ name: 'owner_address', kind: 'address' }],
      returns: ['jetton_wallet_address'],
    },
  ],
  jetton_wallet: [{ name: 'get_wallet_data', args: [], returns: ['balance', 'owner', 'jetton', 'jetton_wallet_code'] }],
  nft_item: [
    { name: 'get_nft_data', args: [], returns: ['init?', 'index', 'collection_address', 'owner_address', 'content'] },
  ],
  nft_collection: [
    { name: 'get_collection_data', args: [], returns: ['next_item_index', 'collection_content', 'owner_address'] },
    { name: 'get_nft_address_by_index', args: [{ name: 'index', kind: 'int' }], returns: ['nft_address'] },
  ],
};

/** The known methods of a contract with these interfaces, each once, in the interfaces' order. */
export function knownMethods(interfaces: readonly string[] | null | undefined): MethodSpec[] {
  const seen = new Map<string, MethodSpec>();
  for (const i of interfaces ?? [])
    for (const m of INTERFACE_METHODS[i] ?? []) if (!seen.has(m.name)) seen.set(m.name, m);
  return [...seen.values()];
}

/** A method's spec by name, when some interface has it (its arguments' kinds are then checked). */
export function knownMethod(name: string): MethodSpec | undefined {
  for (const list of Object.values(INTERFACE_METHODS)) for (const m of list) if (m.name === name) return m;
  return undefined;
}

/** A get method's name as FunC and Tolk derive its id from it, or its numeric id. */
export function methodError(method: string): string | null {
  if (/^-?\d{1,10}$/.test(method) || /^[A-Za-z_][A-Za-z0-9_?!']{0,127}$/.test(method)) return null;
  return method.trim()
    ? `"${method}" is not a get method's name (letters, digits, _ ? ! ', not starting with a digit) or numeric id.`
    : 'Enter a get method’s name.';
}

/** An argument as typed and understood. */
export type ParsedArg =
  { kind: 'int'; value: bigint } | { kind: 'address'; raw: string } | { kind: 'cell'; boc: string };

const INT_MAX = 1n << 256n;
const BOC_MAGICS = ['b5ee9c72', '68ff65f3', 'acc3a728'];
const KIND_NAMES: Record<ArgKind, string> = { int: 'a number', address: 'an address', cell: 'a cell (base64 BOC)' };

/**
 * One argument as the reader typed it: a number in decimal or 0x hex (a TVM integer, 257 bits),
 * an address in any form, or a cell as its base64 BOC. `expected`, for a known method's argument,
 * is the kind it must be. A string is the message saying what is wrong.
 */
export function parseArg(input: string, expected?: ArgKind): ParsedArg | string {
  const text = input.trim();
  if (!text) return expected ? `Enter ${KIND_NAMES[expected]}.` : 'Empty: enter a number, an address or a base64 BOC.';
  let parsed: ParsedArg | null = null;
  if (/^-?(0x[0-9a-fA-F]+|\d+)$/i.test(text)) {
    const value = text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text);
    if (value >= INT_MAX || value < -INT_MAX) return `${text} does not fit a TVM integer (257 bits).`;
    parsed = { kind: 'int', value };
  } else {
    try {
      parsed = { kind: 'address', raw: rawOfParts(parseAddressParts(text)) };
    } catch {
      const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? base64ToBytes(text) : null;
      const magic =
        bytes && bytes.length >= 4
          ? [...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join('')
          : '';
      if (BOC_MAGICS.includes(magic)) parsed = { kind: 'cell', boc: text };
    }
  }
  if (!parsed)
    return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}" is neither a number (decimal or 0x hex), an address (raw 0:… or user-friendly), nor a base64 BOC.`;
  if (expected && parsed.kind !== expected) return `Expected ${KIND_NAMES[expected]}, got ${KIND_NAMES[parsed.kind]}.`;
  return parsed;
}

/** Every argument, or the message of each wrong one (by position). */
export function parseArgs(
  inputs: readonly string[],
  spec?: MethodSpec,
): { ok: true; args: ParsedArg[] } | { ok: false; errors: (string | null)[] } {
  const results = inputs.map((text, i) => parseArg(text, spec?.args[i]?.kind));
  const errors = results.map((r) => (typeof r === 'string' ? r : null));
  if (spec && inputs.length !== spec.args.length)
    return {
      ok: false,
      errors: spec.args.map((a, i) => errors[i] ?? (i >= inputs.length ? `Enter ${a.name}.` : null)),
    };
  return errors.some((e) => e !== null) ? { ok: false, errors } : { ok: true, args: results as ParsedArg[] };
}

/** An argument as the API takes it; an address is written into a slice by `toSliceBoc` (@ton/core). */
export function stackArgument(a: ParsedArg, toSliceBoc: (raw: string) => string): StackArgument {
  if (a.kind === 'int') return { type: 'num', value: a.value };
  if (a.kind === 'address') return { type: 'slice', boc: toSliceBoc(a.raw) };
  return { type: 'cell', boc: a.boc };
}

/** What a cell or slice holds, read by ./stack-codec.ts: an address, `addr_none`, or neither. */
export type CellAddress = { raw: string } | 'none' | null;

/** A stack entry as the panel shows it. */
export type ShownEntry =
  | { type: 'num'; decimal: string; hex: string }
  | { type: 'cell' | 'slice' | 'builder'; boc: string; address: CellAddress }
  | { type: 'null' }
  | { type: 'tuple' | 'list'; items: ShownEntry[] }
  | { type: 'unknown'; raw: string };

export const hexOf = (v: bigint) => (v < 0n ? `-0x${(-v).toString(16)}` : `0x${v.toString(16)}`);

/** The result stack as shown: numbers in decimal and hex, and the address a cell or slice holds. */
export function showStack(stack: readonly StackEntry[], readAddress: (boc: string) => CellAddress): ShownEntry[] {
  return stack.map((e): ShownEntry => {
    switch (e.type) {
      case 'num':
        return { type: 'num', decimal: e.value.toString(), hex: hexOf(e.value) };
      case 'cell':
      case 'slice':
      case 'builder':
        return { type: e.type, boc: e.boc, address: readAddress(e.boc) };
      case 'tuple':
      case 'list':
        return { type: e.type, items: showStack(e.items, readAddress) };
      default:
        return e;
    }
  });
}

/** The call in the page's URL (`?method=seqno&args=[…]`): opening the link runs it. */
export const methodSearch = {
  // the router reads `?method=85143` as a number: a numeric id is a method too
  method: z.optional(
    z.catch(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v: string | number) => String(v)),
      ),
      '',
    ),
  ),
  args: z.optional(
    z.catch(
      z.array(
        z.pipe(
          z.union([z.string(), z.number()]),
          z.transform((v: string | number) => String(v)),
        ),
      ),
      [],
    ),
  ),
};
