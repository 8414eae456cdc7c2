import type { StreamingLimits } from './limits';
import { notificationsFor, type SelectionCache } from './notify';
import type { StepInterest, StreamStep } from './step';
import type { Subscription } from './subscription';

/** A connected client, whatever carries it (SSE response or WebSocket). */
export interface StreamClient {
  readonly ip: string;
  /** `null` until a WebSocket client subscribes. */
  subscription: Subscription | null;
  /**
   * One notification's JSON, of the `step`-th step published; the client drops itself when a new
   * step finds it still holding more than its bound.
   */
  send(json: string, step: number): void;
}

/** The connection bounds were reached: 429 with this message. */
export class TooManyConnections extends Error {}

/**
 * The subscribers: who is connected (bounded in total and per client address), and who is
 * subscribed to what, indexed by address and by trace so that a step reaches only the clients
 * it concerns. Connections are admitted here before they are accepted, and released when they end.
 */
export class StreamHub implements StepInterest {
  private readonly clients = new Set<StreamClient>();
  private readonly byAddress = new Map<string, Set<StreamClient>>();
  private readonly byTrace = new Map<string, Set<StreamClient>>();
  private readonly perIp = new Map<string, number>();
  private connections = 0;
  private books = 0;
  private steps = 0;
  private metas = 0;

  constructor(private readonly limits: StreamingLimits) {}

  get size(): number {
    return this.clients.size;
  }

  get connectionCount(): number {
    return this.connections;
  }

  get wantsAddressBook(): boolean {
    return this.books > 0;
  }

  get wantsMetadata(): boolean {
    return this.metas > 0;
  }

  wantsTrace(key: string, traceId: string): boolean {
    return this.byTrace.has(key) || this.byTrace.has(traceId);
  }

  /** Takes a connection slot for `ip`, or throws `TooManyConnections` saying which bound was hit. */
  admit(ip: string): void {
    if (this.connections >= this.limits.maxConnections) {
      throw new TooManyConnections(
        `connection limit reached: ${this.limits.maxConnections} streaming connections are open; try again later`,
      );
    }
    const mine = this.perIp.get(ip) ?? 0;
    if (mine >= this.limits.maxConnectionsPerIp) {
      throw new TooManyConnections(
        `connection limit reached: ${this.limits.maxConnectionsPerIp} active connections from ${ip}`,
      );
    }
    this.connections += 1;
    this.perIp.set(ip, mine + 1);
  }

  /** Gives back the slot of `admit`. */
  release(ip: string): void {
    this.connections -= 1;
    const mine = (this.perIp.get(ip) ?? 1) - 1;
    if (mine <= 0) this.perIp.delete(ip);
    else this.perIp.set(ip, mine);
  }

  /** Sets (or with `null` clears) a client's subscription, replacing the whole previous one. */
  subscribe(client: StreamClient, sub: Subscription | null): void {
    this.unindex(client);
    client.subscription = sub;
    if (!sub) return;
    this.clients.add(client);
    for (const a of sub.addresses) (this.byAddress.get(a) ?? this.byAddress.set(a, new Set()).get(a)!).add(client);
    for (const t of sub.traces) (this.byTrace.get(t) ?? this.byTrace.set(t, new Set()).get(t)!).add(client);
    if (sub.includeAddressBook) this.books += 1;
    if (sub.includeMetadata) this.metas += 1;
  }

  /** Forgets the client entirely (its connection slot is released apart, by `release`). */
  remove(client: StreamClient): void {
    this.unindex(client);
    client.subscription = null;
  }

  /** Subscribed clients and index entries, for tests and health: all must drop to zero when clients leave. */
  stats(): { subscribers: number; addresses: number; traces: number; connections: number } {
    return {
      subscribers: this.clients.size,
      addresses: this.byAddress.size,
      traces: this.byTrace.size,
      connections: this.connections,
    };
  }

  publish(step: StreamStep): void {
    const concerned = new Set<StreamClient>();
    const add = (set: Set<StreamClient> | undefined) => {
      if (set) for (const c of set) concerned.add(c);
    };
    for (const trace of step.traces) {
      for (const t of trace.txs) for (const a of t.addresses) add(this.byAddress.get(a));
      for (const a of trace.actions ?? []) for (const x of a.record.accounts) add(this.byAddress.get(x));
      add(this.byTrace.get(trace.key));
      add(this.byTrace.get(trace.traceId));
    }
    for (const j of step.jettons) add(this.byAddress.get(j.owner));
    const selections: SelectionCache = new Map();
    const stepNo = this.steps++;
    for (const client of concerned) {
      const sub = client.subscription;
      if (!sub) continue;
      try {
        for (const json of notificationsFor(step, sub, selections)) {
          // a client dropped for being slow leaves the hub while its notifications are sent
          if (client.subscription !== sub) break;
          client.send(json, stepNo);
        }
      } catch (error) {
        // one client's failure is its own: the others still hear of the step
        process.stderr.write(`streaming: notifying a client failed: ${(error as Error).stack ?? String(error)}\n`);
      }
    }
  }

  private unindex(client: StreamClient): void {
    const sub = client.subscription;
    if (!sub) return;
    this.clients.delete(client);
    for (const a of sub.addresses) {
      const set = this.byAddress.get(a);
      set?.delete(client);
      if (set?.size === 0) this.byAddress.delete(a);
    }
    for (const t of sub.traces) {
      const set = this.byTrace.get(t);
      set?.delete(client);
      if (set?.size === 0) this.byTrace.delete(t);
    }
    if (sub.includeAddressBook) this.books -= 1;
    if (sub.includeMetadata) this.metas -= 1;
  }
}
