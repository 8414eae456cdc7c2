// Wrappers of our own test contracts (src/ledger/contracts) as a developer's tests would write them
// for @ton/sandbox, and the contracts' metadata sandbox sends (what @ton/test-utils' contractsMeta
// keeps): the tests run these under sandbox with its UI on, against the receiver.
import {
  beginCell,
  contractAddress,
  type Address,
  type Cell,
  type Contract,
  type ContractProvider,
  type Sender,
} from '@ton/core';
import type { ContractMeta, ContractsMeta } from '@ton/sandbox/dist/meta/ContractsMeta';
import { fanBody, forwarderInit, throwBody } from '../../ledger/contracts/test-contracts';
import { FORWARDER_ABI, THROWER_ABI } from './abi';

export class Thrower implements Contract {
  /** As a Tact wrapper carries it: sandbox sends it in the contract's metadata. */
  readonly abi = THROWER_ABI;
  constructor(
    readonly address: Address,
    readonly init?: { code: Cell; data: Cell },
  ) {}
  static fromCode(code: Cell): Thrower {
    const init = { code, data: beginCell().storeUint(7, 32).endCell() };
    return new Thrower(contractAddress(0, init), init);
  }
  async sendDeploy(provider: ContractProvider, via: Sender, value: bigint) {
    await provider.internal(via, { value, body: beginCell().endCell() });
  }
  async sendThrow(provider: ContractProvider, via: Sender, value: bigint, exitCode: number) {
    await provider.internal(via, { value, bounce: true, body: throwBody(exitCode) });
  }
}

export class Forwarder implements Contract {
  readonly abi = FORWARDER_ABI;
  constructor(
    readonly address: Address,
    readonly init?: { code: Cell; data: Cell },
  ) {}
  static fromCode(code: Cell, id: bigint): Forwarder {
    const init = forwarderInit(id, code);
    return new Forwarder(contractAddress(0, init), init);
  }
  async sendFan(provider: ContractProvider, via: Sender, value: bigint, width: number, depth: number) {
    await provider.internal(via, { value, body: fanBody(width, depth) });
  }
}

/** sandbox's contracts metadata (what @ton/test-utils' contractsMeta keeps): wrapper names, treasury seeds. */
export class MetaMap implements ContractsMeta {
  private readonly map = new Map<string, ContractMeta>();
  get(key: Address) {
    return this.map.get(key.toRawString());
  }
  upsert(key: Address, value: Partial<ContractMeta>) {
    this.map.set(key.toRawString(), { ...this.map.get(key.toRawString()), ...value });
  }
}
