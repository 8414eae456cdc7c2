import { queryOptions } from '@tanstack/react-query';
import type { LedgerClient } from '../../../api/client';
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
