// Reading cells by a Tact ABI (the JSON a Tact compiler writes beside a contract, and sandbox sends as
// a contract's metadata): message bodies by their types' 32-bit headers, and a contract's data by its
// `<Name>$Data` type. The layout is Tact's: each struct's fields laid out in order, a cell at a time,
// as many as fit in a cell with room kept for a reference to the next cell (which holds the rest,
// and is stored after the fields of its cell); optional scalars behind a presence bit, optional
// addresses as addr_none, cells, strings and maps in references. Read with @ton/core's Slice only.
import { Address, ExternalAddress, beginCell, type Cell, type Slice } from '@ton/core';
import { z } from 'zod';
import { toRaw } from './address';
import { AbiError, attemptReading, ensureEnd, type AbiDecoding, type AbiField, type CellAbi } from './abi-decoding';

const format = z.union([z.string(), z.number(), z.boolean()]).nullish();
const typeRef = z.union([
  z.object({ kind: z.literal('simple'), type: z.string(), optional: z.boolean().nullish(), format }),
  z.object({
    kind: z.literal('dict'),
    key: z.string(),
    value: z.string(),
    format,
    keyFormat: format,
    valueFormat: format,
  }),
]);
const abiSchema = z.object({
  name: z.string().nullish(),
  // the exit codes the contract throws, with the message of its `require()` (or the TVM's)
  errors: z.record(z.string(), z.object({ message: z.string() })).nullish(),
  types: z
    .array(
      z.object({
        name: z.string(),
        header: z.number().int().min(0).max(0xffffffff).nullish(),
        fields: z.array(z.object({ name: z.string(), type: typeRef })),
      }),
    )
    .nullish(),
});
type TypeRef = z.output<typeof typeRef>;
type AbiType = NonNullable<z.output<typeof abiSchema>['types']>[number];

export type { AbiDecoded, AbiDecoding, AbiField } from './abi-decoding';

type Op =
  | { kind: 'int' | 'uint'; bits: number; optional: boolean }
  | { kind: 'varint' | 'varuint'; lenBits: 4 | 5; optional: boolean }
  | { kind: 'bool'; optional: boolean }
  | { kind: 'address'; optional: boolean }
  | { kind: 'ref'; optional: boolean; text: boolean }
  | { kind: 'rest'; text: boolean }
  | { kind: 'bytes'; bytes: number; optional: boolean }
  | { kind: 'map' }
  | { kind: 'struct'; type: string; ref: boolean; optional: boolean };

interface Segment {
  fields: { name: string; ref: TypeRef; op: Op }[];
  next: Segment | null;
}

/** A Tact ABI, checked for the parts read here; throws naming what is wrong. */
export class TactAbi implements CellAbi {
  readonly name: string | null;
  private readonly types = new Map<string, AbiType>();
  private readonly errors: Record<string, { message: string }>;
  private readonly sizes = new Map<string, { bits: number; refs: number } | 'busy'>();

  constructor(json: unknown) {
    const r = abiSchema.safeParse(json);
    if (!r.success) {
      const i = r.error.issues[0]!;
      throw new Error(`not a Tact ABI: ${i.path.join('.') || 'the ABI'}: ${i.message}`);
    }
    this.name = r.data.name ?? null;
    this.errors = r.data.errors ?? {};
    for (const t of r.data.types ?? []) this.types.set(t.name, t);
  }

  thrownError(code: number): { name: string; description: string | null } | null {
    const e = Object.hasOwn(this.errors, String(code)) ? this.errors[String(code)] : undefined;
    return e ? { name: e.message, description: null } : null;
  }

  /** The message type whose header is the body's first 32 bits, decoded; null when none has it. */
  decodeBody(body: Cell): AbiDecoding | null {
    const s = body.beginParse();
    if (s.remainingBits < 32) return null;
    const op = s.preloadUint(32);
    const type = [...this.types.values()].find((t) => t.header === op);
    if (!type) return null;
    return attemptReading(type.name, null, () => {
      const fields: AbiField[] = [];
      this.readStruct(type, s, { bits: 0, refs: 0 }, '', fields);
      ensureEnd(s, type.name);
      return fields;
    });
  }

  /** The storage type: `<contract name>$Data`, or the only `$Data` type of the ABI. */
  storageType(): AbiType | null {
    const own = this.name ? this.types.get(`${this.name}$Data`) : undefined;
    if (own) return own;
    const data = [...this.types.values()].filter((t) => t.name.endsWith('$Data'));
    return data.length === 1 ? data[0]! : null;
  }

