import type { LedgerClient } from '../../../api/client';
import { tracePageQuery } from '../../model/queries';

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
