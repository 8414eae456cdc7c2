import { queryOptions } from '@tanstack/react-query';
import { LedgerClient } from './client';

type Params<K extends keyof LedgerClient> = LedgerClient[K] extends (p: infer P, signal?: AbortSignal) => unknown ? P : never;

const clients = new Map<string, LedgerClient>();
function client(baseUrl: string): LedgerClient {
  let c = clients.get(baseUrl);
  if (!c) clients.set(baseUrl, (c = new LedgerClient({ baseUrl })));
  return c;
}

// TanStack Query options for each operation. The API base URL is part of every key, so switching
// the explorer to another API never shows one API's data as another's.

export const blockTransactionsQuery = (baseUrl: string, p: Params<'getBlockTransactionsExt'>) =>
  queryOptions({ queryKey: ['ledger', baseUrl, 'getBlockTransactionsExt', p], queryFn: ({ signal }) => client(baseUrl).getBlockTransactionsExt(p, signal) });

export const shardStateQuery = (baseUrl: string, p: Params<'getMasterchainBlockShardState'>) =>
  queryOptions({ queryKey: ['ledger', baseUrl, 'masterchainBlockShardState', p], queryFn: ({ signal }) => client(baseUrl).getMasterchainBlockShardState(p, signal) });

export const tracesQuery = (baseUrl: string, p: Params<'getTraces'>) =>
  queryOptions({ queryKey: ['ledger', baseUrl, 'traces', p], queryFn: ({ signal }) => client(baseUrl).getTraces(p, signal) });

export const transactionsByMessageQuery = (baseUrl: string, p: Params<'getTransactionsByMessage'>) =>
  queryOptions({ queryKey: ['ledger', baseUrl, 'transactionsByMessage', p], queryFn: ({ signal }) => client(baseUrl).getTransactionsByMessage(p, signal) });

export const balanceChangesQuery = (baseUrl: string, p: Params<'getBalanceChanges'>) =>
  queryOptions({ queryKey: ['ledger', baseUrl, 'balanceChanges', p], queryFn: ({ signal }) => client(baseUrl).getBalanceChanges(p, signal) });
