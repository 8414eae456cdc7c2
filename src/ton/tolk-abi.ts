// Reading cells by a Tolk ABI: the JSON the Tolk compiler writes for a contract (Acton keeps it as
// `abi` in its trace bundles' contracts/<name>.json). The storage by the ABI's storage type, message
// bodies by the prefix (opcode) of the message types it declares (incoming, external, outgoing,
// emitted). Types are a flat table (`unique_types`) that everything else names by index; a generic
// struct or alias used with type arguments has its own entry, with its fields' concrete types in
// `struct_instantiations` / `alias_instantiations`.
//
// Tolk's auto-serialization, which is what the cells hold:
// - a struct: its prefix (when declared, e.g. a 32-bit opcode), then its fields one after another in
//   the same cell: the compiler never moves a field to another cell by itself; a field in another
//   cell is a reference the type says (`cell`, `Cell<T>`, `string`, a map, an array's chunks);
// - intN/uintN: N bits; coins: VarUInteger 16; varint16/32, varuint16/32: a 4- or 5-bit length then
//   that many bytes; bool: one bit; bitsN: N bits; address: a MsgAddressInt; `address?`: addr_none
//   or one; any_address: any MsgAddress;
// - `T?`: a presence bit, then T; a union: the prefix of the variant (a struct's own opcode, which
//   the struct then reads itself, or one the compiler gives the variants, 0b0/0b1…, read here);
// - an enum: the integer type it is encoded as; an alias: its target;
// - `map<K, V>`: a HashmapE (a presence bit and a reference) keyed by K's bits (address: 267);
// - `array<T>`: a uint8 count, then a maybe-reference to a chain of cells, each starting with a
//   maybe-reference to the next and holding items to its end; `lisp_list<T>`: a reference to nested
//   pairs (a reference to the rest, then the item), the last item first;
// - `string`: a snake string in a reference; `RemainingBitsAndRefs`: the rest of the cell.
// `int`, `slice`, `builder` and continuations are not serializable: a field of one is an error, as
// is a type whose declaration says it is read by the contract's own code (custom unpack).
import { Address, Dictionary, ExternalAddress, beginCell, type Cell, type DictionaryKey, type Slice } from '@ton/core';
import { z } from 'zod';
import { toRaw } from './address';
import { AbiError, attemptReading, ensureEnd, type AbiDecoding, type AbiField, type CellAbi } from './abi-decoding';

const idx = z.number().int().nonnegative();
const unpackFlags = z.object({ unpack_from_slice: z.boolean().nullish() }).passthrough().nullish();
const variant = z
  .object({
    variant_ty_idx: idx,
    prefix_num: z.number().int().nonnegative(),
    prefix_len: z.number().int().min(0).max(64),
    is_prefix_implicit: z.boolean().nullish(),
  })
  .passthrough();
// every kind's own fields, checked when a cell of it is read (a kind this reader does not know is
// an error of the fields of that type only)
const ty = z
  .object({
    kind: z.string(),
    n: z.number().int().min(0).max(1023).nullish(),
    inner_ty_idx: idx.nullish(),
    items_ty_idx: z.array(idx).nullish(),
    key_ty_idx: idx.nullish(),
    value_ty_idx: idx.nullish(),
    enum_name: z.string().nullish(),
    struct_name: z.string().nullish(),
    alias_name: z.string().nullish(),
    type_args_ty_idx: z.array(idx).nullish(),
    name_t: z.string().nullish(),
    variants: z.array(variant).nullish(),
  })
  .passthrough();
