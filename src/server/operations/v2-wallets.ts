import type { ResponseOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/v2-wallets';
import type { AccountSnapshotRecord, BlockRecord } from '../../store/records';
import { formatAddress } from '../../ton/address';
import { hashToBase64 } from '../../ton/hash';
import { walletFigures, walletTypeOf, type WalletFigures, type WalletType } from '../../tvm/wallets';
import { defineOperation } from '../execution/operation';
import { fullAccountState, v2State, v2WalletBalance } from '../serialize/v2-account';
import { v2Extra } from '../serialize/v2-extra';
import { accountAt } from './account-at';

const answer = (result: unknown) => Buffer.from(JSON.stringify({ ok: true, result }));

/** The wallet an active account's code makes it, with its seqno and id as its get methods answer. */
export async function walletOf(
  address: string,
  found: AccountSnapshotRecord | undefined,
  block: BlockRecord,
): Promise<{ type: WalletType; figures: WalletFigures } | undefined> {
  const s = found?.state;
  if (!s || s.status !== 'active' || !s.codeBoc || !s.dataBoc) return undefined;
  const type = await walletTypeOf(s.codeHash);
  if (!type) return undefined;
  const figures = await walletFigures(type, {
    address,
    code: s.codeBoc,
    data: s.dataBoc,
    balance: s.balance,
    unixTime: block.genUtime,
  });
  return { type, figures };
}

type Extended = ResponseOf<typeof api.getExtendedAddressInformation>['result'];

/**
 * v2 getExtendedAddressInformation: tonlib's account state of the account as of the snapshot's
 * masterchain block (or `seqno`'s): `wallet.v3.accountState` / `wallet.v4.accountState` (wallet
 * id and seqno) for the wallets tonlib parses, `raw.accountState` (code, data) for any other active
 * or frozen account, `uninited.accountState` for one without code.
 */
export const getExtendedAddressInformation = defineOperation(api.getExtendedAddressInformation, {
  // a wallet's figures come from the TVM: the first call of a worker loads the emulator
  light: () => false,
  run: async (ctx, p, out) => {
    const { state: found, block } = await accountAt(ctx, p.address, p.seqno);
    const base = fullAccountState(found, block, '');
    const wallet = await walletOf(p.address, found, block);
    const frozenHash = base.frozen_hash;
    let accountState: Extended['account_state'];
    if (wallet && (wallet.type.startsWith('wallet v3') || wallet.type === 'wallet v4 r2'))
      accountState = {
        '@type': wallet.type === 'wallet v4 r2' ? 'wallet.v4.accountState' : 'wallet.v3.accountState',
        wallet_id: String(wallet.figures.walletId ?? 0),
        seqno: wallet.figures.seqno,
      };
    else if (base.state === 'uninitialized')
      accountState = { '@type': 'uninited.accountState', frozen_hash: frozenHash };
    else accountState = { '@type': 'raw.accountState', code: base.code, data: base.data, frozen_hash: frozenHash };
    const result: Extended = {
      '@type': 'fullAccountState',
      address: { '@type': 'accountAddress', account_address: formatAddress(p.address, 'bounceable') },
      // tonlib's own read, which pyTON prints as it is (no normalization): a decimal string
      balance: (found?.state.balance ?? 0n).toString(),
      extra_currencies: base.extra_currencies,
      last_transaction_id: base.last_transaction_id,
      block_id: base.block_id,
      sync_utime: base.sync_utime,
      account_state: accountState,
      // tonlib's revision of the wallet code it parsed (r1, r2); 0 for a state it does not parse
      revision: accountState['@type'].startsWith('wallet.') ? (wallet?.type.endsWith('r1') ? 1 : 2) : 0,
      '@extra': v2Extra(ctx),
    };
    await out.write(answer(result));
  },
});

/**
 * v2 getWalletInformation: `wallet` and, for a wallet TON Center recognizes (by its code), its type,
 * seqno and wallet id, read by its own get methods on the state as of the snapshot's masterchain block.
 */
export const getWalletInformation = defineOperation(api.getWalletInformation, {
  light: () => false,
  run: async (ctx, p, out) => {
    const { state: found, block } = await accountAt(ctx, p.address, p.seqno);
    const wallet = await walletOf(p.address, found, block);
    const result: ResponseOf<typeof api.getWalletInformation>['result'] = {
      '@type': 'ext.accounts.walletInformation',
      wallet: wallet !== undefined,
      balance: v2WalletBalance(found),
      extra_currencies: [],
      account_state: v2State(found?.state.status),
      last_transaction_id: {
        '@type': 'internal.transactionId',
        lt: (found?.lastTransaction.lt ?? 0n).toString(),
        hash: hashToBase64(found?.lastTransaction.hash ?? Buffer.alloc(32)),
      },
      ...(wallet
        ? {
            wallet_type: wallet.type,
            seqno: wallet.figures.seqno,
            ...(wallet.figures.walletId !== undefined ? { wallet_id: wallet.figures.walletId } : {}),
            ...(wallet.figures.isSignatureAllowed !== undefined
              ? { is_signature_allowed: wallet.figures.isSignatureAllowed }
              : {}),
          }
        : {}),
      '@extra': v2Extra(ctx),
    };
    await out.write(answer(result));
  },
});
