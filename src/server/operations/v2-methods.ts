// The server's side of src/api/operations/v2-methods.ts, listed once for the registry (registry.ts
// spreads this list into IMPLEMENTED).
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
