import type { SandboxTransaction } from '../../../api/sandbox-wire';

/** The transaction's debug output (`~dump`, `DEBUG`) and its blockchain log, as sandbox sent them. */
export function RunLogs({ tx }: { tx: SandboxTransaction }) {
  return (
    <div className="space-y-3">
      {(
        [
          ['Debug output', tx.debug_log, 'debug-log', 'No debug output (the contract printed nothing).'],
          ['Blockchain log', tx.blockchain_log, 'blockchain-log', 'No blockchain log.'],
        ] as const
      ).map(([title, text, id, none]) => (
        <section key={id} aria-labelledby={id}>
          <h3 id={id} className="font-semibold">
            {title}
          </h3>
          {text ? (
            <pre
              className="mono max-h-[50vh] overflow-auto whitespace-pre-wrap rounded border border-slate-200 p-2 text-xs dark:border-slate-800"
              data-testid={id}
            >
              {text}
            </pre>
          ) : (
            <p className="text-sm text-muted">{none}</p>
          )}
        </section>
      ))}
    </div>
  );
}
