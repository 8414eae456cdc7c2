import { describe, expect, it } from 'vitest';
import {
  Address,
  beginCell,
  Cell,
  external,
  loadMessage,
  storeCommonMessageInfo,
  storeMessage,
  toNano,
} from '@ton/core';
import { toRaw } from '../../ton/address';
import { ExecutorChain } from './executor-chain';
import { messageCells } from '../../tvm/extract-messages';

const funder = Address.parse('0:' + '11'.repeat(32));
const fresh = Address.parse('0:' + 'a7'.repeat(32));

/** An internal message whose small body sits in a reference (as a sender may store it), not inline. */
function internalWithBodyRef(dest: Address, value: bigint, createdLt: bigint): Cell {
  const body = beginCell().storeUint(0, 32).storeStringTail('kept in a ref').endCell();
  return beginCell()
    .store(
      storeCommonMessageInfo({
        type: 'internal',
        ihrDisabled: true,
        bounce: false,
        bounced: false,
        src: funder,
        dest,
        value: { coins: value },
        ihrFee: 0n,
        forwardFee: 0n,
        createdLt,
        createdAt: 1_760_000_000,
      }),
    )
    .storeBit(0) // no state init
    .storeBit(1) // the body in a reference
    .storeRef(body)
    .endCell();
}

describe('ExecutorChain', () => {
  it('runs a first message on a nonexistent account, keeps the state it returned, and advances lt', async () => {
    const chain = await ExecutorChain.create();
    chain.now = 1_760_000_000;
    // a block starts at a round lt
    expect(chain.startBlock()).toBe(1_000_000n);
    const first = await chain.deliver(internalWithBodyRef(fresh, toNano('2'), 0n), fresh);
    // an address no one has seen does not exist: no invented `uninit` account before the message
    expect(first.tx.oldStatus).toBe('non-existing');
    expect(first.tx.endStatus).toBe('uninitialized');
    expect(first.tx.lt).toBe(1_000_000n);
    // the next transaction starts past this one and the messages it sent (none)
    expect(first.tx.outMessagesCount).toBe(0);
    expect(chain.lt).toBe(1_000_001n);

    const second = await chain.deliver(internalWithBodyRef(fresh, toNano('1'), 5n), fresh);
    // the second transaction starts from the state the first left, and links back to it
    expect(second.tx.oldStatus).toBe('uninitialized');
    expect(second.tx.prevTransactionLt).toBe(first.tx.lt);
    expect(second.tx.prevTransactionHash).toBe(BigInt('0x' + first.tx.raw.hash().toString('hex')));
    expect(second.tx.stateUpdate.oldHash.equals(first.tx.stateUpdate.newHash)).toBe(true);
    expect(second.tx.lt).toBe(1_000_001n);
  });

  it("delivers the very cell the sender made, so the receiver sees the message under the sender's hash", async () => {
    const chain = await ExecutorChain.create();
    chain.now = 1_760_000_000;
    const sent = internalWithBodyRef(fresh, toNano('1'), 0n);
    const { tx, boc } = await chain.deliver(sent, fresh);
    const received = messageCells(tx.raw).inMsg!;
    expect(received.hash().equals(sent.hash())).toBe(true);
    // @ton/core would have inlined this body when re-serializing the parsed message: another hash
    const reserialized = beginCell()
      .store(storeMessage(loadMessage(sent.beginParse())))
      .endCell();
    expect(reserialized.hash().equals(sent.hash())).toBe(false);
    // the BOC handed on (and stored) is the transaction's own
    expect(Cell.fromBase64(boc).hash().equals(tx.raw.hash())).toBe(true);
  });

  it('refuses a message the emulator cannot run, naming the account', async () => {
    const chain = await ExecutorChain.create();
    chain.now = 1_760_000_000;
    // an external message to an account without code is never accepted
    const ext = beginCell()
      .store(storeMessage(external({ to: fresh, body: beginCell().storeUint(7, 32).endCell() })))
      .endCell();
    await expect(chain.deliver(ext, fresh)).rejects.toThrow(`the emulator ran no transaction on ${toRaw(fresh)}`);
  });
});
