import { balanceChanges } from './balance-changes';
import { runMessageTask } from '../sending/run-message-task';
import { emulateTask } from '../emulation/emulate-task';
import { getBlockTransactionsExt } from './get-block-transactions-ext';
import { getAddressBalance, getAddressInformation, getAddressState } from './address-information';
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
import { accountStates, addressBook, metadataOperation, topAccountsByBalance, walletStates } from './account-states';
import { sandboxTests } from './sandbox-tests';
import { sandboxRuns } from './sandbox-runs';
import { sandboxNames } from './sandbox-names';
import { sandboxTransaction } from './sandbox-transaction';
import { sandboxVmLog } from './sandbox-vm-log';
import { jettonBurns, jettonMasters, jettonTransfers, jettonWallets } from './jetton-lists';
import { jettonSearch } from './jetton-search';
import { nftCollections, nftItems, nftTransfers } from './nft-lists';
import type { OperationPath } from '../../api/operations/registry';
import type { Operation } from '../execution/operation';

/**
 * Every API operation's implementation, by path. The service routes each path here, and each reader
 * worker runs the operation found here under the same path: adding an operation is its module in
 * src/api/operations and here, and one line in this list and in src/api/operations/registry.ts
 * (docs/architecture.md).
 */
const IMPLEMENTED = [
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
  addressBook,
  metadataOperation,
  topAccountsByBalance,
  sandboxTests,
  sandboxRuns,
  sandboxNames,
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
] as const;

// every operation src/api declares has its implementation here (a missing one fails to compile)
type Missing = Exclude<OperationPath, (typeof IMPLEMENTED)[number]['path']>;
const everyOperation: [Missing] extends [never] ? true : Missing = true;
void everyOperation;

// each with parameters of its own type, held here as one (the service passes them on unread)
export const OPERATIONS = IMPLEMENTED as unknown as readonly Operation<never>[];

/**
 * What the workers run that is not an HTTP route of its own: the message runs of sending and fee
 * estimates, and emulation (their handlers call them through the reader pool).
 */
const WORKER_TASKS = [runMessageTask, emulateTask] as unknown as readonly Operation<never>[];

export const operationByPath = new Map([...OPERATIONS, ...WORKER_TASKS].map((op) => [op.path, op]));
