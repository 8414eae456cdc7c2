import type { Metadata } from '../../../api/model';
import { useState } from 'react';
import { AddressLink } from '../../components/entity-links';
import type { AddressBook } from '../../model/trace-view';
import { summarizeAction, type ActionLike } from '../../model/action-summary';

export function ActionList({
  actions,
  book,
  metadata,
  letters,
}: {
  actions: ActionLike[];
  book: AddressBook;
  metadata: Metadata;
  letters: Map<string, string>;
}) {
  const [all, setAll] = useState(false);
  if (actions.length === 0) return <p className="text-sm text-muted">No classified actions in this trace.</p>;
  // A wallet deploying 255 contracts yields 255 lines: show the first ones (failures first) and fold the rest.
  const ordered = [...actions.filter((a) => !a.success), ...actions.filter((a) => a.success)];
  const shown = all ? ordered : ordered.slice(0, FOLD);
  return (
    <>
      <ol className="space-y-1 text-sm" aria-label="Actions">
        {shown.map((a, i) => (
          <li key={i} className="flex flex-wrap items-baseline gap-x-1" data-testid="action-line">
            <span
              className={`mr-1 rounded px-1 text-xs ${a.success ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-100 font-semibold text-red-800 dark:bg-red-950 dark:text-red-300'}`}
            >
              {a.success ? '✓' : '✕ failed'}
            </span>
            {summarizeAction(a, metadata).map((p, j) =>
              p.kind === 'account' ? (
                <span key={j} className="inline-flex items-baseline gap-0.5">
                  {p.raw && letters.get(p.raw) && <span className="font-semibold">{letters.get(p.raw)}</span>}
                  <AddressLink raw={p.raw} book={book} />
                </span>
              ) : p.kind === 'amount' ? (
                <strong key={j}>{p.text}</strong>
              ) : (
                <span key={j}>{p.text}</span>
              ),
            )}
          </li>
        ))}
      </ol>
      {ordered.length > FOLD && (
        <button
          type="button"
          onClick={() => setAll((v) => !v)}
          className="mt-1 text-sm text-teal-700 hover:underline dark:text-teal-400"
        >
          {all ? 'Show fewer actions' : `Show all ${ordered.length} actions`}
        </button>
      )}
    </>
  );
}

const FOLD = 12;
