import { collectAddresses } from './address-book';
import { RawJson } from './raw-json';

/**
 * A serialized JSON fragment, as UTF-8 bytes, and the raw addresses it mentions (for the address
 * book). Kept as bytes so that a response made of cached fragments is assembled by copying, without
 * encoding hundreds of kilobytes of text again on every request.
 */
export interface Fragment {
  bytes: Buffer;
  addresses: string[];
}

/**
 * Serialized JSON of ledger objects that can no longer change: a completed trace, a transaction
 * whose every outbound message has been delivered. Reading and serializing them is most of what a
 * request costs, so the service keeps the finished text (least recently used out first).
 */
export class FragmentCache {
  private readonly map = new Map<string, Fragment>();

  constructor(private readonly max: number) {}

  get(key: string): Fragment | undefined {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: Fragment): void {
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  /** The cached fragment, or one made now, kept only when `final` says the object cannot change. */
  through(key: string, make: () => { value: unknown; final: boolean }): Fragment {
    const hit = this.get(key);
    if (hit) return hit;
    const { value, final } = make();
    const fragment = { bytes: Buffer.from(JSON.stringify(value)), addresses: [...collectAddresses(value)] };
    if (final) this.set(key, fragment);
    return fragment;
  }
}

const COMMA = Buffer.from(',');

/** `f1,f2,...`: the fragments joined as the elements of a JSON array. */
export function joinFragments(fragments: Fragment[]): Buffer[] {
  const parts: Buffer[] = [];
  fragments.forEach((f, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(f.bytes);
  });
  return parts;
}

/** `{"key":[f1,f2,...], ...rest}` from cached fragments without parsing or encoding them again. */
export function listBody(key: string, fragments: Fragment[], rest: Record<string, unknown>): Buffer {
  const tail = Object.entries(rest).map(([k, v]) => `,${JSON.stringify(k)}:${v instanceof RawJson ? v.text : JSON.stringify(v)}`).join('');
  return Buffer.concat([Buffer.from(`{${JSON.stringify(key)}:[`), ...joinFragments(fragments), Buffer.from(`]${tail}}`)]);
}

export function addressesOf(fragments: Fragment[]): Set<string> {
  const set = new Set<string>();
  for (const f of fragments) for (const a of f.addresses) set.add(a);
  return set;
}
