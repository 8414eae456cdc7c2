import { Address, internal, toNano, type Cell } from '@ton/core';
import { commentCell } from '../../ton/comment';
import { jettonBurnBody, jettonMintBody, jettonTransferBody, jettonWalletAddress } from '../contracts/jetton';
import { nftItemAddress, nftMintBody, nftTransferBody } from '../contracts/nft';
import { nftSaleAddress, nftSaleInit, type NftSale } from '../contracts/nft-sale';
import { chainBody, fanBody, forwarderAddress, forwarderInit, throwBody } from '../contracts/test-contracts';
import { createHash } from 'node:crypto';
import { TrafficAccounts } from './traffic-accounts';
import { COMMENTS, WIDE_FAN, CHAIN_STARTS, FAN_ROOTS, NO_FUNDS_BOUNCE_VALUE, type TraceKind } from './traffic-kinds';

export {
  WIDE_FAN_TRANSACTIONS,
  type TraceKind,
  type TraceEffect,
  type TrafficNetwork,
  type TrafficState,
} from './traffic-kinds';

/**
 * The traffic of our network: wallets, a jetton, an NFT collection and test contracts, and a
 * deterministic mix of every kind of trace an explorer must show.
 */
export class Traffic extends TrafficAccounts {
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
