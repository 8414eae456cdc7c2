import { Address, beginCell, internal, storeMessage, toNano, type Cell, type Message } from '@ton/core';
import { FAUCET_BALANCE, faucetWallet, LOCAL_WALLET_BALANCE } from './local-wallets';
import { commentCell } from '../../ton/comment';
import { compileContracts, type CompiledContracts } from '../contracts/compile';
import {
  jettonBurnBody,
  jettonMinterData,
  jettonMintBody,
  jettonTransferBody,
  jettonWalletAddress,
} from '../contracts/jetton';
import { nftCollectionData, nftItemAddress, nftMintBody, nftTransferBody } from '../contracts/nft';
import { nftSaleAddress, nftSaleInit, type NftSale } from '../contracts/nft-sale';
import {
  chainBody,
  fanBody,
  forwarderAddress,
  forwarderInit,
  throwBody,
  tickTockData,
} from '../contracts/test-contracts';
import type { EmulatedTrace } from '../network/emulator';
import { deriveKeyPair } from './keys';
import { Random } from './random';
import { TrafficWallet } from './wallets';
import { contractAddress } from '@ton/core';
import { createHash } from 'node:crypto';

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

const COMMENTS = [
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
const WEIGHTS: [TraceKind, number][] = [
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

const WALLETS = 24;
/** Distinct starting forwarders of chains, and roots of fan-outs (each root reaches 240 accounts). */
const CHAIN_STARTS = 8n;
const FAN_ROOTS = 3n;
/**
 * The wide fan-out: 1 + 16 + 16² + 16³ = 4,369 transactions (with the wallet's, 4,370), over the
 * API's default per-trace cap of 4,000 (TON Center's), so its trace is served cut (`is_incomplete`,
 * `warning`). Three levels of 16 rather than two of 64: the forwarder keeps 0.1 TON per hop for its
 * gas, and sending 64 messages costs more than that (32 cost ~0.08 TON), while 16 cost ~0.04. The
 * value is what the levels keep plus what reaches the leaves: a level-2 forwarder gets ~1.77 TON, a
 * level-1 one ~28.4, so each of the 4,096 leaves gets ~0.1 TON, enough to be deployed.
 */
const WIDE_FAN = { width: 16, depth: 3, value: toNano('460') };
/** Transactions in the wide fan-out's trace: the wallet's, then the forwarders' level by level. */
export const WIDE_FAN_TRANSACTIONS =
  1 + Array.from({ length: WIDE_FAN.depth + 1 }, (_, level) => WIDE_FAN.width ** level).reduce((a, b) => a + b);
/**
 * A bounceable message worth 0.0006 TON to the thrower: enough gas for the throw (0.000418 TON on
 * the basechain's prices), not enough left for the bounce's forward fee (0.0004 TON), so the bounce
 * phase is `nofunds` with its `req_fwd_fees` and no message comes back.
 */
const NO_FUNDS_BOUNCE_VALUE = toNano('0.0006');
const GENESIS_BALANCE = toNano('1000000');

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

/**
 * The traffic of our network: wallets, a jetton, an NFT collection and test contracts, and a
 * deterministic mix of every kind of trace an explorer must show.
 */
export class Traffic {
  private wallets: TrafficWallet[] = [];
  private mcWallet!: TrafficWallet;
  private faucet!: TrafficWallet;
  /** The developer's pre-funded wallets (local-wallets.ts), funded by the faucet's first transfer. */
  private localWallets: Address[] = [];
  private admin!: TrafficWallet;
  private contracts!: CompiledContracts;
  private minter!: Address;
  private collection!: Address;
  private thrower!: Address;
  private tickTock!: Address;
  private inits!: Record<'tickTock' | 'minter' | 'collection' | 'thrower', { code: Cell; data: Cell }>;
  private readonly jettonBalances = new Map<string, bigint>();
  private readonly nftOwners: (TrafficWallet | null)[] = [];
  private nextForwarderId = 1n;
  private chains = 0n;
  private fans = 0n;
  private wideFans = 0n;
  private queryId = 1n;
  private freshAddresses = 0;
  readonly counts = new Map<TraceKind, number>();
  /** Effects of traces in flight, applied when each completes (in completion order). */
  private readonly pending = new Map<number, TraceEffect>();
  private readonly rng: Random;

  constructor(
    private readonly net: TrafficNetwork,
    private readonly seed: number,
  ) {
    this.rng = new Random(seed);
    net.onTraceComplete = (trace, result) => this.complete(trace, result);
  }

  /** A trace is complete: what it was sent to do happened unless a transaction of it failed. */
  private complete(trace: number, result: EmulatedTrace): void {
    const effect = this.pending.get(trace);
    if (!effect) return;
    this.pending.delete(trace);
    if (result.anyFailed) return;
    for (const [owner, delta] of effect.jettons ?? [])
      this.jettonBalances.set(owner, (this.jettonBalances.get(owner) ?? 0n) + BigInt(delta));
    if (effect.nft) this.nftOwners[effect.nft[0]] = this.wallets[effect.nft[1]]!;
  }

  /** Genesis: funded wallets (still uninit: their first external deploys them), the tick-tock account. */
  async genesis(): Promise<void> {
    await this.setup();
    for (const w of this.wallets) await this.net.genesisAccount(w.address, { balance: GENESIS_BALANCE });
    await this.net.genesisAccount(this.mcWallet.address, { balance: GENESIS_BALANCE });
    await this.net.genesisAccount(this.faucet.address, { balance: FAUCET_BALANCE });
    await this.net.genesisAccount(this.tickTock, {
      balance: toNano('1000'),
      ...this.inits.tickTock,
      special: { tick: true, tock: true },
    });
  }

  /** The first traces: the admin deploys the jetton minter, the NFT collection and the thrower. */
  async bootstrap(): Promise<void> {
    const { minter, collection, thrower } = this.inits;
    await this.send(this.admin, [
      internal({
        to: this.minter,
        value: toNano('1'),
        init: minter,
        bounce: false,
        body: commentCell('deploy jetton minter'),
      }),
      internal({
        to: this.collection,
        value: toNano('1'),
        init: collection,
        bounce: false,
        body: commentCell('deploy collection'),
      }),
      internal({ to: this.thrower, value: toNano('1'), init: thrower, bounce: false }),
    ]);
    await this.net.endSlot();
  }

  /**
   * Everything the seed fixes: the compiled contracts, the wallets' keys, the contracts' initial
   * states and addresses. Sends nothing.
   */
  private async setup(): Promise<void> {
    const c = (this.contracts = await compileContracts());
    for (let i = 0; i < WALLETS; i++)
      this.wallets.push(new TrafficWallet(i % 2 === 0 ? 'v4r2' : 'v5r1', deriveKeyPair(this.seed, i), 0));
    this.admin = this.wallets[0]!;
    this.mcWallet = new TrafficWallet('v4r2', deriveKeyPair(this.seed, 1000), -1);
    this.faucet = faucetWallet(this.seed);
    this.inits = {
      tickTock: { code: c.tickTock, data: tickTockData() },
      minter: {
        code: c.jettonMinter,
        data: jettonMinterData({
          admin: this.admin.address,
          walletCode: c.jettonWallet,
          metadata: {
            name: 'Ledger Jetton',
            symbol: 'LJT',
            decimals: '9',
            description: 'The jetton of the ledgerscope network',
            image: 'https://ledgerscope.invalid/ljt.png',
          },
        }),
      },
      collection: {
        code: c.nftCollection,
        data: nftCollectionData({
          owner: this.admin.address,
          itemCode: c.nftItem,
          metadata: {
            name: 'Ledger Shapes',
            description: 'Shapes minted on the ledgerscope network',
            image: 'https://ledgerscope.invalid/shapes.png',
          },
        }),
      },
      thrower: { code: c.thrower, data: commentCell(`thrower ${this.seed}`) },
    };
    this.tickTock = contractAddress(-1, this.inits.tickTock);
    this.minter = contractAddress(0, this.inits.minter);
    this.collection = contractAddress(0, this.inits.collection);
    this.thrower = contractAddress(0, this.inits.thrower);
  }

  /**
   * The generator's state between two slots: with the seed, all a restarted producer needs to go on
   * sending exactly the traffic an uninterrupted one sends. Every field that a trace changes belongs
   * here (the resume tests compare a restarted ledger with an uninterrupted one, byte for byte).
   */
  snapshot(): TrafficState {
    const walletIndex = (w: TrafficWallet | null) => (w ? this.wallets.indexOf(w) : -1);
    return {
      rng: this.rng.state,
      wallets: [...this.wallets, this.mcWallet].map((w) => [w.seqno, w.deployed ? 1 : 0]),
      jettonBalances: [...this.jettonBalances].map(([k, v]) => [k, v.toString()]),
      nftOwners: this.nftOwners.map(walletIndex),
      nextForwarderId: this.nextForwarderId.toString(),
      chains: this.chains.toString(),
      fans: this.fans.toString(),
      queryId: this.queryId.toString(),
      freshAddresses: this.freshAddresses,
      counts: [...this.counts],
      pending: [...this.pending],
      faucet: [this.faucet.seqno, this.faucet.deployed ? 1 : 0],
    };
  }

  /** Takes up a snapshot: the network already holds the accounts' states. */
  async restore(state: TrafficState): Promise<void> {
    await this.setup();
    this.rng.state = state.rng;
    [...this.wallets, this.mcWallet].forEach((w, i) => {
      const [seqno, deployed] = state.wallets[i]!;
      w.seqno = seqno;
      w.deployed = deployed === 1;
    });
    for (const [k, v] of state.jettonBalances) this.jettonBalances.set(k, BigInt(v));
    this.nftOwners.push(...state.nftOwners.map((i) => (i < 0 ? null : this.wallets[i]!)));
    this.nextForwarderId = BigInt(state.nextForwarderId);
    this.chains = BigInt(state.chains);
    this.fans = BigInt(state.fans);
    this.queryId = BigInt(state.queryId);
    this.freshAddresses = state.freshAddresses;
    for (const [k, n] of state.counts) this.counts.set(k, n);
    for (const [trace, effect] of state.pending) this.pending.set(trace, effect);
    const [faucetSeqno, faucetDeployed] = state.faucet ?? [0, 0];
    this.faucet.seqno = faucetSeqno;
    this.faucet.deployed = faucetDeployed === 1;
    // a ledger made before the faucet: its genesis now, as the state of an account no transaction touched
    if (!this.net.hasAccount(this.faucet.address))
      await this.net.genesisAccount(this.faucet.address, { balance: FAUCET_BALANCE });
  }

  /** The developer's pre-funded wallets: the faucet's first transfer funds them (local-wallets.ts). */
  fundLocalWallets(addresses: Address[]): void {
    this.localWallets = addresses;
  }

  /** The faucet wallet's address. */
  get faucetAddress(): Address {
    return this.faucet.address;
  }

  /**
   * Pays faucet requests (at most FAUCET_BATCH) by one external message of the faucet wallet: a real
   * message of a real wallet, so each payment is a trace like any other. Gives back the message's
   * hash and the id of the trace it starts.
   */
  async pay(requests: { to: Address; amount: bigint }[]): Promise<{ hash: Buffer; trace: number }> {
    const message = await this.faucet.transfer(
      requests.map(({ to, amount }) =>
        internal({ to, value: amount, bounce: false, body: commentCell('from the faucet of the local network') }),
      ),
      this.net.now,
    );
    return { hash: beginCell().store(storeMessage(message)).endCell().hash(), trace: this.net.sendExternal(message) };
  }

  /**
   * One masterchain block's worth of traffic: the tick and tock, and `traces` new traces sent
   * without waiting for those of earlier slots, still in flight; then the slot's blocks are made.
   */
  async slot(traces: number, force?: TraceKind): Promise<void> {
    this.net.runTickTock(this.tickTock, 'tick');
    this.net.runTickTock(this.tickTock, 'tock');
    // the faucet's first transfer funds the developer's wallets, in the first slot it can
    if (!this.faucet.deployed && this.localWallets.length > 0)
      await this.send(
        this.faucet,
        this.localWallets.map((to) =>
          internal({
            to,
            value: LOCAL_WALLET_BALANCE,
            bounce: false,
            body: commentCell('a pre-funded wallet of the local network'),
          }),
        ),
      );
    for (let i = 0; i < traces; i++) await this.trace(i === 0 && force ? force : this.pickKind());
    await this.net.endSlot();
  }

  private pickKind(): TraceKind {
    const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
    let r = this.rng.next() * total;
    for (const [k, w] of WEIGHTS) {
      r -= w;
      if (r < 0) return k;
    }
    return 'transfer';
  }

  private wallet(exclude?: TrafficWallet): TrafficWallet {
    for (;;) {
      const w = this.rng.pick(this.wallets);
      if (w !== exclude) return w;
    }
  }

  private amount(minTon: number, maxTon: number): bigint {
    return toNano((minTon + this.rng.next() * (maxTon - minTon)).toFixed(3));
  }

  /** Sends the external; `effect` is applied when its trace completes, if it succeeded. */
  private async send(
    from: TrafficWallet,
    messages: Parameters<TrafficWallet['transfer']>[0],
    effect?: TraceEffect,
  ): Promise<number> {
    const trace = this.net.sendExternal(await from.transfer(messages, this.net.now));
    if (effect) this.pending.set(trace, effect);
    return trace;
  }

  /**
   * Sends one trace of the kind; gives back its trace id. What the traffic knows of balances and
   * owners changes only when a trace completes: later traces are picked from what is settled.
   */
  async trace(kind: TraceKind): Promise<number> {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    const c = this.contracts;
    const q = this.queryId++;
    switch (kind) {
      case 'transfer': {
        const from = this.wallet();
        const to = this.wallet(from);
        const text = this.rng.pick(COMMENTS);
        return this.send(from, [
          internal({
            to: to.address,
            value: this.amount(0.01, 25),
            bounce: false,
            body: text ? commentCell(text) : undefined,
          }),
        ]);
      }
      case 'multi_transfer': {
        const from = this.wallet();
        const n = this.rng.int(2, from.maxMessages === 4 ? 4 : 8);
        return this.send(
          from,
          Array.from({ length: n }, (_, i) =>
            internal({
              to: this.wallet(from).address,
              value: this.amount(0.05, 3),
              bounce: false,
              body: commentCell(`part ${i + 1} of ${n}`),
            }),
          ),
        );
      }
      case 'bounce_nonexistent': {
        // a bounceable transfer to an address nobody has deployed: the value comes back
        const to = new Address(
          0,
          createHash('sha256').update(`nowhere:${this.seed}:${this.freshAddresses++}`).digest(),
        );
        return this.send(this.wallet(), [
          internal({ to, value: this.amount(0.1, 5), bounce: true, body: commentCell('are you there?') }),
        ]);
      }
      case 'bounce_no_funds':
        return this.send(this.wallet(), [
          internal({
            to: this.thrower,
            value: NO_FUNDS_BOUNCE_VALUE,
            bounce: true,
            body: throwBody(this.rng.pick([33, 48, 101]), q),
          }),
        ]);
      case 'compute_failure': {
        const code = this.rng.pick([13, 33, 47, 48, 73, 101, 404, 777]);
        return this.send(this.wallet(), [
          internal({ to: this.thrower, value: this.amount(0.05, 1), bounce: true, body: throwBody(code, q) }),
        ]);
      }
      case 'deploy': {
        const id = 1_000_000n + this.nextForwarderId++;
        const init = forwarderInit(id, c.forwarder);
        return this.send(this.wallet(), [
          internal({ to: forwarderAddress(id, c.forwarder), value: this.amount(0.05, 0.5), init, bounce: false }),
        ]);
      }
      case 'jetton_mint': {
        const to = this.wallet();
        const amount = BigInt(this.rng.int(100, 50_000)) * 10n ** 9n;
        return this.send(
          this.admin,
          [
            internal({
              to: this.minter,
              value: toNano('0.2'),
              body: jettonMintBody({
                queryId: q,
                to: to.address,
                amount,
                forwardTonAmount: toNano('0.01'),
                totalTonAmount: toNano('0.1'),
              }),
            }),
          ],
          {
            jettons: [[to.raw, amount.toString()]],
          },
        );
      }
      case 'jetton_airdrop': {
        // the admin mints to wallets that hold none yet (as many as its wallet sends at once): a
        // jetton with more holders than a page of them, early in every ledger
        // (a mint still in flight counts: its trace's pending effect names the wallet)
        const minting = new Set([...this.pending.values()].flatMap((e) => (e.jettons ?? []).map(([owner]) => owner)));
        const fresh = this.wallets.filter((w) => !this.jettonBalances.has(w.raw) && !minting.has(w.raw));
        const to = (fresh.length > 0 ? fresh : this.wallets).slice(0, this.admin.maxMessages);
        const mints = to.map((w) => ({ w, amount: BigInt(this.rng.int(100, 50_000)) * 10n ** 9n }));
        return this.send(
          this.admin,
          mints.map(({ w, amount }, i) =>
            internal({
              to: this.minter,
              value: toNano('0.2'),
              body: jettonMintBody({
                queryId: q * 10n + BigInt(i),
                to: w.address,
                amount,
                forwardTonAmount: toNano('0.01'),
                totalTonAmount: toNano('0.1'),
              }),
            }),
          ),
          { jettons: mints.map(({ w, amount }) => [w.raw, amount.toString()]) },
        );
      }
      case 'jetton_transfer':
      case 'jetton_burn': {
        const holders = this.wallets.filter((w) => (this.jettonBalances.get(w.raw) ?? 0n) > 0n);
        if (holders.length === 0) return this.trace('jetton_mint');
        const from = this.rng.pick(holders);
        const balance = this.jettonBalances.get(from.raw)!;
        const myWallet = jettonWalletAddress(this.minter, from.address, c.jettonWallet);
        if (kind === 'jetton_burn') {
          const amount = balance / BigInt(this.rng.int(4, 20));
          return this.send(
            from,
            [
              internal({
                to: myWallet,
                value: toNano('0.1'),
                body: jettonBurnBody({ queryId: q, amount, responseDestination: from.address }),
              }),
            ],
            {
              jettons: [[from.raw, (-amount).toString()]],
            },
          );
        }
        const to = this.wallet(from);
        // now and then more than the balance: the sender's jetton wallet refuses it (exit 47)
        const amount = this.rng.chance(0.08) ? balance + 1n : balance / BigInt(this.rng.int(2, 10));
        const text = this.rng.pick(COMMENTS);
        return this.send(
          from,
          [
            internal({
              to: myWallet,
              value: toNano('0.15'),
              body: jettonTransferBody({
                queryId: q,
                amount,
                destination: to.address,
                responseDestination: from.address,
                forwardTonAmount: toNano('0.01'),
                comment: text || undefined,
              }),
            }),
          ],
          {
            jettons: [
              [from.raw, (-amount).toString()],
              [to.raw, amount.toString()],
            ],
          },
        );
      }
      case 'nft_mint': {
        const index = this.nftOwners.length;
        const owner = this.wallet();
        // the index is taken now; the NFT has an owner to transfer from once its mint completes
        this.nftOwners.push(null);
        return this.send(
          this.admin,
          [
            internal({
              to: this.collection,
              value: toNano('0.1'),
              body: nftMintBody({
                queryId: q,
                index: BigInt(index),
                amount: toNano('0.05'),
                owner: owner.address,
                name: `Shape #${index}`,
              }),
            }),
          ],
          {
            nft: [index, this.wallets.indexOf(owner)],
          },
        );
      }
      case 'nft_transfer': {
        const owned = this.nftOwners.map((o, i) => [o, i] as const).filter(([o]) => o !== null);
        if (owned.length === 0) return this.trace('nft_mint');
        const [owner, index] = this.rng.pick(owned);
        const to = this.wallet(owner!);
        const item = nftItemAddress(this.collection, BigInt(index), c.nftItem);
        return this.send(
          owner!,
          [
            internal({
              to: item,
              value: toNano('0.1'),
              body: nftTransferBody({
                queryId: q,
                newOwner: to.address,
                responseDestination: owner!.address,
                forwardAmount: toNano('0.01'),
                comment: 'enjoy',
              }),
            }),
          ],
          {
            nft: [index, this.wallets.indexOf(to)],
          },
        );
      }
      case 'nft_sale': {
        // the owner deploys a sale contract and hands it the NFT, in one external: from then on the
        // NFT's owner is the sale contract and its real owner the seller (func/nft-sale.fc)
        const owned = this.nftOwners.map((o, i) => [o, i] as const).filter(([o]) => o !== null);
        if (owned.length === 0) return this.trace('nft_mint');
        const [seller, index] = this.rng.pick(owned);
        const item = nftItemAddress(this.collection, BigInt(index), c.nftItem);
        const sale: NftSale = {
          nft: item,
          seller: seller!.address,
          marketplace: this.admin.address,
          price: this.amount(1, 100),
        };
        const saleAddress = nftSaleAddress(sale, c.nftSale);
        // held by the sale from now on: no later trace of the traffic moves it
        this.nftOwners[index] = null;
        return this.send(seller!, [
          internal({ to: saleAddress, value: toNano('0.05'), init: nftSaleInit(sale, c.nftSale), bounce: false }),
          internal({
            to: item,
            value: toNano('0.1'),
            body: nftTransferBody({
              queryId: q,
              newOwner: saleAddress,
              responseDestination: seller!.address,
              forwardAmount: toNano('0.01'),
            }),
          }),
        ]);
      }
      case 'masterchain_wallet': {
        if (this.rng.chance(0.5)) {
          return this.send(this.mcWallet, [
            internal({
              to: this.wallet().address,
              value: this.amount(1, 50),
              bounce: false,
              body: commentCell('from the masterchain'),
            }),
          ]);
        }
        return this.send(this.wallet(), [
          internal({
            to: this.mcWallet.address,
            value: this.amount(1, 20),
            bounce: false,
            body: commentCell('to the masterchain'),
          }),
        ]);
      }
      case 'chain': {
        // chains start from a small pool of forwarders, so the accounts they pass through are reused
        // (every new account costs the emulator memory for as long as the network runs)
        const id = 2_000_000n + (this.chains++ % CHAIN_STARTS) * 100n;
        const hops = this.rng.int(20, 26);
        return this.send(this.wallet(), [
          internal({
            to: forwarderAddress(id, c.forwarder),
            value: toNano('3'),
            init: forwarderInit(id, c.forwarder),
            body: chainBody(hops, q),
          }),
        ]);
      }
      case 'fan_out': {
        // 1 + 15 + 225 = 241 transactions: the root forwarder and two levels of fan-out
        const id = 3_000_000n + (this.fans++ % FAN_ROOTS);
        return this.send(this.wallet(), [
          internal({
            to: forwarderAddress(id, c.forwarder),
            value: toNano('40'),
            init: forwarderInit(id, c.forwarder),
            body: fanBody(15, 2, q),
          }),
        ]);
      }
      case 'wide_fan_out': {
        const id = 4_000_000n + this.wideFans++;
        return this.send(this.wallet(), [
          internal({
            to: forwarderAddress(id, c.forwarder),
            value: WIDE_FAN.value,
            init: forwarderInit(id, c.forwarder),
            body: fanBody(WIDE_FAN.width, WIDE_FAN.depth, q),
          }),
        ]);
      }
    }
  }
}

export type { Cell };
