import type { Address, Cell, Message } from '@ton/core';
import type { LedgerWriter } from '../../store/interface';
import type { AccountInfoRecord, TransactionRecord } from '../../store/records';
import { Emulator, type EmulatedTrace, type EmulatorOptions } from './emulator';
import { LedgerAssembler, type TraceClassifier } from './ledger-assembler';

export type { TraceClassifier } from './ledger-assembler';

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
  private lastRecords: TransactionRecord[] = [];

  private constructor(
    private readonly emulator: Emulator,
    private readonly assembler: LedgerAssembler,
  ) {}

  static async create(opts: NetworkOptions): Promise<LedgerNetwork> {
    const assembler = new LedgerAssembler(opts.writer, opts.classify);
    let net: LedgerNetwork | null = null;
    const emulator = await Emulator.create(opts, (event) => {
      const rec = assembler.handle(event);
      if (rec) net!.lastRecords.push(rec);
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

  sendExternal(message: Message | Cell): Promise<TraceSummary> {
    return this.collect(() => this.emulator.sendExternal(message));
  }

  runTickTock(address: Address, which: 'tick' | 'tock'): Promise<TraceSummary> {
    return this.collect(() => this.emulator.runTickTock(address, which));
  }

  /** Seals the slot; resolves once its batch is committed. */
  async endSlot(): Promise<void> {
    this.emulator.endSlot();
    await this.assembler.written();
  }

  /** Seals the last slot if it holds anything, and waits for every batch to be committed. */
  async close(): Promise<void> {
    if (this.assembler.hasUnwritten) this.emulator.endSlot();
    await this.assembler.written();
  }

  private async collect(run: () => Promise<EmulatedTrace>): Promise<TraceSummary> {
    this.lastRecords = [];
    const trace = await run();
    const records = this.lastRecords;
    return { ...trace, traceId: records[0]!.traceId, records };
  }
}
