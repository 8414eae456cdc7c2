import type { ResponseOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/v3-account-information';
import { hashToBase64 } from '../../ton/hash';
import { ConflictError } from '../errors';
import { defineOperation } from '../execution/operation';
import { accountAt } from './account-at';
import { walletOf } from './v2-wallets';

const answer = (result: unknown) => Buffer.from(JSON.stringify(result));

/**
 * What TON Center's index answers for an address it holds no state of: balance 0, `uninit`, and a
 * zero last transaction (not null).
 */
const NEVER_SEEN = {
  balance: '0',
  last_transaction_hash: hashToBase64(Buffer.alloc(32)),
  last_transaction_lt: '0',
  status: 'uninit',
} as const;

/**
 * v3 addressInformation: the account's state as of the snapshot's masterchain block, as TON
 * Center's index prints it (v3's status names); what the account does not have (code, data, a
 * frozen hash) is null; an address never seen is the empty account of `NEVER_SEEN`.
 */
export const addressInformation = defineOperation(api.addressInformation, {
  light: () => true,
  cacheable: true,
  run: async (ctx, p, out) => {
    const { state: found } = await accountAt(ctx, p.address);
    const s = found?.state;
    const result: ResponseOf<typeof api.addressInformation> = found
      ? {
          balance: found.state.balance.toString(),
          code: s?.codeBoc?.toString('base64') ?? null,
          data: s?.dataBoc?.toString('base64') ?? null,
          frozen_hash: s?.frozenHash ? hashToBase64(s.frozenHash) : null,
          last_transaction_hash: hashToBase64(found.lastTransaction.hash),
          last_transaction_lt: found.lastTransaction.lt.toString(),
          status: found.state.status,
        }
      : { ...NEVER_SEEN, code: null, data: null, frozen_hash: null };
    await out.write(answer(result));
  },
});

/**
 * v3 walletInformation: v2's getWalletInformation (the wallet by its code, seqno and wallet id by its
 * own get methods), flattened, the type in v3's interface names (`wallet_v4r2`). As TON Center's
 * index: an address never seen or not yet deployed (uninit) answers its state without the wallet's
 * fields, and so does one whose messages bounced and left it nonexistent (TON Center's index answers
 * it 409, as if it held a contract; it holds nothing a wallet could not become); a contract that is
 * no wallet (other code, or frozen) answers 409.
 */
export const walletInformation = defineOperation(api.walletInformation, {
  light: () => false,
  cacheable: true,
  run: async (ctx, p, out) => {
    const { state: found, block } = await accountAt(ctx, p.address);
    if (!found) return out.write(answer(NEVER_SEEN));
    const base = {
      balance: found.state.balance.toString(),
      last_transaction_hash: hashToBase64(found.lastTransaction.hash),
      last_transaction_lt: found.lastTransaction.lt.toString(),
      status: found.state.status,
    };
    if (found.state.status === 'uninit' || found.state.status === 'nonexist') return out.write(answer(base));
    const wallet = await walletOf(p.address, found, block);
    if (!wallet)
      throw new ConflictError(
        `not a wallet: address ${p.address} holds ${found.state.status === 'active' ? 'the code of no known wallet' : `no code (${found.state.status})`} at this block`,
      );
    const result: ResponseOf<typeof api.walletInformation> = {
      ...base,
      seqno: wallet.figures.seqno,
      ...(wallet.figures.walletId !== undefined ? { wallet_id: wallet.figures.walletId } : {}),
      // `wallet v5 r1` → `wallet_v5r1`, `wallet v5 beta` → `wallet_v5beta`
      wallet_type: `wallet_${wallet.type.slice('wallet '.length).replace(/ /g, '')}`,
    };
    await out.write(answer(result));
  },
});
