// What the explorer sends: each operation's request, the input type of its parameters as declared
// in ./operations (plain values before they become a query string). Imported as types only: the
// parsers behind them (@ton/core, zod) stay out of the browser bundle.
import type { RequestOf } from './operations/api-operation';
import type { balanceChanges } from './operations/balance-changes';
import type { getBlockTransactionsExt } from './operations/get-block-transactions-ext';
import type { masterchainBlockShardState } from './operations/masterchain-block-shard-state';
import type { traces } from './operations/traces';
import type { transactionsByMessage } from './operations/transactions-by-message';
import type { transactions } from './operations/transactions';
import type { addressInformation, walletInformation } from './operations/v3-account-information';
import type { jettonBurns, jettonMasters, jettonTransfers, jettonWallets } from './operations/jetton-lists';
import type { nftCollections, nftItems, nftTransfers } from './operations/nft-lists';
import type { jettonSearch } from './operations/jetton-search';
import type { sandboxTests } from './operations/sandbox-tests';
import type { sandboxRuns } from './operations/sandbox-runs';
import type { sandboxNamesOperation } from './operations/sandbox-names';
import type { sandboxTransaction } from './operations/sandbox-transaction';
import type { sandboxVmLog } from './operations/sandbox-vm-log';

export type { OneOrMany, SortOrder } from './operations/param-rules';

export type BlockTransactionsExtRequest = RequestOf<typeof getBlockTransactionsExt>;
export type MasterchainBlockShardStateRequest = RequestOf<typeof masterchainBlockShardState>;
export type TracesRequest = RequestOf<typeof traces>;
/** Exactly one of the two. */
export type BalanceChangesRequest = RequestOf<typeof balanceChanges>;
export type TransactionsByMessageRequest = RequestOf<typeof transactionsByMessage>;
export type TransactionsRequest = RequestOf<typeof transactions>;
export type AddressInformationRequest = RequestOf<typeof addressInformation>;
export type WalletInformationRequest = RequestOf<typeof walletInformation>;
export type JettonMastersRequest = RequestOf<typeof jettonMasters>;
export type JettonWalletsRequest = RequestOf<typeof jettonWallets>;
export type JettonTransfersRequest = RequestOf<typeof jettonTransfers>;
export type JettonBurnsRequest = RequestOf<typeof jettonBurns>;
/** Ours (no TON Center operation): masters by symbol, then name. */
export type JettonSearchRequest = RequestOf<typeof jettonSearch>;
export type NftCollectionsRequest = RequestOf<typeof nftCollections>;
export type NftItemsRequest = RequestOf<typeof nftItems>;
export type NftTransfersRequest = RequestOf<typeof nftTransfers>;

export type SandboxTestsRequest = RequestOf<typeof sandboxTests>;
/** Exactly one of `test` and `seqno`. */
export type SandboxRunsRequest = RequestOf<typeof sandboxRuns>;
/** Exactly one of `test`, `seqno` and `trace_id`. */
export type SandboxNamesRequest = RequestOf<typeof sandboxNamesOperation>;
export type SandboxTransactionRequest = RequestOf<typeof sandboxTransaction>;
export type SandboxVmLogRequest = RequestOf<typeof sandboxVmLog>;