  /**
   * A contract's data by its storage type, under each layout Tact has used: a system cell and an
   * "initialized" bit before the fields (Tact up to 1.5), the "initialized" bit alone (1.6, with an
   * init()), the fields alone (1.6, contract parameters). The first that reads the whole cell wins.
   */
  decodeStorage(data: Cell): AbiDecoding | null {
    const type = this.storageType();
    if (!type) return null;
    const layouts: { name: string; sys: boolean; initBit: boolean }[] = [
      { name: 'system cell, initialized bit, fields (Tact ≤ 1.5)', sys: true, initBit: true },
      { name: 'initialized bit, fields (Tact 1.6, init())', sys: false, initBit: true },
      { name: 'fields (Tact 1.6, contract parameters)', sys: false, initBit: false },
    ];
    const why: string[] = [];
    for (const l of layouts) {
      const s = data.beginParse();
      const got = attemptReading(type.name, l.name, () => {
        if (l.sys) {
          if (s.remainingRefs === 0) throw new AbiError('no system cell');
          s.loadRef();
        }
        if (l.initBit && !s.loadBit()) throw new AbiError('the initialized bit is 0: init() has not run yet');
        const fields: AbiField[] = [];
        this.readStruct(type, s, { bits: 0, refs: l.sys ? 1 : 0 }, '', fields);
        ensureEnd(s, type.name);
        return fields;
      });
      if (!('error' in got)) return got;
      why.push(`${l.name}: ${got.error}`);
    }
    return { error: `the data is not a ${type.name} in any of Tact's layouts (${why.join('; ')})` };
  }

  private type(name: string): AbiType {
    const t = this.types.get(name);
    if (!t) throw new AbiError(`the ABI has no type ${name}`);
    return t;
  }

  private op(ref: TypeRef): Op {
    if (ref.kind === 'dict') return { kind: 'map' };
    const optional = ref.optional ?? false;
    const f = ref.format;
    const bad = () => new AbiError(`unsupported format ${JSON.stringify(f)} of ${ref.type}`);
    const remainder = f === 'remainder' || f === 'remaining';
    switch (ref.type) {
      case 'int':
      case 'uint': {
        if (typeof f === 'number') {
          if (f < 1 || f > (ref.type === 'int' ? 257 : 256)) throw bad();
          return { kind: ref.type, bits: f, optional };
        }
        if (f === 'coins' && ref.type === 'uint') return { kind: 'varuint', lenBits: 4, optional };
        if (f === 'varint16' || f === 'varuint16' || f === 'varint32' || f === 'varuint32') {
          const kind = f.startsWith('varu') ? 'varuint' : 'varint';
          if (kind.slice(3) !== ref.type) throw bad();
          return { kind, lenBits: f.endsWith('16') ? 4 : 5, optional };
        }
        if (f != null) throw bad();
        return { kind: ref.type, bits: ref.type === 'int' ? 257 : 256, optional };
      }
      case 'bool':
        return { kind: 'bool', optional };
      case 'address':
        return { kind: 'address', optional };
      case 'cell':
      case 'slice':
      case 'builder':
      case 'string':
        if (remainder) return { kind: 'rest', text: ref.type === 'string' };
        if (f != null) throw bad();
        return { kind: 'ref', optional, text: ref.type === 'string' };
      case 'fixed-bytes':
        if (f !== 32 && f !== 64) throw bad();
        return { kind: 'bytes', bytes: f, optional };
      default:
        if (f != null && f !== 'ref') throw bad();
        return { kind: 'struct', type: ref.type, ref: f === 'ref', optional };
    }
  }

  private opSize(op: Op): { bits: number; refs: number } {
    const opt = 'optional' in op && op.optional ? 1 : 0;
    switch (op.kind) {
      case 'int':
      case 'uint':
        return { bits: op.bits + opt, refs: 0 };
      case 'varint':
      case 'varuint':
        return { bits: op.lenBits + ((1 << op.lenBits) - 1) * 8 + opt, refs: 0 };
      case 'bool':
        return { bits: 1 + opt, refs: 0 };
      case 'address':
        return { bits: 267, refs: 0 };
      case 'ref':
        return { bits: opt, refs: 1 };
      case 'rest':
        return { bits: 0, refs: 0 };
      case 'bytes':
        return { bits: op.bytes * 8 + opt, refs: 0 };
      case 'map':
        return { bits: 1, refs: 1 };
      case 'struct': {
        if (op.ref) return { bits: opt, refs: 1 };
        const s = this.structSize(op.type);
        return { bits: s.bits + opt, refs: s.refs };
      }
    }
  }

  /** What a struct takes inline: its header and its first cell's fields (with the link to the next). */
  private structSize(name: string): { bits: number; refs: number } {
    const known = this.sizes.get(name);
    if (known === 'busy') throw new AbiError(`the type ${name} contains itself inline`);
    if (known) return known;
    this.sizes.set(name, 'busy');
    const t = this.type(name);
    const root = this.allocate(t, { bits: 0, refs: 0 });
    let bits = t.header != null ? 32 : 0;
    let refs = root.next ? 1 : 0;
    for (const f of root.fields) {
      const s = this.opSize(f.op);
      bits += s.bits;
      refs += s.refs;
    }
    const size = { bits, refs };
    this.sizes.set(name, size);
    return size;
  }

  /** Tact's split of a struct's fields into cells: one bit and one reference kept free in the first. */
  private allocate(t: AbiType, reserved: { bits: number; refs: number }): Segment {
    const fields = t.fields.map((f) => ({ name: f.name, ref: f.type, op: this.op(f.type) }));
    const header = t.header != null ? 32 : 0;
    return this.segment(fields, 1023 - header - reserved.bits - 1, 4 - reserved.refs - 1);
  }

