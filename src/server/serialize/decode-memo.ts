/**
 * Decoded views of cells, kept by the hash of what was decoded. A message is printed twice in a
 * ledger (in the transaction that sent it and in the one that received it), and a deploying
 * message's state init carries whole contract code: parsing it computes the hash of every cell, a
 * tenth of a millisecond for a wallet's code, most of what printing such a message costs. What a
 * cell decodes to never changes, so the view is kept (the oldest dropped first past `max`).
 */
export class DecodeMemo<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly max: number) {}

  through(key: string, decode: () => V): V {
    if (this.map.has(key)) return this.map.get(key)!;
    const value = decode();
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return value;
  }
}