const declaration = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('struct'),
      name: z.string(),
      prefix: z
        .object({ prefix_num: z.number().int().nonnegative(), prefix_len: z.number().int().min(0).max(64) })
        .nullish(),
      fields: z.array(z.object({ name: z.string(), ty_idx: idx, client_ty_idx: idx.nullish() }).passthrough()),
      custom_pack_unpack: unpackFlags,
    })
    .passthrough(),
  z
    .object({ kind: z.literal('alias'), name: z.string(), target_ty_idx: idx, custom_pack_unpack: unpackFlags })
    .passthrough(),
  z
    .object({
      kind: z.literal('enum'),
      name: z.string(),
      encoded_as_ty_idx: idx,
      members: z.array(z.object({ name: z.string(), value: z.string() }).passthrough()),
      custom_pack_unpack: unpackFlags,
    })
    .passthrough(),
]);
const bodies = z.array(z.object({ body_ty_idx: idx }).passthrough()).nullish();
const abiSchema = z
  .object({
    abi_schema_version: z.string().nullish(),
    contract_name: z.string().nullish(),
    unique_types: z.array(ty),
    struct_instantiations: z
      .array(z.object({ ty_idx: idx, monomorphic_fields_ty_idx: z.array(idx) }).passthrough())
      .nullish(),
    alias_instantiations: z.array(z.object({ ty_idx: idx, monomorphic_target_ty_idx: idx }).passthrough()).nullish(),
    declarations: z.array(declaration),
    incoming_messages: bodies,
    incoming_external: bodies,
    outgoing_messages: bodies,
    emitted_events: bodies,
    storage: z.object({ storage_ty_idx: idx.nullish(), storage_at_deployment_ty_idx: idx.nullish() }).nullish(),
    // the exit codes the contract throws: a constant's or an enum member's name, a plain int's none
    thrown_errors: z
      .array(
        z
          .object({ name: z.string().nullish(), description: z.string().nullish(), err_code: z.number().int() })
          .passthrough(),
      )
      .nullish(),
  })
  .passthrough();

type Ty = z.output<typeof ty>;
type Declaration = z.output<typeof declaration>;
type StructDecl = Extract<Declaration, { kind: 'struct' }>;
type AbiJson = z.output<typeof abiSchema>;

/** Whether a parsed ABI is one of Tolk's (its flat type table) rather than one of Tact's. */
export function isTolkAbi(json: unknown): boolean {
  return typeof json === 'object' && json !== null && Array.isArray((json as { unique_types?: unknown }).unique_types);
}

/** A Tolk ABI, checked for the parts read here; throws naming what is wrong. */
export class TolkAbi implements CellAbi {
  readonly name: string | null;
  private readonly abi: AbiJson;
  private readonly decls = new Map<string, Declaration>();

  constructor(json: unknown) {
    const r = abiSchema.safeParse(json);
    if (!r.success) {
      const i = r.error.issues[0]!;
      throw new Error(`not a Tolk ABI: ${i.path.join('.') || 'the ABI'}: ${i.message}`);
    }
    this.abi = r.data;
    this.name = r.data.contract_name ?? null;
    for (const d of r.data.declarations) this.decls.set(d.name, d);
    const count = r.data.unique_types.length;
    const check = (i: number | null | undefined, where: string) => {
      if (i != null && i >= count) throw new Error(`not a Tolk ABI: ${where}: type ${i} is not in unique_types`);
    };
    check(r.data.storage?.storage_ty_idx, 'storage.storage_ty_idx');
    check(r.data.storage?.storage_at_deployment_ty_idx, 'storage.storage_at_deployment_ty_idx');
    for (const key of ['incoming_messages', 'incoming_external', 'outgoing_messages', 'emitted_events'] as const)
      for (const [i, m] of (r.data[key] ?? []).entries()) check(m.body_ty_idx, `${key}.${i}.body_ty_idx`);
  }

  thrownError(code: number): { name: string; description: string | null } | null {
    const e = this.abi.thrown_errors?.find((x) => x.err_code === code && x.name);
    return e ? { name: e.name!, description: e.description || null } : null;
  }

  decodeBody(body: Cell): AbiDecoding | null {
    const s = body.beginParse();
    // the declared message types with a prefix the body starts with; the longest prefix wins
    let best: StructDecl | null = null;
    let bestIdx = 0;
    for (const [i, decl] of this.messageStructs()) {
      const p = decl.prefix!;
      if (s.remainingBits < p.prefix_len || s.preloadUintBig(p.prefix_len) !== BigInt(p.prefix_num)) continue;
      if (!best || p.prefix_len > best.prefix!.prefix_len) [best, bestIdx] = [decl, i];
    }
    if (!best) return null;
    const type = best.name;
    return attemptReading(type, null, () => {
      const out: AbiField[] = [];
      this.structFields(bestIdx, best, s, '', out);
      ensureEnd(s, type);
      return out;
    });
  }

