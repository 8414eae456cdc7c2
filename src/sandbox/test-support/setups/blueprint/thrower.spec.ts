// Run with `npx blueprint test --ui`: blueprint adds sandbox's jest setup (a socket per file, a UUID per test).
// Blueprint's own template: a new Blockchain and the deploy in `beforeEach`, so every test runs the
// same deploy, the very same transactions when two tests run within one second (docs/sandbox.md).
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
    const deployResult = await thrower.sendDeploy(deployer.getSender(), toNano('1'));
    observe(deployResult.transactions);
    expect(deployResult.transactions).toHaveLength(2);
  });

  it('deploys', () => {
    // the check is done inside beforeEach, as in blueprint's template
  });

  it('fails a call with the exit code asked for', async () => {
    const result = await thrower.sendThrow(deployer.getSender(), toNano('0.5'), 77);
    observe(result.transactions);
    expect(result.transactions).toHaveLength(3);
  });
});
