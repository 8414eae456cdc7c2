import { Address, beginCell, storeShardAccount, type Cell } from '@ton/core';

/** A real ShardAccount BOC of an active account with this code and data, as the producer saves one. */
export function activeShardAccountBoc(code: Cell, data: Cell): Buffer {
  const address = new Address(0, Buffer.alloc(32, 7));
  return beginCell()
    .store(
      storeShardAccount({
        account: {
          addr: address,
          storageStats: { used: { cells: 2n, bits: 100n }, lastPaid: 0, duePayment: null, storageExtra: null },
          storage: {
            lastTransLt: 5n,
            balance: { coins: 1_000n },
            state: { type: 'active', state: { code, data } },
          },
        },
        lastTransactionHash: 0n,
        lastTransactionLt: 5n,
      }),
    )
    .endCell()
    .toBoc();
}
