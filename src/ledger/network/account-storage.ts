import { SmartContract, type Blockchain, type BlockchainStorage } from '@ton/sandbox';
import type { Address } from '@ton/core';

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
      contract = SmartContract.empty(blockchain, address);
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