  decodeStorage(data: Cell): AbiDecoding | null {
    const st = this.abi.storage;
    if (st?.storage_ty_idx == null) return null;
    const main = this.readTop(st.storage_ty_idx, data, null);
    const deploy = st.storage_at_deployment_ty_idx;
    if (!('error' in main) || deploy == null || deploy === st.storage_ty_idx) return main;
    // before its first message a contract may hold a smaller storage (`storageAtDeployment`)
    const atDeploy = this.readTop(deploy, data, 'at deployment');
    if (!('error' in atDeploy)) return atDeploy;
    return { error: `${main.error}; and as the storage at deployment: ${atDeploy.error}` };
  }

  /** A whole cell as one type: a struct's fields as the top rows, another type as one row `value`. */
  private readTop(i: number, cell: Cell, layout: string | null): AbiDecoding {
    const s = cell.beginParse();
    const type = this.render(i);
    return attemptReading(type, layout, () => {
      const out: AbiField[] = [];
      const target = this.unalias(i);
      const t = this.ty(target);
      if (t.kind === 'StructRef') this.structFields(target, this.struct(t), s, '', out);
      else this.value(i, s, 'value', out);
      ensureEnd(s, type);
      return out;
    });
  }

  /** Every struct with a prefix among the message types the ABI declares (through aliases and unions). */
  private messageStructs(): [number, StructDecl][] {
    const found = new Map<string, [number, StructDecl]>();
    const visit = (i: number, depth: number) => {
      if (depth > 32 || i >= this.abi.unique_types.length) return;
      const t = this.abi.unique_types[i]!;
      if (t.kind === 'AliasRef') return visit(this.aliasTarget(i), depth + 1);
      if (t.kind === 'union') return (t.variants ?? []).forEach((v) => visit(v.variant_ty_idx, depth + 1));
      if (t.kind !== 'StructRef' || !t.struct_name) return;
      const d = this.decls.get(t.struct_name);
      if (d?.kind === 'struct' && d.prefix && !found.has(d.name)) found.set(d.name, [i, d]);
    };
    for (const key of ['incoming_messages', 'incoming_external', 'outgoing_messages', 'emitted_events'] as const)
      for (const m of this.abi[key] ?? []) visit(m.body_ty_idx, 0);
    return [...found.values()];
  }

  private ty(i: number): Ty {
    const t = this.abi.unique_types[i];
    if (!t) throw new AbiError(`type ${i} is not in the ABI's unique_types`);
    return t;
  }

  private struct(t: Ty): StructDecl {
    const d = t.struct_name ? this.decls.get(t.struct_name) : undefined;
    if (d?.kind !== 'struct') throw new AbiError(`the ABI declares no struct ${t.struct_name}`);
    return d;
  }

  /** An alias's target type: its instantiation's, when used with type arguments. */
  private aliasTarget(i: number): number {
    const inst = this.abi.alias_instantiations?.find((a) => a.ty_idx === i);
    if (inst) return inst.monomorphic_target_ty_idx;
    const t = this.ty(i);
    const d = t.alias_name ? this.decls.get(t.alias_name) : undefined;
    if (d?.kind !== 'alias') throw new AbiError(`the ABI declares no alias ${t.alias_name}`);
    if (d.custom_pack_unpack?.unpack_from_slice) throw new AbiError(`${d.name} is read by the contract's own code`);
    return d.target_ty_idx;
  }

  private unalias(i: number): number {
    for (let depth = 0; this.ty(i).kind === 'AliasRef'; depth++) {
      if (depth > 32) throw new AbiError(`the alias ${this.ty(i).alias_name} refers to itself`);
      i = this.aliasTarget(i);
    }
    return i;
  }

