import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { beginCell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { useNodeSha256 } from './fast-sha256';

describe('the producer’s SHA-256 for @ton/core', () => {
  it('gives the digests of the pure-JS one, for buffers, strings and cell hashes', () => {
    const require = createRequire(import.meta.url);
    const primitives = require('@ton/crypto/dist/primitives/sha256') as { sha256_sync: (s: Buffer | string) => Buffer };
    const original = primitives.sha256_sync;
    const inputs: (Buffer | string)[] = [
      Buffer.alloc(0),
      'héllo ✓',
      ...Array.from({ length: 50 }, (_, i) => randomBytes(i * 37)),
    ];
    const before = inputs.map((x) => original(x).toString('hex'));
    const cell = () =>
      beginCell()
        .storeUint(0xdeadbeef, 32)
        .storeRef(beginCell().storeStringTail('x'.repeat(200)).endCell())
        .endCell();
    const cellHashBefore = cell().hash().toString('hex');
    useNodeSha256();
    try {
      expect(primitives.sha256_sync).not.toBe(original);
      expect(inputs.map((x) => primitives.sha256_sync(x).toString('hex'))).toEqual(before);
      expect(cell().hash().toString('hex')).toBe(cellHashBefore);
    } finally {
      primitives.sha256_sync = original;
    }
  });
});
