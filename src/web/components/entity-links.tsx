import type { CSSProperties, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { displayAddress, hashPath, shortAddress, shortHash } from '../lib/format';
import { useSettings } from '../lib/settings';
import { SHORTCUTS, ariaKeys } from '../lib/shortcuts';
import type { AddressBook } from '../model/trace-view';
import { CopyButton } from './copy-button';

// One place knows how each entity of the ledger is linked: its route and canonical path form (hex
// hashes), its short label, the full form in the tooltip, and its copy button. The link's `?api=`
// rides along by the root route's search middleware, as on every link of the explorer.

const LINK = 'text-teal-700 hover:underline dark:text-teal-400';

interface Common {
  /** The label; the entity's short form when absent. */
  children?: ReactNode;
  className?: string;
  /** Adds a copy button for the entity's full id. */
  copy?: boolean;
  'data-testid'?: string;
  'aria-keyshortcuts'?: string;
}

/** The link, then its copy button when asked for. */
function WithCopy({
  children,
  copy,
  text,
  label,
}: {
  children: ReactNode;
  copy?: boolean;
  text: string;
  label: string;
}) {
  return (
    <>
      {children}
      {copy && <CopyButton text={text} label={label} />}
    </>
  );
}

export function TxLink({ hash, children, className, copy, ...rest }: Common & { hash: string }) {
  const hex = hashPath(hash);
  return (
    <WithCopy copy={copy} text={hex} label="transaction hash">
      <Link to="/tx/$hash" params={{ hash: hex }} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(hash)}
      </Link>
    </WithCopy>
  );
}

export function MessageLink({ hash, children, className, copy, ...rest }: Common & { hash: string }) {
  const hex = hashPath(hash);
  return (
    <WithCopy copy={copy} text={hex} label="message hash">
      <Link to="/msg/$hash" params={{ hash: hex }} title={hex} className={className ?? `mono ${LINK}`} {...rest}>
        {children ?? shortHash(hash)}
      </Link>
    </WithCopy>
  );
}

/** A trace; `tx` opens it with that transaction selected, `view` in that view. */
export function TraceLink({
  traceId,
  tx,
  view,
  children,
  className,
  copy,
  style,
  ...rest
}: Common & { traceId: string; tx?: string; view?: 'table' | 'lanes'; style?: CSSProperties; 'data-tx'?: string }) {
  const hex = hashPath(traceId);
  return (
    <WithCopy copy={copy} text={hex} label="trace id">
      <Link
        to="/trace/$traceId"
        params={{ traceId: hex }}
        search={{ ...(tx ? { tx: hashPath(tx) } : {}), ...(view ? { view } : {}) }}
        title={hex}
        className={className ?? `mono ${LINK}`}
        style={style}
        {...rest}
      >
        {children ?? shortHash(traceId)}
      </Link>
    </WithCopy>
  );
}

export interface BlockId {
  workchain: number;
  shard: string;
  seqno: number;
}

/** A shard block, labelled `workchain:shard:seqno` as the API names it. */
export function BlockLink({ block, children, className, copy, ...rest }: Common & { block: BlockId }) {
  const id = `${block.workchain}:${block.shard}:${block.seqno}`;
  return (
    <WithCopy copy={copy} text={id} label="block id">
      <Link
        to="/block/$workchain/$shard/$seqno"
        params={{ workchain: block.workchain, shard: block.shard, seqno: block.seqno }}
        title={`block ${id}`}
        className={className ?? `mono ${LINK}`}
        {...rest}
      >
        {children ?? id}
      </Link>
    </WithCopy>
  );
}

export function McBlockLink({ seqno, children, className, copy, ...rest }: Common & { seqno: number }) {
  return (
    <WithCopy copy={copy} text={String(seqno)} label="masterchain seqno">
      <Link
        to="/mc/$seqno"
        params={{ seqno }}
        title={`masterchain block ${seqno}`}
        className={className ?? LINK}
        {...rest}
      >
        {children ?? seqno}
      </Link>
    </WithCopy>
  );
}

