// A 100-transaction trace to come: a v5r1 wallet's first message (it deploys itself) sending 99
// transfers to 99 addresses nobody deployed, each a transaction of its own. The local network's
// bench emulates it (bench/local-network.ts), the emulation page's draws it (bench/emulate-page.ts).
import { createHash } from 'node:crypto';
import { Address, beginCell, external, internal, SendMode, storeMessage, toNano } from '@ton/core';
import { mnemonicToWalletKey } from '@ton/crypto';
import { WalletContractV5R1 } from '@ton/ton';

/** The external message (base64 BOC) of the wallet of `mnemonic` (v5r1, seqno 0) sending `count` transfers. */
export async function fanOutMessage(mnemonic: string, count = 99): Promise<string> {
  const keys = await mnemonicToWalletKey(mnemonic.split(' '));
  const wallet = WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey });
  const body = await wallet.createTransfer({
    seqno: 0,
    secretKey: keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
    messages: Array.from({ length: count }, (_, i) =>
      internal({
        to: new Address(0, createHash('sha256').update(`fan:${i}`).digest()),
        value: toNano('0.01'),
        bounce: false,
      }),
    ),
  });
  return beginCell()
    .store(storeMessage(external({ to: wallet.address, init: wallet.init, body })))
    .endCell()
    .toBoc()
    .toString('base64');
}
