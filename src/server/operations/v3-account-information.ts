import type { ResponseOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/v3-account-information';
import { hashToBase64 } from '../../ton/hash';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { v2State } from '../serialize/v2-account';
import { accountAt } from './account-at';
import { walletOf } from './v2-wallets';

const answer = (result: unknown) => Buffer.from(JSON.stringify(result));

/**
 * v3 addressInformation: the account's state as of the snapshot's masterchain block, as v2's
 * getAddressInformation reads it, flattened; what the account does not have (code, data, a frozen
 * hash, a transaction) is null.
 */
export const addressInformation = defineOperation(api.addressInformation, {
  light: () => true,
  cacheable: true,
  run: async (ctx, p, out) => {
    const { state: found } = await accountAt(ctx, p.address);
    const s = found?.state;
    const result: ResponseOf<typeof api.addressInformation> = {
      balance: (s?.balance ?? 0n).toString(),
      code: s?.codeBoc?.toString('base64') ?? null,
      data: s?.dataBoc?.toString('base64') ?? null,
      frozen_hash: s?.frozenHash ? hashToBase64(s.frozenHash) : null,
      last_transaction_hash: found ? hashToBase64(found.lastTransaction.hash) : null,
      last_transaction_lt: found ? found.lastTransaction.lt.toString() : null,
      status: v2State(s?.status),
    };
    await out.write(answer(result));
  },
});

/**
 * v3 walletInformation: v2's getWalletInformation (the wallet by its code, seqno and wallet id by its
 * own get methods), flattened, the type in v3's interface names (`wallet_v4r2`); not a wallet: 404.
 */
export const walletInformation = defineOperation(api.walletInformation, {
  light: () => false,
  cacheable: true,
  run: async (ctx, p, out) => {
    const { state: found, block } = await accountAt(ctx, p.address);
    const wallet = await walletOf(p.address, found, block);
    if (!found || !wallet)
      throw new NotFoundError(`wallet not found: address ${p.address} holds no wallet code at this block`);
    const result: ResponseOf<typeof api.walletInformation> = {
      balance: found.state.balance.toString(),
      last_transaction_hash: hashToBase64(found.lastTransaction.hash),
      last_transaction_lt: found.lastTransaction.lt.toString(),
      seqno: wallet.figures.seqno,
      status: v2State(found.state.status),
      ...(wallet.figures.walletId !== undefined ? { wallet_id: wallet.figures.walletId } : {}),
      // `wallet v5 r1` → `wallet_v5r1`, `wallet v5 beta` → `wallet_v5beta`
      wallet_type: `wallet_${wallet.type.slice('wallet '.length).replace(/ /g, '')}`,
    };
    await out.write(answer(result));
  },
});
