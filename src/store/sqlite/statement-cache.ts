/**
 * Prepared statements kept by their SQL text, at most `max` of them, the least recently used
 * dropped first. The readers build their SQL from the request's filters and list lengths, so
 * the texts a client can make are many (list lengths times filter combinations: some 25,000); each
 * prepared statement lives in native memory, which no heap cap of a worker covers. The few
 * statements of the common queries stay warm; a rare combination is prepared again when it
 * comes back.
 */
export class StatementCache<S> {
  private readonly map = new Map<string, S>();
  private misses = 0;

  constructor(
    private readonly prepare: (sql: string) => S,
    private readonly max = 256,
  ) {}

  /** Statements kept now. */
  get size(): number {
    return this.map.size;
  }

  /** Statements prepared so far (a text seen again after it was dropped counts again). */
  get prepared(): number {
    return this.misses;
  }

  get(sql: string): S {
    const hit = this.map.get(sql);
    if (hit !== undefined) {
      // most recently used last: Map keeps insertion order
      this.map.delete(sql);
      this.map.set(sql, hit);
      return hit;
    }
    const statement = this.prepare(sql);
    this.misses += 1;
    this.map.set(sql, statement);
    if (this.map.size > this.max) {
      this.map.delete(this.map.keys().next().value!);
    }
    return statement;
  }
}