  /** A struct's prefix and fields, the fields' rows under `prefix`. */
  private structFields(i: number, d: StructDecl, s: Slice, prefix: string, out: AbiField[], depth = 0) {
    if (depth > 64) throw new AbiError(`${d.name} nests deeper than 64 levels`);
    if (d.custom_pack_unpack?.unpack_from_slice) throw new AbiError(`${d.name} is read by the contract's own code`);
    if (d.prefix) {
      const got = s.loadUintBig(d.prefix.prefix_len);
      if (got !== BigInt(d.prefix.prefix_num))
        throw new AbiError(
          `${d.name}'s prefix is 0x${d.prefix.prefix_num.toString(16)}, the cell's 0x${got.toString(16)}`,
        );
    }
    const inst = this.abi.struct_instantiations?.find((x) => x.ty_idx === i);
    if (inst && inst.monomorphic_fields_ty_idx.length !== d.fields.length)
      throw new AbiError(
        `${d.name}'s instantiation has ${inst.monomorphic_fields_ty_idx.length} fields, not ${d.fields.length}`,
      );
    d.fields.forEach((f, k) => {
      const fieldTy = f.client_ty_idx ?? inst?.monomorphic_fields_ty_idx[k] ?? f.ty_idx;
      try {
        this.value(fieldTy, s, prefix + f.name, out, undefined, depth + 1);
      } catch (e) {
        if (e instanceof AbiError) throw e;
        throw new AbiError(`${d.name}.${f.name} (${this.render(fieldTy)}): ${e instanceof Error ? e.message : e}`);
      }
    });
  }

  /** One value of type `i` at `path`: its row, and a compound one's items after it. */
  private value(i: number, s: Slice, path: string, out: AbiField[], label?: string, depth = 0): void {
    if (depth > 64) throw new AbiError(`${path}: nests deeper than 64 levels`);
    const t = this.ty(i);
    const type = label ?? this.render(i);
    const put = (kind: AbiField['kind'], value: string | null): void => {
      out.push({ path, type, kind, value });
    };
    const n = () => {
      if (t.n == null) throw new AbiError(`type ${i} (${t.kind}) has no size`);
      return t.n;
    };
    switch (t.kind) {
      case 'intN':
        return put('int', s.loadIntBig(n()).toString());
      case 'uintN':
        return put('int', s.loadUintBig(n()).toString());
      case 'varintN':
      case 'varuintN': {
        const size = n();
        if (size !== 16 && size !== 32)
          throw new AbiError(`${path}: ${type} is not a variable-length integer Tolk has`);
        const lenBits = size === 16 ? 4 : 5;
        return put('int', (t.kind === 'varintN' ? s.loadVarIntBig(lenBits) : s.loadVarUintBig(lenBits)).toString());
      }
      case 'coins':
        return put('int', s.loadCoins().toString());
      case 'bool':
        return put('bool', String(s.loadBit()));
      case 'bitsN': {
        const size = n();
        return put('bytes', size % 8 === 0 ? s.loadBuffer(size / 8).toString('hex') : s.loadBits(size).toString());
      }
      case 'address':
        return put('address', toRaw(s.loadAddress()));
      case 'addressOpt': {
        const a = s.loadMaybeAddress();
        return a ? put('address', toRaw(a)) : put('null', null);
      }
      case 'addressExt': {
        const a = s.loadAddressAny();
        if (!(a instanceof ExternalAddress)) throw new AbiError(`${path}: not an external address`);
        return put('address', a.toString());
      }
      case 'addressAny': {
        const a = s.loadAddressAny();
        if (a === null) return put('null', null);
        return put('address', a instanceof Address ? toRaw(a) : a.toString());
      }
      case 'cell':
        return put('cell', s.loadRef().toBoc().toString('base64'));
      case 'string':
        return put('string', s.loadRef().beginParse().loadStringTail());
      case 'remaining': {
        const c = beginCell().storeSlice(s).endCell();
        s.skip(s.remainingBits);
        while (s.remainingRefs > 0) s.loadRef();
        return put('cell', c.toBoc().toString('base64'));
      }
      case 'nullLiteral':
      case 'void':
        return put('null', null);
      case 'nullable':
        if (!s.loadBit()) return put('null', null);
        return this.value(need(t.inner_ty_idx, t), s, path, out, type, depth + 1);
      case 'cellOf': {
        const inner = s.loadRef().beginParse();
        this.value(need(t.inner_ty_idx, t), inner, path, out, type, depth + 1);
        return ensureEnd(inner, type);
      }
      case 'tensor':
      case 'shapedTuple':
        put('struct', type);
        return need(t.items_ty_idx, t).forEach((item, k) =>
          this.value(item, s, `${path}.${k}`, out, undefined, depth + 1),
        );
      case 'arrayOf':
        return this.array(need(t.inner_ty_idx, t), s, path, type, out, depth);
      case 'lispListOf':
        return this.lispList(need(t.inner_ty_idx, t), s, path, type, out, depth);
      case 'mapKV':
        return this.map(need(t.key_ty_idx, t), need(t.value_ty_idx, t), s, path, type, out, depth);
      case 'EnumRef': {
        const d = t.enum_name ? this.decls.get(t.enum_name) : undefined;
        if (d?.kind !== 'enum') throw new AbiError(`the ABI declares no enum ${t.enum_name}`);
        if (d.custom_pack_unpack?.unpack_from_slice) throw new AbiError(`${d.name} is read by the contract's own code`);
        const raw: AbiField[] = [];
        this.value(d.encoded_as_ty_idx, s, path, raw, type, depth + 1);
        // a bool-encoded enum's members are 0 and 1
        const v = raw[0]!.kind === 'bool' ? (raw[0]!.value === 'true' ? '1' : '0') : raw[0]!.value;
        const member = d.members.find((m) => m.value === v);
        return member ? put('enum', `${member.name} (${v})`) : put('int', v);
      }
      case 'StructRef':
        put('struct', this.render(i));
        return this.structFields(i, this.struct(t), s, `${path}.`, out, depth);
      case 'AliasRef':
        return this.value(this.aliasTarget(i), s, path, out, type, depth + 1);
      case 'union': {
        for (const v of need(t.variants, t)) {
          if (s.remainingBits < v.prefix_len || s.preloadUintBig(v.prefix_len) !== BigInt(v.prefix_num)) continue;
          // a prefix the compiler gave the variant is read here; a struct's own opcode, by the struct
          if (v.is_prefix_implicit) s.skip(v.prefix_len);
          return this.value(v.variant_ty_idx, s, path, out, undefined, depth + 1);
        }
        throw new AbiError(`${path}: no variant of ${type} has the prefix the cell starts with`);
      }
      default:
        throw new AbiError(`${path}: a ${type} cannot be read from a cell`);
    }
  }

