import { balanceChanges } from '../routes/balance-changes';
import { getBlockTransactionsExt } from '../routes/get-block-transactions-ext';
import { masterchainBlockShardState } from '../routes/masterchain-block-shard-state';
import { traces } from '../routes/traces';
import { transactionsByMessage } from '../routes/transactions-by-message';
import type { Operation } from './operation';

/**
 * Every API operation, by path. The service routes each path here, and each reader worker runs
 * the operation found here under the same path: adding an operation is one module with
 * `defineOperation` and one line in this list (docs/architecture.md).
 */
export const OPERATIONS: readonly Operation<never>[] = [
  getBlockTransactionsExt,
  masterchainBlockShardState,
  traces,
  transactionsByMessage,
  balanceChanges,
] as Operation<never>[];

export const operationByPath = new Map(OPERATIONS.map((op) => [op.path, op]));
