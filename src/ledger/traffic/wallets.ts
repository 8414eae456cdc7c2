import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { SendMode, external, type Address, type Cell, type Message, type MessageRelaxed } from '@ton/core';
import { toRaw } from '../../ton/address';
import { signerFor, type KeyPair } from './keys';

export type WalletKind = 'v4r2' | 'v5r1';

/**
 * A wallet of the traffic generator: its key, its contract, and the seqno it will sign next (kept
 * here rather than asked of the chain, which would cost a get-method run per message).
 */
export class TrafficWallet {
  readonly contract: WalletContractV4 | WalletContractV5R1;
  seqno = 0;
  deployed = false;

  constructor(
    readonly kind: WalletKind,
    readonly keys: KeyPair,
    workchain: 0 | -1,
  ) {
    this.contract =
      kind === 'v4r2'
        ? WalletContractV4.create({ workchain, publicKey: keys.publicKey })
        : WalletContractV5R1.create({
            publicKey: keys.publicKey,
            walletId: { networkGlobalId: -239, context: { workchain, subwalletNumber: 0, walletVersion: 'v5r1' } },
          });
  }

  get address(): Address {
    return this.contract.address;
  }

  get raw(): string {
    return toRaw(this.contract.address);
  }

  /** Most messages one external may carry: v4 sends at most 4, v5r1 up to 255. */
  get maxMessages(): number {
    return this.kind === 'v4r2' ? 4 : 255;
  }

  /**
   * The signed external message sending `messages`. The first one carries the wallet's state init,
   * so the wallet (funded at genesis, still `uninit`) deploys itself. `now` is the chain's clock:
   * the validity window is relative to it, never to the wall clock.
   */
  async transfer(messages: MessageRelaxed[], now: number): Promise<Message> {
    const args = {
      seqno: this.seqno,
      signer: signerFor(this.keys),
      messages,
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: now + 600,
    };
    const body: Cell =
      this.contract instanceof WalletContractV4
        ? await this.contract.createTransfer(args)
        : await this.contract.createTransfer(args);
    const msg = external({ to: this.address, init: this.deployed ? undefined : this.contract.init, body });
    this.seqno += 1;
    this.deployed = true;
    return msg;
  }
}
