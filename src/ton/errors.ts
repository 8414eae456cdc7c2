/**
 * Input that is not a valid TON value (an address, a hash, an opcode, a shard). The message names
 * what was wrong; callers add which parameter it came from.
 */
export class TonInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TonInputError';
  }
}
