import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { AddressForms } from '../../components/address-forms';
import { PageTitle } from '../../components/page';

/** The header of a token contract's page: its title, its address in every form, a link to its account page. */
export function TokenPageHeader({ title, raw }: { title: ReactNode; raw: string }) {
  return (
    <header>
      <PageTitle>{title}</PageTitle>
      <AddressForms raw={raw} />
      <p className="mt-1 text-sm">
        <Link
          to="/account/$address"
          params={{ address: raw }}
          className="text-teal-700 hover:underline dark:text-teal-400"
          data-testid="account-page-link"
        >
          Its account: balance, transactions, get methods
        </Link>
      </p>
    </header>
  );
}

/** A token's TEP-64 content beside its metadata: description, and the image's address (not loaded: a third party's server). */
export function ContentRows({ description, image }: { description?: string | null; image?: string | null }) {
  return (
    <>
      {description && (
        <>
          <dt className="text-muted">Description</dt>
          <dd className="min-w-0 break-words" data-testid="token-description">
            {description}
          </dd>
        </>
      )}
      {image && (
        <>
          <dt className="text-muted">Image</dt>
          <dd className="mono min-w-0 break-all text-xs" title="The image's address; the explorer does not load it">
            {image}
          </dd>
        </>
      )}
    </>
  );
}

export const DETAILS =
  'grid grid-cols-[9rem_minmax(0,1fr)] gap-x-2 gap-y-1 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800';
