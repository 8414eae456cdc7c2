import { Address, beginCell, internal, storeMessage, toNano, type Cell } from '@ton/core';
import { FAUCET_BALANCE, faucetWallet, LOCAL_WALLET_BALANCE } from './local-wallets';
import { commentCell } from '../../ton/comment';
import { compileContracts, type CompiledContracts } from '../contracts/compile';
import { jettonMinterData } from '../contracts/jetton';
import { nftCollectionData } from '../contracts/nft';
import { tickTockData } from '../contracts/test-contracts';
import type { EmulatedTrace } from '../network/emulator';
import { deriveKeyPair } from './keys';
import { Random } from './random';
import { TrafficWallet } from './wallets';
import { contractAddress } from '@ton/core';
import {
  GENESIS_BALANCE,
  WALLETS,
  WEIGHTS,
  type TraceEffect,
  type TraceKind,
  type TrafficNetwork,
  type TrafficState,
} from './traffic-kinds';

/**
 * The traffic's accounts: wallets, a jetton, an NFT collection and test contracts, set up from the
 * seed, funded at genesis, snapshotted for a restart, and the faucet's payments; each slot sends the
 * traces that `trace` (traffic.ts) makes, of a deterministic mix.
 */
export abstract class TrafficAccounts {
  protected wallets: TrafficWallet[] = [];
  protected mcWallet!: TrafficWallet;
  protected faucet!: TrafficWallet;
  /** The developer's pre-funded wallets (local-wallets.ts), funded by the faucet's first transfer. */
  protected localWallets: Address[] = [];
  protected admin!: TrafficWallet;
  protected contracts!: CompiledContracts;
  protected minter!: Address;
  protected collection!: Address;
  protected thrower!: Address;
  protected tickTock!: Address;
  protected inits!: Record<'tickTock' | 'minter' | 'collection' | 'thrower', { code: Cell; data: Cell }>;
  protected readonly jettonBalances = new Map<string, bigint>();
  protected readonly nftOwners: (TrafficWallet | null)[] = [];
  protected nextForwarderId = 1n;
  protected chains = 0n;
  protected fans = 0n;
  protected wideFans = 0n;
  protected queryId = 1n;
  protected freshAddresses = 0;
  readonly counts = new Map<TraceKind, number>();
  /** Effects of traces in flight, applied when each completes (in completion order). */
  protected readonly pending = new Map<number, TraceEffect>();
  protected readonly rng: Random;

  constructor(
    protected readonly net: TrafficNetwork,
    protected readonly seed: number,
  ) {
    this.rng = new Random(seed);
    net.onTraceComplete = (trace, result) => this.complete(trace, result);
  }

  /** A trace is complete: what it was sent to do happened unless a transaction of it failed. */
  protected complete(trace: number, result: EmulatedTrace): void {
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
  protected async setup(): Promise<void> {
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

  protected pickKind(): TraceKind {
    const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
    let r = this.rng.next() * total;
    for (const [k, w] of WEIGHTS) {
      r -= w;
      if (r < 0) return k;
    }
    return 'transfer';
  }

  protected wallet(exclude?: TrafficWallet): TrafficWallet {
    for (;;) {
      const w = this.rng.pick(this.wallets);
      if (w !== exclude) return w;
    }
  }

  protected amount(minTon: number, maxTon: number): bigint {
    return toNano((minTon + this.rng.next() * (maxTon - minTon)).toFixed(3));
  }

  /** Sends the external; `effect` is applied when its trace completes, if it succeeded. */
  protected async send(
    from: TrafficWallet,
    messages: Parameters<TrafficWallet['transfer']>[0],
    effect?: TraceEffect,
  ): Promise<number> {
    const trace = this.net.sendExternal(await from.transfer(messages, this.net.now));
    if (effect) this.pending.set(trace, effect);
    return trace;
  }

  /** Sends one trace of the kind; gives back its trace id. */
  abstract trace(kind: TraceKind): Promise<number>;
}
