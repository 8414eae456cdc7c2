// What the traffic makes and keeps: the kinds of trace and their mix, the network it drives, the
// state a restart takes up again. The accounts and funding are traffic-accounts.ts, the traces
// themselves traffic.ts.
import { Address, toNano, type Cell, type Message } from '@ton/core';
import type { EmulatedTrace } from '../network/emulator';

export type TraceKind =
  | 'transfer'
  | 'multi_transfer'
  | 'bounce_nonexistent'
  | 'bounce_no_funds'
  | 'compute_failure'
  | 'deploy'
  | 'jetton_mint'
  | 'jetton_transfer'
  | 'jetton_burn'
  | 'nft_mint'
  | 'nft_transfer'
  | 'nft_sale'
  | 'jetton_airdrop'
  | 'masterchain_wallet'
  | 'chain'
  | 'fan_out'
  | 'wide_fan_out';

export const COMMENTS = [
  'Thanks for lunch',
  'invoice #1042',
  'rent, March',
  'gm',
  'for the coffee ☕',
  'refund',
  'salary',
  'test payment',
  'Привет!',
  'happy birthday 🎂',
  'order 77-A',
  'split bill',
  '',
  'deposit',
  'donation',
  'payback for tickets',
];

/**
 * How often each kind of trace is picked (chains and fan-outs are rarer: they are big). The wide
 * fan-out is never picked: the producer asks for it once (FIRST_KINDS), as one trace over the API's
 * per-trace cap is all an explorer needs to show a cut trace.
 */
export const WEIGHTS: [TraceKind, number][] = [
  ['transfer', 30],
  ['multi_transfer', 6],
  ['bounce_nonexistent', 5],
  ['bounce_no_funds', 1],
  ['compute_failure', 5],
  ['deploy', 4],
  ['jetton_mint', 5],
  ['jetton_transfer', 12],
  ['jetton_burn', 4],
  ['nft_mint', 5],
  ['nft_transfer', 8],
  ['nft_sale', 1],
  ['masterchain_wallet', 5],
  ['chain', 2],
  ['fan_out', 1],
];

export const WALLETS = 24;
/** Distinct starting forwarders of chains, and roots of fan-outs (each root reaches 240 accounts). */
export const CHAIN_STARTS = 8n;
export const FAN_ROOTS = 3n;
/**
 * The wide fan-out: 1 + 16 + 16² + 16³ = 4,369 transactions (with the wallet's, 4,370), over the
 * API's default per-trace cap of 4,000 (TON Center's), so its trace is served cut (`is_incomplete`,
 * `warning`). Three levels of 16 rather than two of 64: the forwarder keeps 0.1 TON per hop for its
 * gas, and sending 64 messages costs more than that (32 cost ~0.08 TON), while 16 cost ~0.04. The
 * value is what the levels keep plus what reaches the leaves: a level-2 forwarder gets ~1.77 TON, a
 * level-1 one ~28.4, so each of the 4,096 leaves gets ~0.1 TON, enough to be deployed.
 */
export const WIDE_FAN = { width: 16, depth: 3, value: toNano('460') };
/** Transactions in the wide fan-out's trace: the wallet's, then the forwarders' level by level. */
export const WIDE_FAN_TRANSACTIONS =
  1 + Array.from({ length: WIDE_FAN.depth + 1 }, (_, level) => WIDE_FAN.width ** level).reduce((a, b) => a + b);
/**
 * A bounceable message worth 0.0006 TON to the thrower: enough gas for the throw (0.000418 TON on
 * the basechain's prices), not enough left for the bounce's forward fee (0.0004 TON), so the bounce
 * phase is `nofunds` with its `req_fwd_fees` and no message comes back.
 */
export const NO_FUNDS_BOUNCE_VALUE = toNano('0.0006');
export const GENESIS_BALANCE = toNano('1000000');

/** Plain data (JSON), written with the batch that ends a slot: see `Traffic.snapshot`. */
export interface TrafficState {
  rng: [number, number, number, number];
  /** [seqno, deployed] of each wallet, the masterchain wallet last. */
  wallets: [number, number][];
  jettonBalances: [string, string][];
  /** Owner of each NFT as a wallet index, -1 when its mint failed. */
  nftOwners: number[];
  nextForwarderId: string;
  chains: string;
  fans: string;
  queryId: string;
  freshAddresses: number;
  counts: [TraceKind, number][];
  /** [seqno, deployed] of the faucet wallet (absent in the snapshots of older builds: never used). */
  faucet?: [number, number];
  /** What the traffic will learn of traces in flight once they complete: [trace id, effect]. */
  pending: [number, TraceEffect][];
}

/**
 * What a trace in flight will change in the traffic's view of the chain if it succeeds (no
 * transaction of it failed): jetton balance changes ([owner, signed amount]) and an NFT's new
 * owner ([index, wallet index]). Plain data, carried by a snapshot while the trace is in flight.
 */
export interface TraceEffect {
  jettons?: [string, string][];
  nft?: [number, number];
}

/**
 * What the traffic drives: the emulator (in a producer's worker thread) or a whole in-process
 * LedgerNetwork (in tests). Messages are sent without waiting for their traces: a trace runs over
 * the blocks to come, and the network tells `onTraceComplete` when it is done.
 */
export interface TrafficNetwork {
  readonly now: number;
  onTraceComplete: ((trace: number, result: EmulatedTrace) => void) | null;
  genesisAccount(
    address: Address,
    init: { balance: bigint; code?: Cell; data?: Cell; special?: { tick: boolean; tock: boolean } },
  ): Promise<void>;
  /** The network holds a state of this account (genesis, or any transaction). */
  hasAccount(address: Address): boolean;
  /** Queues an external message in this slot; gives back the id of the trace it starts. */
  sendExternal(message: Message): number;
  runTickTock(address: Address, which: 'tick' | 'tock'): number;
  endSlot(): Promise<unknown>;
}
