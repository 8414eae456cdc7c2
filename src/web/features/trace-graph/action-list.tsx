import { AddressLink } from '../../components/address-link';
import type { AddressBook } from './trace-model';
import { summarizeAction, type ActionLike, type TokenMetadata } from './action-summary';

export function ActionList({ actions, book, metadata, letters }: { actions: ActionLike[]; book: AddressBook; metadata: TokenMetadata; letters: Map<string, string> }) {
  if (actions.length === 0) return <p className="text-sm text-slate-500">No classified actions in this trace.</p>;
  return (
    <ol className="space-y-1 text-sm" aria-label="Actions">
      {actions.map((a, i) => (
        <li key={i} className="flex flex-wrap items-baseline gap-x-1" data-testid="action-line">
          <span className={`mr-1 rounded px-1 text-xs ${a.success ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-100 font-semibold text-red-800 dark:bg-red-950 dark:text-red-300'}`}>
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
  );
}
