import type { ReactNode } from 'react';
import { TonAmount } from '../../components/ton-amount';
import { nanotonValue } from './nanoton-fields';

/** A transaction phase (or account state) as a card of its fields; amounts as TON, the rest as sent. */
export function PhaseCard({
  title,
  data,
  children,
}: {
  title: string;
  data: object | undefined;
  children?: ReactNode;
}) {
  if (!data) return null;
  return (
    <section
      className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      aria-label={`${title} phase`}
    >
      <h3 className="mb-1 font-semibold">{title}</h3>
      {children}
      <dl className="grid grid-cols-[minmax(8rem,12rem)_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
        {Object.entries(data).map(([k, v]) => {
          const nano = nanotonValue(k, v);
          return (
            <div key={k} className="contents">
              <dt className="text-muted">{k}</dt>
              <dd className="mono min-w-0 break-all" data-field={k}>
                {nano !== null ? (
                  <TonAmount nano={nano} />
                ) : v === null ? (
                  '—'
                ) : typeof v === 'object' ? (
                  JSON.stringify(v)
                ) : (
                  String(v)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
