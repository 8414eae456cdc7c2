import { useId, useState, type FormEvent } from 'react';
import { readMessageInput } from './message-input';

/**
 * The message to emulate: a BOC pasted in base64 or hex. It is read here first (src/ton's checks,
 * the server's own), so a text that is no external message is refused with what it is instead,
 * before anything is asked of the API.
 */
export function EmulateForm({ initial, onEmulate }: { initial: string; onEmulate: (boc: string) => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readMessageInput(text);
    if (!read.ok) {
      setError(read.reason);
      return;
    }
    setError(null);
    onEmulate(read.boc);
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Message to emulate">
      <label htmlFor={`${id}-boc`} className="block text-sm font-medium">
        External message (BOC, base64 or hex)
      </label>
      <textarea
        id={`${id}-boc`}
        name="boc"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        spellCheck={false}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mono w-full rounded border border-slate-300 bg-white p-2 text-xs dark:border-slate-700 dark:bg-slate-900"
        placeholder="te6cc… or b5ee9c72…"
        data-testid="emulate-input"
      />
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="text-sm text-red-700 dark:text-red-300"
          data-testid="emulate-input-error"
        >
          {error}
        </p>
      )}
      <button
        type="submit"
        className="rounded bg-teal-700 px-3 py-1 text-sm font-medium text-white hover:bg-teal-800"
        data-testid="emulate-submit"
      >
        Emulate
      </button>
    </form>
  );
}

/** The mark every part of an emulated trace carries: it has not happened. */
export function EmulatedBadge() {
  return (
    <span
      className="ml-2 rounded border border-amber-600 bg-amber-50 px-1.5 py-0.5 align-middle text-xs font-semibold uppercase tracking-wide text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="emulated-badge"
    >
      emulated
    </span>
  );
}
