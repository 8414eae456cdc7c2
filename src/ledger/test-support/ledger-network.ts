import type { Address, Cell, Message } from '@ton/core';
import type { LedgerWriter } from '../../store/interface';
import type { AccountInfoRecord, TransactionRecord } from '../../store/records';
import { Emulator, type EmulatedTrace, type EmulatorOptions } from '../network/emulator';
import { LedgerAssembler, type TraceClassifier } from '../network/ledger-assembler';

export interface NetworkOptions extends EmulatorOptions {
  writer: LedgerWriter | null;
  classify?: TraceClassifier;
}

export interface TraceSummary extends EmulatedTrace {
  traceId: Buffer;
  records: TransactionRecord[];
}

/**
 * The local network in one thread: the emulator and the ledger assembler side by side, each
 * transaction turned into its record as soon as it ran. Tests and tools that look at the records of
 * a trace use this; the producer of a ledger runs the two halves in two threads (producer.ts).
 */
export class LedgerNetwork {
  /** Told of every trace as it completes (the traffic sets it). */
  onTraceComplete: ((trace: number, result: EmulatedTrace) => void) | null = null;
  /** The records of the traces `settle` waits for, as their transactions run. */
  private readonly watched = new Map<number, TransactionRecord[]>();
  private readonly finished = new Map<number, EmulatedTrace>();

  private constructor(
    private readonly emulator: Emulator,
    private readonly assembler: LedgerAssembler,
  ) {
    emulator.onTraceComplete = (trace, result) => {
      if (this.watched.has(trace)) this.finished.set(trace, result);
      this.onTraceComplete?.(trace, result);
    };
  }

  static async create(opts: NetworkOptions): Promise<LedgerNetwork> {
    const assembler = new LedgerAssembler(opts.writer, opts.classify);
    let net: LedgerNetwork | null = null;
    const emulator = await Emulator.create(opts, (event) => {
      const rec = assembler.handle(event);
      if (rec && event.kind === 'tx') net!.watched.get(event.trace)?.push(rec);
    });
    net = new LedgerNetwork(emulator, assembler);
    return net;
  }

  get now(): number {
    return this.emulator.now;
  }

  get stats() {
    return this.assembler.stats;
  }

  info(account: string): AccountInfoRecord | undefined {
    return this.assembler.info(account);
  }

  genesisAccount(...args: Parameters<Emulator['genesisAccount']>): Promise<void> {
    return this.emulator.genesisAccount(...args);
  }

  hasAccount(address: Parameters<Emulator['hasAccount']>[0]): boolean {
    return this.emulator.hasAccount(address);
  }

  sendExternal(message: Message | Cell): number {
    return this.emulator.sendExternal(message);
  }

  runTickTock(address: Address, which: 'tick' | 'tock'): number {
    return this.emulator.runTickTock(address, which);
  }

  /**
   * Makes slots until the trace (sent in the current slot, none made since) is complete; gives back
   * its records and what it did.
   */
  async settle(trace: number): Promise<TraceSummary> {
    this.watched.set(trace, []);
    while (!this.finished.has(trace)) await this.endSlot();
    const records = this.watched.get(trace)!;
    const result = this.finished.get(trace)!;
    this.watched.delete(trace);
    this.finished.delete(trace);
    return { ...result, traceId: records[0]!.traceId, records };
  }

  /** Makes the slot's blocks; resolves once its batch is committed. */
  async endSlot(): Promise<void> {
    await this.emulator.endSlot();
    await this.assembler.written();
  }

  /** Makes slots until no trace is in flight, and waits for every batch to be committed. */
  async close(): Promise<void> {
    while (this.emulator.tracesInFlight > 0 || this.assembler.hasUnwritten) await this.emulator.endSlot();
    await this.assembler.written();
  }
}
