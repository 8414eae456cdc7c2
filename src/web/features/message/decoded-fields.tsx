import type { ReactNode } from 'react';
import type { AddressBook, DecodedBody } from '../../../api/model';
import { AddressLink } from '../../components/entity-links';
import { CopyButton } from '../../components/copy-button';
import { formatTon, formatToken } from '../../lib/format';
import type { Metadata } from '../../../api/model';
import { jettonOf } from './jetton-of';

/** Where amounts are read: the response's book and metadata, and the accounts the body travels between. */
export interface FieldContext {
  book: AddressBook;
  metadata: Metadata | undefined;
  /** The message's destination then source: the jetton wallet or master that fixes a jetton amount's token. */
  accounts: readonly (string | null)[];
}

/** Fields that count the jetton of the message (per type); every other amount field is nanotons. */
const JETTON_AMOUNTS: Record<string, readonly string[]> = {
  jetton_transfer: ['amount'],
  jetton_internal_transfer: ['amount'],
  jetton_notify: ['amount'],
  jetton_burn: ['amount'],
  jetton_burn_notification: ['amount'],
  jetton_mint: ['jetton_amount'],
  bounce: ['amount'],
};
const TON_AMOUNTS = new Set([
  'forward_ton_amount',
  'ton_amount',
  'total_ton_amount',
  'forward_amount',
  'value',
  'amount',
]);
const RAW_ADDRESS = /^-?\d+:[0-9A-F]{64}$/;

const label = (key: string) => key.replace(/_/g, ' ');

interface Payload {
  boc: string;
  decoded: DecodedBody | null;
}
const isPayload = (v: unknown): v is Payload =>
  !!v && typeof v === 'object' && typeof (v as Payload).boc === 'string' && 'decoded' in (v as object);

function Raw({ boc }: { boc: string }) {
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-400">raw cell (BOC)</summary>
      <pre className="mono mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-1 dark:bg-slate-900">
        {boc}
      </pre>
      <CopyButton text={boc} label="cell BOC" />
    </details>
  );
}

function value(type: string, key: string, v: unknown, ctx: FieldContext): ReactNode {
  if (v === null || v === undefined) return <span className="text-muted">none</span>;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return <span className="mono">{v}</span>;
  if (typeof v === 'string') {
    if (RAW_ADDRESS.test(v)) return <AddressLink raw={v} book={ctx.book} />;
    if (/^-?\d+$/.test(v) && JETTON_AMOUNTS[type]?.includes(key)) {
      const token = jettonOf(ctx.accounts, ctx.metadata);
      return (
        <span title={`${v} in the jetton's base units`} data-testid="decoded-jetton-amount">
          {formatToken(v, token)}
        </span>
      );
    }
    if (/^-?\d+$/.test(v) && TON_AMOUNTS.has(key))
      return <span title={`${v} nanoton`}>{formatTon(v, { maxFraction: 9 })}</span>;
    return <span className="mono break-all">{v}</span>;
  }
  if (isPayload(v)) {
    return (
      <div className="space-y-1 border-l-2 border-slate-200 pl-2 dark:border-slate-700">
        {v.decoded ? <DecodedFields decoded={v.decoded} ctx={ctx} /> : <span className="text-muted">not decoded</span>}
        <Raw boc={v.boc} />
      </div>
    );
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return <span className="text-muted">none</span>;
    return (
      <ol className="space-y-1">
        {v.map((item, i) => (
          <li key={i} className="border-l-2 border-slate-200 pl-2 dark:border-slate-700">
            <span className="text-xs text-muted">#{i + 1}</span> {value(type, key, item, ctx)}
          </li>
        ))}
      </ol>
    );
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    // a wallet's inner message (or a v5 action): its amounts are in its own destination's token
    const inner = typeof o.destination === 'string' ? { ...ctx, accounts: [o.destination] } : ctx;
    return <FieldList type={typeof o.type === 'string' ? o.type : type} data={o} ctx={inner} />;
  }
  return String(v);
}

function FieldList({ type, data, ctx }: { type: string; data: Record<string, unknown>; ctx: FieldContext }) {
  return (
    // on a phone each label sits above its value: nested payloads (a v5 action's message's body)
    // would otherwise stack a label column per level past the screen's width
    <dl className="grid grid-cols-1 gap-x-2 gap-y-0.5 sm:grid-cols-[minmax(6rem,max-content)_minmax(0,1fr)]">
      {Object.entries(data).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted">{label(k)}</dt>
          <dd className="min-w-0" data-field={k}>
            {value(type, k, v, ctx)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A decoded body as a readable structure: its type, then each field, payloads nested with their raw cells. */
export function DecodedFields({ decoded, ctx }: { decoded: DecodedBody; ctx: FieldContext }) {
  return (
    <div className="space-y-1" data-testid="decoded-body" data-type={decoded.type}>
      <p className="text-xs font-semibold">{decoded.type}</p>
      {decoded.comment !== undefined ? (
        <p className="break-words">“{decoded.comment}”</p>
      ) : decoded.data ? (
        <FieldList type={decoded.type} data={decoded.data} ctx={ctx} />
      ) : null}
    </div>
  );
}
