// Run with `npx blueprint test --ui`: blueprint adds sandbox's jest setup (a socket per file, a UUID per test).
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Cell, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { Thrower } from '../../contracts';
import { observe } from '../observe';

describe('Thrower', () => {
  let deployer: SandboxContract<TreasuryContract>;
  let thrower: SandboxContract<Thrower>;

  beforeEach(async () => {
    const blockchain = await Blockchain.create();
    deployer = await blockchain.treasury('deployer');
    // the code setups.test.ts compiled, as a project's build would hold it
    thrower = blockchain.openContract(Thrower.fromCode(Cell.fromBase64(process.env.THROWER_CODE!)));
  });

  it('deploys', async () => {
    const result = await thrower.sendDeploy(deployer.getSender(), toNano('1'));
    observe(result.transactions);
    expect(result.transactions).toHaveLength(2);
  });

  // not deployed first, as the test above did: within the same second that deploy would be the very
  // same thrower transaction, and the receiver refuses a run repeating part of another's (docs/sandbox.md)
  it('fails a call with the exit code asked for', async () => {
    const result = await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77);
    observe(result.transactions);
    expect(result.transactions).toHaveLength(3);
  });
});
