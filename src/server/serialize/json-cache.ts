import { collectAddresses } from './address-book';

/** A serialized JSON fragment and the raw addresses it mentions (for the address book). */
export interface Fragment {
  json: string;
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
    const fragment = { json: JSON.stringify(value), addresses: [...collectAddresses(value)] };
    if (final) this.set(key, fragment);
    return fragment;
  }
}

/** `{"key":[f1,f2,...], ...rest}` from cached fragments without parsing them again. */
export function listBody(key: string, fragments: Fragment[], rest: Record<string, unknown>): string {
  const tail = Object.entries(rest).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`).join('');
  return `{${JSON.stringify(key)}:[${fragments.map((f) => f.json).join(',')}]${tail}}`;
}

export function addressesOf(fragments: Fragment[]): Set<string> {
  const set = new Set<string>();
  for (const f of fragments) for (const a of f.addresses) set.add(a);
  return set;
}
