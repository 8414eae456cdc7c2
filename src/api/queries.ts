import { queryOptions } from '@tanstack/react-query';
import { LedgerClient } from './client';

type Params<K extends keyof LedgerClient> = LedgerClient[K] extends (p: infer P, signal?: AbortSignal) => unknown
  ? P
  : never;

const clients = new Map<string, LedgerClient>();

/** One client per API base, so a base always has the same client (and the router context a stable value). */
export function clientFor(baseUrl: string): LedgerClient {
  let c = clients.get(baseUrl);
  if (!c) clients.set(baseUrl, (c = new LedgerClient({ baseUrl })));
  return c;
}

// TanStack Query options for each operation, asked of a given client. The client's API base is part
// of every key, so switching the explorer to another API never shows one API's data as another's.

export const blockTransactionsQuery = (api: LedgerClient, p: Params<'getBlockTransactionsExt'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'getBlockTransactionsExt', p],
    queryFn: ({ signal }) => api.getBlockTransactionsExt(p, signal),
  });

export const shardStateQuery = (api: LedgerClient, p: Params<'getMasterchainBlockShardState'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'masterchainBlockShardState', p],
    queryFn: ({ signal }) => api.getMasterchainBlockShardState(p, signal),
  });

export const masterchainInfoQuery = (api: LedgerClient) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'masterchainInfo'],
    queryFn: ({ signal }) => api.getMasterchainInfo(signal),
  });

export const tracesQuery = (api: LedgerClient, p: Params<'getTraces'>) =>
  queryOptions({ queryKey: ['ledger', api.base, 'traces', p], queryFn: ({ signal }) => api.getTraces(p, signal) });

export const transactionsByMessageQuery = (api: LedgerClient, p: Params<'getTransactionsByMessage'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'transactionsByMessage', p],
    queryFn: ({ signal }) => api.getTransactionsByMessage(p, signal),
  });

export const balanceChangesQuery = (api: LedgerClient, p: Params<'getBalanceChanges'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'balanceChanges', p],
    queryFn: ({ signal }) => api.getBalanceChanges(p, signal),
  });

// The account, jetton and NFT pages' reads.

/** The query options of one read, keyed by its operation's name and parameters. */
const read =
  <P, T>(name: string, call: (api: LedgerClient, p: P, signal: AbortSignal) => Promise<T>) =>
  (api: LedgerClient, p: P) =>
    queryOptions({ queryKey: ['ledger', api.base, name, p], queryFn: ({ signal }) => call(api, p, signal) });

export const transactionsQuery = read('transactions', (api, p: Params<'getTransactions'>, s) =>
  api.getTransactions(p, s),
);
export const addressInformationQuery = read('addressInformation', (api, p: Params<'getAddressInformation'>, s) =>
  api.getAddressInformation(p, s),
);
export const walletInformationQuery = read('walletInformation', (api, p: Params<'getWalletInformation'>, s) =>
  api.getWalletInformation(p, s),
);
export const jettonMastersQuery = read('jetton/masters', (api, p: Params<'getJettonMasters'>, s) =>
  api.getJettonMasters(p, s),
);
export const jettonSearchQuery = read('jetton/search', (api, p: Params<'searchJettons'>, s) => api.searchJettons(p, s));
export const jettonWalletsQuery = read('jetton/wallets', (api, p: Params<'getJettonWallets'>, s) =>
  api.getJettonWallets(p, s),
);
export const jettonTransfersQuery = read('jetton/transfers', (api, p: Params<'getJettonTransfers'>, s) =>
  api.getJettonTransfers(p, s),
);
export const jettonBurnsQuery = read('jetton/burns', (api, p: Params<'getJettonBurns'>, s) => api.getJettonBurns(p, s));
export const nftCollectionsQuery = read('nft/collections', (api, p: Params<'getNftCollections'>, s) =>
  api.getNftCollections(p, s),
);
export const nftItemsQuery = read('nft/items', (api, p: Params<'getNftItems'>, s) => api.getNftItems(p, s));
export const nftTransfersQuery = read('nft/transfers', (api, p: Params<'getNftTransfers'>, s) =>
  api.getNftTransfers(p, s),
);

// The /api/sandbox operations (a ledger of @ton/sandbox test runs).

export const sandboxTestsQuery = (api: LedgerClient, p: Params<'getSandboxTests'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'sandboxTests', p],
    queryFn: ({ signal }) => api.getSandboxTests(p, signal),
  });

export const sandboxRunsQuery = (api: LedgerClient, p: Params<'getSandboxRuns'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'sandboxRuns', p],
    queryFn: ({ signal }) => api.getSandboxRuns(p, signal),
  });

export const sandboxNamesQuery = (api: LedgerClient, p: Params<'getSandboxNames'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'sandboxNames', p],
    queryFn: ({ signal }) => api.getSandboxNames(p, signal),
  });

export const sandboxTransactionQuery = (api: LedgerClient, p: Params<'getSandboxTransaction'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'sandboxTransaction', p],
    queryFn: ({ signal }) => api.getSandboxTransaction(p, signal),
  });

export const sandboxVmLogQuery = (api: LedgerClient, p: Params<'getSandboxVmLog'>) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'sandboxVmLog', p],
    queryFn: ({ signal }) => api.getSandboxVmLog(p, signal),
  });
