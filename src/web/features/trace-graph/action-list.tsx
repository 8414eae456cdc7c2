import type { Metadata } from '../../../api/model';
import { useState } from 'react';
import { AddressLink } from '../../components/entity-links';
import { shortAddress } from '../../lib/format';
import type { AddressBook, TraceView } from '../../model/trace-view';
import { actionFailure, summarizeAction, type ActionLike, type SummaryPart } from '../../model/action-summary';

export function ActionList({
  actions,
  trace,
  book,
  metadata,
  letters,
}: {
  actions: ActionLike[];
  trace?: TraceView | null;
  book: AddressBook;
  metadata: Metadata;
  letters: Map<string, string>;
}) {
  const [all, setAll] = useState(false);
  if (actions.length === 0) return <p className="text-sm text-muted">No classified actions in this trace.</p>;
  // A wallet deploying 255 contracts yields 255 lines: show the first ones (failures first) and fold the rest.
  const ordered = [...actions.filter((a) => !a.success), ...actions.filter((a) => a.success)];
  const shown = all ? ordered : ordered.slice(0, FOLD);
  const name = (raw: string) => letters.get(raw) ?? shortAddress(raw);
  return (
    <>
      <ol className="space-y-1 text-sm" aria-label="Actions">
        {shown.map((a, i) => {
          const why = actionFailure(a, trace ?? null, name);
          return (
            <li
              key={i}
              className="flex flex-wrap items-baseline gap-x-1"
              data-testid="action-line"
              data-type={a.type}
              data-outcome={a.success ? 'success' : 'failed'}
            >
              <span
                className={`mr-1 rounded px-1 text-xs ${a.success ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-100 font-semibold text-red-800 dark:bg-red-950 dark:text-red-300'}`}
              >
                {a.success ? '✓' : '✕ failed'}
              </span>
              {summarizeAction(a, metadata).map((p, j) => (
                <Part key={j} part={p} book={book} letters={letters} />
              ))}
              {!a.success && (
                <span className="text-red-700 dark:text-red-400" data-testid="action-failure">
                  {why ? `— ${why}` : '— the trace does not say why'}
                </span>
              )}
            </li>
          );
        })}
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

function Part({ part, book, letters }: { part: SummaryPart; book: AddressBook; letters: Map<string, string> }) {
  if (part.kind === 'account')
    return (
      <span className="inline-flex items-baseline gap-0.5">
        {part.raw && letters.get(part.raw) && <span className="font-semibold">{letters.get(part.raw)}</span>}
        <AddressLink raw={part.raw} book={book} />
      </span>
    );
  if (part.kind === 'amount')
    return (
      <strong className="inline-flex items-baseline gap-1">
        {part.image && <TokenImage src={part.image} />}
        {part.text}
      </strong>
    );
  return <span>{part.text}</span>;
}

/** The token's picture from the API's own image proxy (model/jetton-token.ts); hidden if it cannot load. */
function TokenImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      referrerPolicy="no-referrer"
      className="self-center rounded-full"
      onError={() => setFailed(true)}
    />
  );
}

const FOLD = 12;
