// Every REST operation of the API (streaming v2 is apart: src/api/test-support/streaming-schemas.ts
// and src/server/streaming). Adding one is a module in this folder and a line here, then its store
// query, its serializer and its server module (docs/architecture.md, "Adding an operation").
import type { ApiOperation } from './api-operation';
import { balanceChanges } from './balance-changes';
import { getBlockTransactionsExt } from './get-block-transactions-ext';
import { getAddressBalance, getAddressInformation, getAddressState } from './get-address-information';
import { getMasterchainInfo } from './get-masterchain-info';
import { getTransactions } from './get-transactions';
import { runGetMethod } from './run-get-method';
import { masterchainBlockShardState } from './masterchain-block-shard-state';
import { traces } from './traces';
import { transactionsByMessage } from './transactions-by-message';
import { transactions } from './transactions';
import { blocks } from './blocks';
import { masterchainInfo } from './masterchain-info';
import { masterchainBlockShards } from './masterchain-block-shards';
import { transactionsByMasterchainBlock } from './transactions-by-masterchain-block';
import { adjacentTransactions } from './adjacent-transactions';
import { pendingTraces } from './pending-traces';
import { pendingTransactions } from './pending-transactions';
import { V2_METHODS } from './v2-methods';
import { messages } from './messages';
import { actions, pendingActions } from './actions';
import {
  accountStates,
  addressBookOperation,
  metadataOperation,
  topAccountsByBalance,
  walletStates,
} from './account-states';
import { sandboxTests } from './sandbox-tests';
import { sandboxRuns } from './sandbox-runs';
import { sandboxNamesOperation } from './sandbox-names';
import { sandboxTransaction } from './sandbox-transaction';
import { sandboxVmLog } from './sandbox-vm-log';
import { jettonBurns, jettonMasters, jettonTransfers, jettonWallets } from './jetton-lists';
import { jettonSearch } from './jetton-search';
import { nftCollections, nftItems, nftTransfers } from './nft-lists';

export const API_OPERATIONS = [
  getBlockTransactionsExt,
  masterchainBlockShardState,
  traces,
  transactionsByMessage,
  balanceChanges,
  getMasterchainInfo,
  getAddressInformation,
  getAddressBalance,
  getAddressState,
  getTransactions,
  runGetMethod,
  transactions,
  masterchainInfo,
  blocks,
  masterchainBlockShards,
  transactionsByMasterchainBlock,
  adjacentTransactions,
  pendingTraces,
  pendingTransactions,
  ...V2_METHODS,
  messages,
  actions,
  pendingActions,
  accountStates,
  walletStates,
  addressBookOperation,
  metadataOperation,
  topAccountsByBalance,
  sandboxTests,
  sandboxRuns,
  sandboxNamesOperation,
  sandboxTransaction,
  sandboxVmLog,
  jettonMasters,
  jettonWallets,
  jettonTransfers,
  jettonBurns,
  nftCollections,
  nftItems,
  nftTransfers,
  jettonSearch,
] as const satisfies readonly ApiOperation[];

type Operations = (typeof API_OPERATIONS)[number];
/** The path of an operation (the client's requests are checked against it). */
export type OperationPath = Operations['path'];

/** The operation a request path (query string allowed) belongs to, if any. */
export function apiOperationOf(path: string): Operations | undefined {
  const route = path.split('?')[0];
  return API_OPERATIONS.find((o) => o.path === route);
}
