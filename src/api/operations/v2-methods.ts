// The v2 methods of v2-blocks, v2-utils, v2-wallets, v2-locate and v2-config, and v3's two account
// methods in the v2 form (v3-account-information), listed once for the registry (registry.ts
// spreads this list into API_OPERATIONS).
import { getBlockHeader, getBlockTransactions, getShards, lookupBlock } from './v2-blocks';
import { getConfigAll, getConfigParam } from './v2-config';
import { addressInformation, walletInformation } from './v3-account-information';
import { v3RunGetMethod } from './v3-run-get-method';
import { getTransactionsV2, tryLocateResultTx, tryLocateSourceTx, tryLocateTx } from './v2-locate';
import { detectAddress, detectHash, packAddress, unpackAddress } from './v2-utils';
import { getExtendedAddressInformation, getWalletInformation } from './v2-wallets';

export const V2_METHODS = [
  getExtendedAddressInformation,
  getWalletInformation,
  getShards,
  lookupBlock,
  getBlockHeader,
  getBlockTransactions,
  detectAddress,
  detectHash,
  packAddress,
  unpackAddress,
  getTransactionsV2,
  tryLocateTx,
  tryLocateResultTx,
  tryLocateSourceTx,
  getConfigParam,
  getConfigAll,
  addressInformation,
  walletInformation,
  v3RunGetMethod,
] as const;