  private array(item: number, s: Slice, path: string, type: string, out: AbiField[], depth: number) {
    const count = s.loadUint(8);
    out.push({ path, type, kind: 'struct', value: itemCount(count) });
    let next = s.loadMaybeRef();
    let k = 0;
    while (next) {
      const chunk = next.beginParse();
      next = chunk.loadMaybeRef();
      while (chunk.remainingBits > 0 || chunk.remainingRefs > 0) {
        if (k === count) throw new AbiError(`${path}: more items than its count, ${count}`);
        this.value(item, chunk, `${path}[${k++}]`, out, undefined, depth + 1);
      }
    }
    if (k !== count) throw new AbiError(`${path}: ${k} items where its count says ${count}`);
  }

  private lispList(item: number, s: Slice, path: string, type: string, out: AbiField[], depth: number) {
    // nested pairs, the last item pushed first: collected, then numbered in list order
    const items: AbiField[][] = [];
    let node = s.loadRef().beginParse();
    while (node.remainingRefs > 0) {
      const rest = node.loadRef();
      const rows: AbiField[] = [];
      this.value(item, node, '', rows, undefined, depth + 1);
      ensureEnd(node, `${type} item`);
      items.unshift(rows);
      node = rest.beginParse();
      if (items.length > 4096) throw new AbiError(`${path}: a list longer than 4,096 items`);
    }
    out.push({ path, type, kind: 'struct', value: itemCount(items.length) });
    items.forEach((rows, k) => rows.forEach((r) => out.push({ ...r, path: `${path}[${k}]${r.path}` })));
  }

