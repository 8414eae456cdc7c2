// Run with `SANDBOX_UI_ENABLED=true npx jest`: every run of this spec goes to the receiver.
import { expect, it } from '@jest/globals';
import { toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { observe } from '../observe';

it('sends a transfer', async () => {
  const blockchain = await Blockchain.create();
  const [alice, bob] = [await blockchain.treasury('alice'), await blockchain.treasury('bob')];
  const result = await alice.send({ to: bob.address, value: toNano('1'), bounce: false });
  observe(result.transactions);
  expect(result.transactions).toHaveLength(2);
});
