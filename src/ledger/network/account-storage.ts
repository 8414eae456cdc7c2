import { SmartContract, createEmptyShardAccount, type Blockchain, type BlockchainStorage, type MessageParams } from '@ton/sandbox';
import { beginCell, storeMessage, type Address, type Cell, type Message } from '@ton/core';

/**
 * The cells of messages as their senders serialized them, keyed by the parsed message's `info`
 * object (the emulator's queue keeps that object when it copies a message).
 */
export const sentCells = new WeakMap<object, Cell>();

/**
 * An account that receives each message as the very cell its sender produced. The sandbox
 * re-serializes a parsed message before delivering it, and @ton/core inlines a small body that the
 * sender stored as a reference: the receiver would then see a message with another hash than the
 * one the sender sent. On a real chain both are the same cell, so an indexer finds the sender and
 * the receiver by one hash; this keeps it so.
 */
export class DeliveringContract extends SmartContract {
  /**
   * The BOC of this account's latest transaction as the emulator returned it (base64), so it can
   * be handed on without serializing the parsed transaction again.
   */
  lastTransactionBoc = '';

  override async receiveMessage(message: Message, params?: MessageParams, callStack?: string) {
    const cell = sentCells.get(message.info) ?? beginCell().store(storeMessage(message)).endCell();
    const args = { ...this.createCommonArgs(params), message: cell };
    return this.runCommon(() => this.keepBoc(this.blockchain.executor.runTransaction(args)), callStack);
  }

  override async runTickTock(which: 'tick' | 'tock', params?: MessageParams) {
    const args = { ...this.createCommonArgs(params), which };
    return this.runCommon(() => this.keepBoc(this.blockchain.executor.runTickTock(args)));
  }

  /** The account's state after its latest transaction: the ShardAccount BOC the emulator returned. */
  get shardAccountBoc(): string {
    // the sandbox keeps it serialized in a private field, and parses it only when asked
    return (this as unknown as { _account: string })._account;
  }

  private async keepBoc<R extends { result: { success: boolean } }>(run: Promise<R>): Promise<R> {
    const res = await run;
    if (res.result.success) this.lastTransactionBoc = (res.result as unknown as { transaction: string }).transaction;
    return res;
  }
}

/**
 * The sandbox's default storage invents an empty `uninit` account for every address it has not
 * seen, so a first message to a fresh address would read `uninit → uninit` with a made-up state
 * hash. On a real chain such an account does not exist: this storage says so (`account` absent),
 * and the emulator then reports `nonexist → uninit` with the right state hashes.
 */
export class NonexistentAccountStorage implements BlockchainStorage {
  private readonly contracts = new Map<string, SmartContract>();

  async getContract(blockchain: Blockchain, address: Address): Promise<SmartContract> {
    const key = address.toRawString();
    let contract = this.contracts.get(key);
    if (!contract) {
      contract = new DeliveringContract(createEmptyShardAccount(address), blockchain);
      contract.account = { account: undefined, lastTransactionLt: 0n, lastTransactionHash: 0n };
      this.contracts.set(key, contract);
    }
    return contract;
  }

  knownContracts(): SmartContract[] {
    return [...this.contracts.values()];
  }

  clearKnownContracts(): void {
    this.contracts.clear();
  }
}
