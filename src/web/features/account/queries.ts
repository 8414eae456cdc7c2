import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LedgerClient } from '../../../api/client';
import { jettonWalletsQuery, walletInformationQuery } from '../../../api/queries';
import { knownMethod, parseArgs, showStack, stackArgument } from './get-methods';
import { tracePageQuery } from '../../model/queries';
import { MAX_LIMIT } from '../../lib/pagination';
import type { ListPage, NftItem } from '../../../api/model';

/** How many traces the account page lists by default. */
export const ACCOUNT_PAGE = 10;

/** A page of the account's traces, newest first. */
export const accountTracesQuery = (api: LedgerClient, account: string, limit: number, offset: number) =>
  tracePageQuery(api, { account }, limit, offset);

/**
 * The account's newest traces, where its current state is read: the very request of the list's
 * default first page, so on that page (where most visits land) one answer serves both, and on any
 * other page the summary still shows the newest state rather than the state of the page browsed.
 */
export const accountLatestQuery = (api: LedgerClient, account: string) =>
  accountTracesQuery(api, account, ACCOUNT_PAGE, 0);

/** Whether the address book's interfaces make the account a wallet (its Contract area shows its rows). */
export const isWallet = (interfaces: readonly string[]) => interfaces.some((i) => i.startsWith('wallet_'));

/** A wallet's version, seqno and id, as the Contract area shows them. */
export const accountWalletQuery = (api: LedgerClient, address: string) => walletInformationQuery(api, { address });

/** A jetton wallet's jetton, owner and balance, as the Contract area shows them. */
export const accountJettonWalletQuery = (api: LedgerClient, address: string) =>
  jettonWalletsQuery(api, { address: [address], limit: 1 });

/**
 * The Contract area's own reads, started by the route's loader as soon as the newest traces name the
 * account's interfaces: rendered first, the page asked for them only once React had drawn it, which
 * on a phone's CPU came 0.6 s after the traces' answer (a wallet's page, link to settled).
 */
export function prefetchContract(queryClient: QueryClient, api: LedgerClient, address: string): void {
  void queryClient.ensureQueryData(accountLatestQuery(api, address)).then(
    (latest) => {
      const interfaces = latest.addressBook[address]?.interfaces ?? [];
      if (isWallet(interfaces)) void queryClient.prefetchQuery(accountWalletQuery(api, address));
      if (interfaces.includes('jetton_wallet')) void queryClient.prefetchQuery(accountJettonWalletQuery(api, address));
    },
    // the page's own areas show the failure of the traces, with their Retry
    () => undefined,
  );
}

/**
 * A get method run on the account's current state, its stack as the Methods panel shows it. The
 * arguments are the texts the reader typed (or the link carries), checked by `parseArgs` before;
 * @ton/core, which writes addresses into slices and reads them out of cells, is loaded here.
 */
export const runGetMethodQuery = (api: LedgerClient, address: string, method: string, args: readonly string[]) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'runGetMethod', { address, method, args }],
    queryFn: async ({ signal }) => {
      const parsed = parseArgs(args, knownMethod(method));
      if (!parsed.ok) throw new Error(parsed.errors.filter(Boolean).join(' '));
      const codec = await import('./stack-codec');
      const bad = parsed.args.findIndex((a) => a.kind === 'cell' && !codec.isOneCell(a.boc));
      if (bad >= 0) throw new Error(`Argument ${bad + 1} is not a BOC of one cell.`);
      const stack = parsed.args.map((a) => stackArgument(a, codec.addressSliceBoc));
      const r = await api.runGetMethod({ address, method, stack }, signal);
      return { exitCode: r.exitCode, gasUsed: r.gasUsed, stack: showStack(r.stack, codec.readAddress) };
    },
    // a get method's answer changes with the account's state: asked again on each visit, not on focus
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** At most this many sale contracts in one `nft/items` request (the API's bound on a list parameter). */
const MAX_ADDRESSES = 100;

/**
 * The account's NFT items on sale. A sale contract holds them, so `nft/items?owner_address=` does
 * not find them: the account's outgoing NFT transfers name the contracts it handed items to (its
 * newest 1,000, the API's page bound), those the address book calls `nft_sale` are asked for
 * their items, and the items whose `real_owner` is the account are kept.
 */
export const itemsOnSaleQuery = (api: LedgerClient, account: string) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'itemsOnSale', account],
    queryFn: async ({ signal }): Promise<ListPage<NftItem>> => {
      const out = await api.getNftTransfers({ owner_address: [account], direction: 'out', limit: MAX_LIMIT }, signal);
      const isSale = (a: string | null): a is string => !!a && !!out.addressBook[a]?.interfaces.includes('nft_sale');
      const sales = [...new Set(out.rows.map((t) => t.newOwner).filter(isSale))].slice(0, MAX_ADDRESSES);
      if (sales.length === 0) return { rows: [], addressBook: {}, metadata: {} };
      const held = await api.getNftItems({ owner_address: sales, limit: MAX_LIMIT }, signal);
      return { ...held, rows: held.rows.filter((i) => i.onSale && i.realOwner === account) };
    },
  });
