import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * @ton/core hashes every cell it builds or parses through @ton/crypto's `sha256_sync`, a pure-JS
 * SHA-256 (jssha over hex strings): in the producer that was about a tenth of all CPU time. Node's
 * own SHA-256 gives the same digest at a fraction of the cost, so the producer installs it in
 * @ton/crypto's primitives module, where @ton/core looks the function up on every call. Only the
 * producer and the sandbox receiver (src/sandbox: its thread and its frame reader threads) do this
 * (the server hashes little), and the digests are identical, as the ledger tests check through
 * every transaction hash and the sandbox tests through every hash sandbox gave its test.
 */
export function useNodeSha256(): void {
  const require = createRequire(import.meta.url);
  const primitives = require('@ton/crypto/dist/primitives/sha256') as {
    sha256_sync: (source: Buffer | string) => Buffer;
  };
  primitives.sha256_sync = (source) =>
    createHash('sha256')
      .update(typeof source === 'string' ? Buffer.from(source, 'utf-8') : source)
      .digest();
}
