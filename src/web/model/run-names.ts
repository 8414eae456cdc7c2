import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isNotFound, type LedgerClient } from '../../api/client';
import type { AddressBook, AddressBookEntry } from '../../api/model';
import type { SandboxName, SandboxNames } from '../../api/sandbox-wire';
import { sandboxNamesQuery } from '../../api/queries';
import { useApi } from '../lib/router-context';

// The names of a sandbox run's addresses (wrapper names, treasury seeds), put into the address book
// every page draws addresses from, so each address and graph node of a run shows its name. Kept per
// test by the API, since tests deploy the same contracts at the same addresses under other names.

/**
 * Whether the API serves a ledger of @ton/sandbox test runs: its /api/sandbox answers (404 on any
 * other ledger). Asked once per API base.
 */
export const sandboxLedgerQuery = (api: LedgerClient) =>
  queryOptions({
    queryKey: ['ledger', api.base, 'isSandboxLedger'],
    queryFn: async ({ signal }) => {
      try {
        await api.getSandboxTests({ limit: 1 }, signal);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });

/** Asks (once per API base) whether the API serves a sandbox ledger: for pages that ask the API anyway. */
export function useIsSandboxLedger(): boolean {
  return useQuery(sandboxLedgerQuery(useApi())).data === true;
}

/**
 * What a page of this API base has learnt of it, never asking: the header's use, since a page that
 * asks the API nothing (a malformed link's not-found page) must not make it ask.
 */
export function useKnownSandboxLedger(): boolean {
  return useQuery({ ...sandboxLedgerQuery(useApi()), enabled: false }).data === true;
}

/** How a name reads: the treasury's seed ("deployer"), else the wrapper's class ("NftCollection"). */
export function nameText(n: SandboxName): string | null {
  return n.treasury_seed ?? n.wrapper_name;
}

/** The book with each named account's `name` set (an account the book lacks gets an entry of its own). */
export function withNames(book: AddressBook, names: SandboxNames | undefined): AddressBook {
  if (!names) return book;
  let out: AddressBook | null = null;
  for (const [raw, n] of Object.entries(names)) {
    const name = nameText(n);
    if (!name) continue;
    out ??= { ...book };
    const entry: AddressBookEntry = book[raw] ?? { userFriendly: raw, domain: null, interfaces: [] };
    out[raw] = { ...entry, name };
  }
  return out ?? book;
}

/**
 * `book` with the names of the test a trace belongs to, on a sandbox ledger; `book` itself
 * elsewhere, and until the names come (the page never waits for them).
 */
export function useNamedBook(book: AddressBook, scope: { trace_id: string } | { test: string } | null): AddressBook {
  const api = useApi();
  const sandbox = useIsSandboxLedger();
  const names = useQuery({
    ...sandboxNamesQuery(api, scope ?? { test: '' }),
    enabled: sandbox && scope !== null,
    staleTime: Infinity,
  }).data;
  return useMemo(() => withNames(book, names), [book, names]);
}

/** What a book says an account is: its run name, else its first interface. */
export function labelOf(entry: AddressBookEntry | undefined): string | undefined {
  return entry?.name ?? entry?.interfaces[0];
}
