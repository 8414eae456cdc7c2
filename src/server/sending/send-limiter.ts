/**
 * Sends per client: a token bucket per client address, `perSecond` refilled each second up to
 * `burst`. A client past it is told how long to wait (429 with Retry-After); other clients, and
 * every read, are untouched. Buckets of clients quiet for a minute are forgotten.
 */
export class SendLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private sweptAt = Date.now();

  constructor(
    readonly perSecond: number,
    readonly burst: number = Math.max(1, perSecond * 2),
  ) {}

  /** Takes one send for `client`: null when allowed, else the seconds to wait. */
  take(client: string, now = Date.now()): number | null {
    this.sweep(now);
    const b = this.buckets.get(client) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    this.buckets.set(client, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
  }

  describe(): string {
    return `${this.perSecond} a second (bursts of ${this.burst})`;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [client, b] of this.buckets) if (now - b.at > 60_000) this.buckets.delete(client);
  }
}
