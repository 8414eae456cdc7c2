import { collectAddresses } from './address-book';
import type { BodySink } from '../execution/operation';
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
export class FragmentCache<F extends Fragment = Fragment> {
  private readonly map = new Map<string, F>();
  private bytes = 0;

  constructor(
    private readonly max: number,
    private readonly maxBytes = Infinity,
  ) {}

  get(key: string): F | undefined {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: F): void {
    const old = this.map.get(key);
    if (old) this.bytes -= old.bytes.length;
    this.map.set(key, value);
    this.bytes += value.bytes.length;
    while (this.map.size > this.max || (this.bytes > this.maxBytes && this.map.size > 1)) {
      const [oldest, evicted] = this.map.entries().next().value!;
      this.map.delete(oldest);
      this.bytes -= evicted.bytes.length;
    }
  }

  /** The cached fragment, or one made now, kept only when `final` says the object cannot change. */
  through(key: string, make: () => { fragment: F; final: boolean }): F {
    const hit = this.get(key);
    if (hit) return hit;
    const { fragment, final } = make();
    return this.keep(key, fragment, final);
  }

  /** `fragment`, kept when `final`. */
  keep(key: string, fragment: F, final: boolean): F {
    if (final) this.set(key, fragment);
    return fragment;
  }
}

/** `value` serialized as a fragment. */
export function fragmentOf(value: unknown): Fragment {
  return { bytes: Buffer.from(JSON.stringify(value)), addresses: [...collectAddresses(value)] };
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

/** `,"k":v` members of an object after its list, `RawJson` values placed as they are. */
function members(rest: Record<string, unknown>): string {
  return Object.entries(rest)
    .map(([k, v]) => `,${JSON.stringify(k)}:${v instanceof RawJson ? v.text : JSON.stringify(v)}`)
    .join('');
}

/**
 * A fragment written as it is made (a trace of thousands of transactions: its answer starts before
 * it is all made): its pieces in order, and the addresses they mention, complete once the pieces
 * are. `made` gets the pieces once all are written (to keep the whole, see `keepMade`).
 */
export interface MadeFragment {
  parts: Iterable<Buffer>;
  addresses: Set<string>;
  made(parts: Buffer[]): void;
}

/**
 * `{"key":[f1,f2,...], ...rest}` written to the sink from cached fragments, without parsing or
 * encoding them again. Fragments may be made one by one as they are written (a trace list is
 * megabytes), or piece by piece (`MadeFragment`); `rest` gets the addresses they mention, once the
 * list is written.
 */
export async function writeList(
  out: BodySink,
  key: string,
  fragments: Iterable<Fragment | MadeFragment> | AsyncIterable<Fragment | MadeFragment>,
  rest: (addresses: Set<string>) => Promise<Record<string, unknown>>,
): Promise<void> {
  await out.write(Buffer.from(`{${JSON.stringify(key)}:[`));
  const addresses = new Set<string>();
  let first = true;
  for await (const f of fragments) {
    if (!first) await out.write(COMMA);
    first = false;
    if ('bytes' in f) await out.write(f.bytes);
    else {
      const parts: Buffer[] = [];
      for (const part of f.parts) {
        parts.push(part);
        await out.write(part);
      }
      f.made(parts);
    }
    for (const a of f.addresses) addresses.add(a);
  }
  await out.write(Buffer.from(`]${members(await rest(addresses))}}`));
}