  private segment(fields: Segment['fields'], bits: number, refs: number): Segment {
    const sizes = fields.map((f) => this.opSize(f.op));
    const total = sizes.reduce((a, s) => ({ bits: a.bits + s.bits, refs: a.refs + s.refs }), { bits: 0, refs: 0 });
    // a further cell needs a reference from this one
    if (total.bits > bits || total.refs > refs) refs -= 1;
    const here: Segment['fields'] = [];
    for (const [i, f] of fields.entries()) {
      const s = sizes[i]!;
      if (s.bits > bits || s.refs > refs) return { fields: here, next: this.segment(fields.slice(i), 1023, 4) };
      bits -= s.bits;
      refs -= s.refs;
      here.push(f);
    }
    return { fields: here, next: null };
  }

  private readStruct(t: AbiType, s: Slice, reserved: { bits: number; refs: number }, prefix: string, out: AbiField[]) {
    if (t.header != null) {
      const h = s.loadUint(32);
      if (h !== t.header) throw new AbiError(`${t.name}'s header is ${t.header}, the cell's ${h}`);
    }
    let seg: Segment | null = this.allocate(t, reserved);
    let cur = s;
    while (seg) {
      for (const f of seg.fields) {
        const path = prefix + f.name;
        try {
          this.readField(f.op, f.ref, cur, path, out);
        } catch (e) {
          if (e instanceof AbiError) throw e;
          throw new AbiError(`${t.name}.${f.name} (${typeName(f.ref)}): ${e instanceof Error ? e.message : e}`);
        }
      }
      if (seg.next) cur = cur.loadRef().beginParse();
      seg = seg.next;
    }
  }

  private readField(op: Op, ref: TypeRef, s: Slice, path: string, out: AbiField[]) {
    const type = typeName(ref);
    const put = (kind: AbiField['kind'], value: string | null) => out.push({ path, type, kind, value });
    // a presence bit, except where absence has a form of its own (addr_none, a maybe-reference)
    const maybeRef = op.kind === 'ref' || (op.kind === 'struct' && op.ref);
    if ('optional' in op && op.optional && op.kind !== 'address' && !maybeRef && !s.loadBit()) return put('null', null);
    switch (op.kind) {
      case 'int':
        return put('int', s.loadIntBig(op.bits).toString());
      case 'uint':
        return put('int', s.loadUintBig(op.bits).toString());
      case 'varint':
        return put('int', s.loadVarIntBig(op.lenBits).toString());
      case 'varuint':
        return put('int', s.loadVarUintBig(op.lenBits).toString());
      case 'bool':
        return put('bool', String(s.loadBit()));
      case 'address': {
        const a = s.loadAddressAny();
        if (a === null) {
          if (!op.optional) throw new AbiError(`${path}: addr_none where an address is required`);
          return put('null', null);
        }
        return put('address', a instanceof Address ? toRaw(a) : (a as ExternalAddress).toString());
      }
      case 'ref': {
        const c = op.optional ? s.loadMaybeRef() : s.loadRef();
        if (!c) return put('null', null);
        return op.text ? put('string', c.beginParse().loadStringTail()) : put('cell', c.toBoc().toString('base64'));
      }
      case 'rest': {
        if (op.text) return put('string', s.loadStringTail());
        const c = beginCell().storeSlice(s).endCell();
        s.skip(s.remainingBits);
        while (s.remainingRefs > 0) s.loadRef();
        return put('cell', c.toBoc().toString('base64'));
      }
      case 'bytes':
        return put('bytes', s.loadBuffer(op.bytes).toString('hex'));
      case 'map': {
        const c = s.loadMaybeRef();
        return put('map', c ? c.toBoc().toString('base64') : null);
      }
      case 'struct': {
        const t = this.type(op.type);
        if (op.ref) {
          const c = op.optional ? s.loadMaybeRef() : s.loadRef();
          if (!c) return put('null', null);
          put('struct', t.name);
          const inner = c.beginParse();
          this.readStruct(t, inner, { bits: 0, refs: 0 }, `${path}.`, out);
          return ensureEnd(inner, t.name);
        }
        put('struct', t.name);
        return this.readStruct(t, s, { bits: 0, refs: 0 }, `${path}.`, out);
      }
    }
  }
}

/** A field's type as a Tact developer writes it. */
function typeName(ref: TypeRef): string {
  if (ref.kind === 'dict') return `map<${ref.key}, ${ref.value}>`;
  const f = ref.format;
  let name = ref.type;
  if (ref.type === 'int' || ref.type === 'uint')
    name = typeof f === 'number' ? `${ref.type}${f}` : (f ?? ref.type) + '';
  else if (ref.type === 'fixed-bytes') name = `bytes${f}`;
  else if (f === 'remainder' || f === 'remaining') name = `${ref.type} as remaining`;
  return ref.optional ? `${name}?` : name;
}
