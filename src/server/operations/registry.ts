import { balanceChanges } from './balance-changes';
import { getBlockTransactionsExt } from './get-block-transactions-ext';
import { masterchainBlockShardState } from './masterchain-block-shard-state';
import { traces } from './traces';
import { transactionsByMessage } from './transactions-by-message';
import type { Operation } from '../execution/operation';

/**
 * Every API operation's implementation, by path. The service routes each path here, and each reader
 * worker runs the operation found here under the same path: adding an operation is its module in
 * src/api/operations and here, and one line in this list and in src/api/operations/registry.ts
 * (docs/architecture.md).
 */
export const OPERATIONS: readonly Operation<never>[] = [
  getBlockTransactionsExt,
  masterchainBlockShardState,
  traces,
  transactionsByMessage,
  balanceChanges,
] as Operation<never>[];

export const operationByPath = new Map(OPERATIONS.map((op) => [op.path, op]));
