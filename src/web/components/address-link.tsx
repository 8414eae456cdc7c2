import { Link } from '@tanstack/react-router';
import { useSettings } from '../lib/settings';
import { displayAddress, shortAddress } from '../lib/format';
import type { AddressBook } from '../features/trace-graph/trace-model';

/** An address in the chosen format, linked to its account page; the full form in the title. */
export function AddressLink({ raw, book, full = false }: { raw: string | null | undefined; book?: AddressBook; full?: boolean }) {
  const { addressForm } = useSettings();
  if (!raw) return <span className="text-slate-500 dark:text-slate-400">external</span>;
  const entry = book?.[raw];
  const text = displayAddress(raw, addressForm);
  const iface = entry?.interfaces?.[0];
  return (
    <span className={`${full ? 'inline' : 'inline-flex'} min-w-0 items-baseline gap-1`}>
      <Link to="/account/$address" params={{ address: raw }} title={text} className={`mono ${full ? 'break-all' : 'truncate'} text-teal-700 hover:underline dark:text-teal-400`}>
        {entry?.domain ?? (full ? text : shortAddress(text))}
      </Link>
      {iface && <span className="rounded bg-slate-100 px-1 text-[10px] text-slate-600 dark:bg-slate-800 dark:text-slate-300">{iface}</span>}
    </span>
  );
}
