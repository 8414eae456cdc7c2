import type { FailedMessageJson } from '../../../api/sandbox-wire';

// A run's message attempts that made no transaction (from an Acton bundle: an external message its
// contract did not accept, a message the emulator could not run): Acton's error, the VM's exit code
// and its meaning, and the VM and executor logs as Acton saved them, folded.

const pre =
  'mono mt-1 max-h-[40vh] overflow-auto whitespace-pre-wrap rounded border border-slate-200 p-2 text-xs dark:border-slate-800';

export function FailedMessages({ messages, seqno }: { messages: FailedMessageJson[]; seqno: number }) {
  if (messages.length === 0) return null;
  return (
    <section aria-label={`Failed messages of run ${seqno}`} className="mt-2 space-y-1 text-sm">
      <h3 className="font-semibold text-red-700 dark:text-red-400">
        {messages.length === 1 ? 'A message' : `${messages.length} messages`} made no transaction
      </h3>
      <ol className="space-y-1">
        {messages.map((m, i) => (
          <li
            key={i}
            className="rounded border border-red-200 bg-red-50 p-1.5 dark:border-red-900 dark:bg-red-950/40"
            data-testid="failed-message"
          >
            <p className="break-words font-medium text-red-700 dark:text-red-400" data-testid="failed-message-error">
              ✕ {m.error}
            </p>
            {m.exit_code !== null && m.exit && (
              <p title={m.exit.description} data-testid="failed-message-exit">
                exit {m.exit_code}: {m.exit.name}
              </p>
            )}
            {m.missing_libraries.length > 0 && (
              <p className="mono break-all text-xs">missing libraries: {m.missing_libraries.join(', ')}</p>
            )}
            {m.vm_log && (
              <details>
                <summary className="cursor-pointer text-teal-700 dark:text-teal-400">
                  VM log ({m.vm_log.split('\n').length} lines)
                </summary>
                <pre className={pre}>{m.vm_log}</pre>
              </details>
            )}
            {m.blockchain_log && (
              <details>
                <summary className="cursor-pointer text-teal-700 dark:text-teal-400">Executor log</summary>
                <pre className={pre}>{m.blockchain_log}</pre>
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