  private map(key: number, val: number, s: Slice, path: string, type: string, out: AbiField[], depth: number) {
    const root = s.loadMaybeRef();
    out.push({ path, type, kind: 'map', value: root ? root.toBoc().toString('base64') : null });
    if (!root) return;
    const k = this.mapKey(key);
    const values = Dictionary.loadDirect(k.key, { serialize: () => undefined, parse: (v: Slice) => v }, root);
    for (const [kv, v] of values) {
      const at = `${path}[${k.text(kv)}]`;
      this.value(val, v, at, out, undefined, depth + 1);
      ensureEnd(v, at);
    }
  }

  /** A map's key as @ton/core reads it, and as a path shows it. */
  private mapKey(i: number): {
    key: DictionaryKey<bigint | Address | import('@ton/core').BitString>;
    text: (k: unknown) => string;
  } {
    const t = this.ty(i);
    switch (t.kind) {
      case 'intN':
        return { key: Dictionary.Keys.BigInt(t.n!), text: String };
      case 'uintN':
        return { key: Dictionary.Keys.BigUint(t.n!), text: String };
      case 'bool':
        return { key: Dictionary.Keys.BigUint(1), text: (k) => String(k === 1n) };
      case 'bitsN':
        return { key: Dictionary.Keys.BitString(t.n!), text: String };
      case 'address':
        return { key: Dictionary.Keys.Address(), text: (k) => toRaw(k as Address) };
      case 'AliasRef':
        return this.mapKey(this.aliasTarget(i));
      case 'EnumRef': {
        const d = t.enum_name ? this.decls.get(t.enum_name) : undefined;
        if (d?.kind !== 'enum') throw new AbiError(`the ABI declares no enum ${t.enum_name}`);
        const inner = this.mapKey(d.encoded_as_ty_idx);
        return {
          key: inner.key,
          text: (k) => d.members.find((m) => m.value === inner.text(k))?.name ?? inner.text(k),
        };
      }
      default:
        throw new AbiError(`a map keyed by ${this.render(i)} cannot be read`);
    }
  }

  /** A type as a Tolk developer writes it. */
  render(i: number, depth = 0): string {
    const t = this.abi.unique_types[i];
    if (!t || depth > 16) return `type#${i}`;
    const r = (j: number | null | undefined) => (j == null ? '?' : this.render(j, depth + 1));
    const args = (list: number[] | null | undefined) => (list?.length ? `<${list.map(r).join(', ')}>` : '');
    switch (t.kind) {
      case 'intN':
      case 'uintN':
      case 'varintN':
      case 'varuintN':
      case 'bitsN':
        return `${t.kind.slice(0, -1)}${t.n}`;
      case 'remaining':
        return 'RemainingBitsAndRefs';
      case 'addressOpt':
        return 'address?';
      case 'addressExt':
        return 'ext_address';
      case 'addressAny':
        return 'any_address';
      case 'nullLiteral':
        return 'null';
      case 'callable':
        return 'continuation';
      case 'nullable':
        return `${r(t.inner_ty_idx)}?`;
      case 'cellOf':
        return `Cell<${r(t.inner_ty_idx)}>`;
      case 'arrayOf':
        return `array<${r(t.inner_ty_idx)}>`;
      case 'lispListOf':
        return `lisp_list<${r(t.inner_ty_idx)}>`;
      case 'tensor':
        return `(${(t.items_ty_idx ?? []).map(r).join(', ')})`;
      case 'shapedTuple':
        return `[${(t.items_ty_idx ?? []).map(r).join(', ')}]`;
      case 'mapKV':
        return `map<${r(t.key_ty_idx)}, ${r(t.value_ty_idx)}>`;
      case 'EnumRef':
        return t.enum_name ?? '?';
      case 'StructRef':
        return `${t.struct_name}${args(t.type_args_ty_idx)}`;
      case 'AliasRef':
        return `${t.alias_name}${args(t.type_args_ty_idx)}`;
      case 'genericT':
        return t.name_t ?? 'T';
      case 'union':
        return (t.variants ?? []).map((v) => r(v.variant_ty_idx)).join(' | ');
      default:
        return t.kind;
    }
  }
}

const itemCount = (n: number) => (n === 1 ? '1 item' : `${n} items`);

function need<T>(v: T | null | undefined, t: Ty): T {
  if (v == null) throw new AbiError(`a ${t.kind} type without its parts`);
  return v;
}
