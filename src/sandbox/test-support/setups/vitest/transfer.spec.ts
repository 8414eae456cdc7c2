// Run with `npx vitest run`: every run of this spec goes to the receiver (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { Cell, toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { Thrower } from '../../contracts';
import { observe } from '../observe';

describe('vitest', () => {
  it('deploys the thrower and pays a friend', async () => {
    const blockchain = await Blockchain.create();
    const [alice, bob] = [await blockchain.treasury('alice'), await blockchain.treasury('bob')];
    const thrower = blockchain.openContract(Thrower.fromCode(Cell.fromBase64(process.env.THROWER_CODE!)));
    const deploy = await thrower.sendDeploy(alice.getSender(), toNano('1'));
    observe(deploy.transactions);
    const transfer = await alice.send({ to: bob.address, value: toNano('1'), bounce: false });
    observe(transfer.transactions);
    expect([deploy.transactions.length, transfer.transactions.length]).toEqual([2, 2]);
  });
});