const NAV = 'rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700';

/** The masterchain blocks before and after this one, with the keys that go there too. */
export function McBlockNav({ seqno }: { seqno: number }) {
  return (
    <nav aria-label="Neighbouring blocks" className="flex gap-2 text-sm">
      {seqno > 0 && (
        <McBlockLink seqno={seqno - 1} className={NAV} aria-keyshortcuts={ariaKeys(SHORTCUTS.mcPrevious)}>
          ← {seqno - 1}
        </McBlockLink>
      )}
      <McBlockLink seqno={seqno + 1} className={NAV} aria-keyshortcuts={ariaKeys(SHORTCUTS.mcNext)}>
        {seqno + 1} →
      </McBlockLink>
    </nav>
  );
}

const BADGE = 'rounded bg-slate-100 px-1 text-[10px] text-slate-600 dark:bg-slate-800 dark:text-slate-300';

/**
 * An account (the API's raw form) in the chosen address format, linked to its page; the full form
 * in the title, its interface beside it. A jetton master, NFT collection or item (as the answer's
 * address book or metadata names it) links to that token's page, which links on to its account page.
 */
export function AddressLink({
  raw,
  book,
  full = false,
}: {
  raw: string | null | undefined;
  book?: AddressBook;
  full?: boolean;
}) {
  const { addressForm } = useSettings();
  if (!raw) return <span className="text-muted">external</span>;
  const entry = book?.[raw];
  const text = displayAddress(raw, addressForm);
  const iface = entry?.interfaces?.[0];
  const token = tokenInterfaceOf(entry?.interfaces);
  // a sandbox run's name for it (wrapper name, treasury seed), put in the book by model/run-names
  const name = entry?.name;
  const label = entry?.domain ?? (full ? text : shortAddress(text));
  const className = `mono ${full ? 'break-all' : 'truncate'} ${LINK}`;
  return (
    <span className={`${full ? 'inline' : 'inline-flex'} min-w-0 items-baseline gap-1`}>
      {token ? (
        <TokenLink kind={token} raw={raw} className={className} data-testid="token-link">
          {label}
        </TokenLink>
      ) : (
        <Link to="/account/$address" params={{ address: raw }} title={text} className={className}>
          {label}
        </Link>
      )}
      {name && (
        <span
          className="rounded bg-teal-50 px-1 text-[11px] font-medium text-teal-800 dark:bg-teal-950 dark:text-teal-200"
          data-testid="run-name"
        >
          {name}
        </span>
      )}
      {token ? (
        <span className={BADGE} data-testid="token-badge">
          {token}
        </span>
      ) : (
        iface && <span className={BADGE}>{iface}</span>
      )}
    </span>
  );
}

/** The specialised pages of token contracts, by the interface the API names. */
const TOKEN_PAGES = {
  jetton_master: '/jetton/$address',
  nft_collection: '/nft-collection/$address',
  nft_item: '/nft/$address',
} as const;
export type TokenInterface = keyof typeof TOKEN_PAGES;

/** The token interface among an account's interfaces that has a page of its own, if any. */
export function tokenInterfaceOf(interfaces: readonly string[] | undefined): TokenInterface | null {
  return (interfaces?.find((i): i is TokenInterface => i in TOKEN_PAGES) as TokenInterface | undefined) ?? null;
}

/**
 * A token contract (jetton master, NFT collection, NFT item) linked to its own page; the label is
 * the token's name when given, else the short address in the chosen form.
 */
export function TokenLink({ kind, raw, children, className, ...rest }: Common & { kind: TokenInterface; raw: string }) {
  const { addressForm } = useSettings();
  const text = displayAddress(raw, addressForm);
  return (
    <Link to={TOKEN_PAGES[kind]} params={{ address: raw }} title={text} className={className ?? LINK} {...rest}>
      {children ?? <span className="mono">{shortAddress(text)}</span>}
    </Link>
  );
}
