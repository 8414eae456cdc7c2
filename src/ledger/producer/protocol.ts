import type { EmulatorEvent } from '../network/emulator-events';
import type { CompiledContracts } from '../contracts/compile';
import type { TraceKind, TrafficState } from '../traffic/traffic';
import type { DeliveryState } from '../network/emulator';

/** The producer's main thread → its emulator thread. */
export type ProducerCommand = CommandBody & { id: number };

export type CommandBody =
  | {
      cmd: 'start';
      seed: number;
      genesisTime: number;
      contracts: Record<keyof CompiledContracts, string>;
      restore?: RestoreState;
      /** The developer's pre-funded wallets (raw addresses): the faucet funds them first thing. */
      localWallets?: string[];
    }
  /** Lowers the thread's scheduling priority by `by` nice steps (live production beside a server). */
  | { cmd: 'nice'; by: number }
  /**
   * `now`: the slot's time by the wall clock (a live slot); without it, the chain's own pace.
   * `inbound`: BOCs of external messages the service accepted, sent first in the slot.
   */
  | {
      cmd: 'slot';
      traces: number;
      force?: TraceKind;
      now?: number;
      inbound?: Uint8Array[];
      /** Faucet requests to pay: [request id, address (raw), nanotons]. */
      faucet?: [Uint8Array, string, string][];
    };

/**
 * The emulator thread → the main thread: the events of command `id`, in order, in one or more
 * messages; the last one has `done` (and `error` when the command failed). `events` is an
 * EmulatorEvent[] through `v8.serialize`, which keeps Buffers Buffers (a structured clone would
 * turn them into plain Uint8Arrays).
 */
export interface ProducerReply {
  id: number;
  events: Uint8Array;
  done: boolean;
  error?: string;
  /** With `done`: traces of inbound messages still in flight (the live producer hurries their blocks). */
  inboundInFlight?: number;
}

/** A saved position, for the emulator thread to go on from instead of genesis. */
export interface RestoreState {
  /** The slot to run next. */
  slot: number;
  /** The time of the slot before (its masterchain block's). */
  lastSlotTime: number;
  lt: bigint;
  /** [raw address, ShardAccount BOC] of every account. */
  accounts: [string, Buffer][];
  traffic: TrafficState;
  delivery: DeliveryState;
}

export type { EmulatorEvent };
