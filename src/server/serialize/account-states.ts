import { Cell } from '@ton/core';
import type { z } from 'zod';
import type { accountStateFull, walletState } from '../../api/operations/account-states';
import { hashToBase64 } from '../../ton/hash';
import type { AccountInfoRecord, AccountSnapshotRecord } from '../../store/records';

type AccountStateFull = z.output<typeof accountStateFull>;
type WalletState = z.output<typeof walletState>;

/** `accountStates`' entry: hashes and BOCs TON Center leaves out when the account has none. */
export function accountStateFullJson(a: AccountSnapshotRecord, includeBoc: boolean): AccountStateFull {
  const s = a.state;
  const json: AccountStateFull = {
    address: a.account,
    account_state_hash: hashToBase64(s.hash),
    balance: s.balance.toString(),
    extra_currencies: {},
    status: s.status,
    last_transaction_hash: hashToBase64(a.lastTransaction.hash),
    last_transaction_lt: a.lastTransaction.lt.toString(),
  };
  if (s.frozenHash) json.frozen_hash = hashToBase64(s.frozenHash);
  if (s.dataHash) json.data_hash = hashToBase64(s.dataHash);
  if (s.codeHash) json.code_hash = hashToBase64(s.codeHash);
  if (includeBoc && s.dataBoc) json.data_boc = s.dataBoc.toString('base64');
  if (includeBoc && s.codeBoc) json.code_boc = s.codeBoc.toString('base64');
  return json;
}

/**
 * A wallet's own fields, read from its data cell as its contract lays it out: v4r2 `seqno:uint32
 * subwallet_id:uint32 public_key plugins`, v5r1 `is_signature_allowed:bit seqno:uint32
 * wallet_id:int32 public_key extensions`.
 */
function walletFields(kind: 'wallet_v4r2' | 'wallet_v5r1', dataBoc: Buffer) {
  const s = Cell.fromBoc(dataBoc)[0]!.beginParse();
  if (kind === 'wallet_v4r2') return { seqno: s.loadUint(32), wallet_id: s.loadUint(32) };
  const allowed = s.loadBit();
  return { is_signature_allowed: allowed, seqno: s.loadUint(32), wallet_id: s.loadInt(32) };
}

/** `walletStates`' entry: an account, with the wallet fields when its code is a wallet's. */
export function walletStateJson(a: AccountSnapshotRecord, info: AccountInfoRecord | undefined): WalletState {
  const s = a.state;
  const kind = info?.interfaces.find((i) => i === 'wallet_v4r2' || i === 'wallet_v5r1');
  const active = s.status === 'active' && kind !== undefined && s.dataBoc !== null;
  const json: WalletState = {
    address: a.account,
    is_wallet: active,
    ...(active ? { wallet_type: kind, ...walletFields(kind, s.dataBoc!) } : {}),
    balance: s.balance.toString(),
    extra_currencies: {},
    status: s.status,
    last_transaction_hash: hashToBase64(a.lastTransaction.hash),
    last_transaction_lt: a.lastTransaction.lt.toString(),
  };
  if (s.codeHash) json.code_hash = hashToBase64(s.codeHash);
  return json;
}
