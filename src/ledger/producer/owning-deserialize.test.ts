import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { deserializeOwning } from './owning-deserialize';

describe('deserializeOwning', () => {
  const value = {
    hash: Buffer.alloc(32, 7),
    boc: Buffer.alloc(100_000, 1),
    view: new Uint16Array([1, 2, 3]),
    nested: [{ h: Buffer.from('abcd', 'hex') }],
  };
  const bytes = serialize(value);

  it('reads what v8.deserialize reads', () => {
    expect(deserializeOwning(bytes)).toEqual(deserialize(bytes));
  });

  it('gives Buffers that do not keep the message alive (v8.deserialize gives views into it)', () => {
    // the quirk this module exists for: a 32-byte hash that pins the whole 100 kB message
    expect((deserialize(bytes) as typeof value).hash.buffer).toBe(bytes.buffer);
    const owned = deserializeOwning(bytes) as typeof value;
    for (const b of [owned.hash, owned.boc, owned.nested[0]!.h, owned.view]) expect(b.buffer).not.toBe(bytes.buffer);
    expect(Buffer.isBuffer(owned.hash)).toBe(true);
    expect(owned.hash.buffer.byteLength).toBeLessThan(bytes.length);
    expect(owned.view).toBeInstanceOf(Uint16Array);
  });
});
