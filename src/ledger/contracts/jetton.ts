import { beginCell, contractAddress, type Address, type Cell } from '@ton/core';
import { OP } from './opcodes';
import { onchainMetadata, type Metadata } from './metadata';

export { readJettonMinterData, readJettonWalletData } from '../../store/contract-data';

// Data layouts (see func/jetton-*.fc):
//   minter: total_supply:Coins admin:MsgAddress content:^Cell wallet_code:^Cell
//   wallet: balance:Coins owner:MsgAddress master:MsgAddress wallet_code:^Cell

export function jettonMinterData(args: { admin: Address; metadata: Metadata; walletCode: Cell }): Cell {
  return beginCell()
    .storeCoins(0n)
    .storeAddress(args.admin)
    .storeRef(onchainMetadata(args.metadata))
    .storeRef(args.walletCode)
    .endCell();
}

export function jettonWalletData(args: { balance: bigint; owner: Address; master: Address; walletCode: Cell }): Cell {
  return beginCell()
    .storeCoins(args.balance)
    .storeAddress(args.owner)
    .storeAddress(args.master)
    .storeRef(args.walletCode)
    .endCell();
}

/** The jetton wallet of `owner`, computed off-chain exactly as the minter computes it. */
export function jettonWalletAddress(master: Address, owner: Address, walletCode: Cell): Address {
  const data = jettonWalletData({ balance: 0n, owner, master, walletCode });
  return contractAddress(0, { code: walletCode, data });
}

export function jettonMintBody(a: {
  queryId: bigint;
  to: Address;
  amount: bigint;
  forwardTonAmount: bigint;
  totalTonAmount: bigint;
}): Cell {
  return beginCell()
    .storeUint(OP.jettonMint, 32)
    .storeUint(a.queryId, 64)
    .storeAddress(a.to)
    .storeCoins(a.amount)
    .storeCoins(a.forwardTonAmount)
    .storeCoins(a.totalTonAmount)
    .endCell();
}

/** TEP-74 transfer; a text `comment` goes into the forward payload (inline, op 0). */
export function jettonTransferBody(a: {
  queryId: bigint;
  amount: bigint;
  destination: Address;
  responseDestination: Address | null;
  forwardTonAmount: bigint;
  comment?: string;
}): Cell {
  const b = beginCell()
    .storeUint(OP.jettonTransfer, 32)
    .storeUint(a.queryId, 64)
    .storeCoins(a.amount)
    .storeAddress(a.destination)
    .storeAddress(a.responseDestination)
    .storeBit(false)
    .storeCoins(a.forwardTonAmount);
  if (a.comment !== undefined)
    b.storeBit(true).storeRef(beginCell().storeUint(0, 32).storeStringTail(a.comment).endCell());
  else b.storeBit(false);
  return b.endCell();
}

export function jettonBurnBody(a: { queryId: bigint; amount: bigint; responseDestination: Address | null }): Cell {
  return beginCell()
    .storeUint(OP.jettonBurn, 32)
    .storeUint(a.queryId, 64)
    .storeCoins(a.amount)
    .storeAddress(a.responseDestination)
    .storeBit(false)
    .endCell();
}
