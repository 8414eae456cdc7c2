import { Link } from '@tanstack/react-router';
import type { AddressBook } from '../../../api/model';
import { TxPanel } from '../../features/trace-graph/tx-panel';
import { SHORTCUTS, primaryKey } from '../../lib/shortcuts';
import type { TxView } from '../../model/trace-view';
import { useIsSandboxLedger } from '../../model/run-names';
import { AbiReadings } from '../../features/sandbox/abi-fields';
import { hashPath } from '../../lib/format';

/**
 * The selected transaction's details, with a close button (and its key); a hint to select one when
 * none is. In the graph view the details float over the graph's right edge (from Tailwind's lg).
 */
export function TraceDetails({
  tx,
  overGraph,
  book,
  letters,
  onClose,
}: {
  tx: TxView | null;
  overGraph: boolean;
  book: AddressBook;
  letters: Map<string, string>;
  onClose: () => void;
}) {
  const close = primaryKey(SHORTCUTS.traceClose);
  const sandbox = useIsSandboxLedger();
  if (!tx)
    return (
      <p className={`text-sm text-muted ${overGraph ? 'mt-2' : ''}`}>
        Select a transaction (click a node, or press {primaryKey(SHORTCUTS.traceNext)}) to see its details.
      </p>
    );
  return (
    <aside
      aria-label="Selected transaction"
      className={`relative ${overGraph ? 'mt-4 lg:absolute lg:top-3 lg:right-3 lg:mt-0 lg:max-h-[calc(100%-1.5rem)] lg:w-[22rem] lg:overflow-y-auto lg:rounded-lg lg:bg-white lg:shadow-xl lg:dark:bg-slate-950' : ''}`}
    >
      <button
        type="button"
        onClick={onClose}
        aria-label={`Close the details (${close})`}
        title={`Close (${close})`}
        className="absolute top-2 right-2 rounded px-1.5 text-lg leading-none text-muted hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        ×
      </button>
      <TxPanel tx={tx} book={book} letter={letters.get(tx.account) ?? '?'} />
      {sandbox && <SandboxReadings hash={tx.hash} />}
    </aside>
  );
}

/** On a sandbox ledger: the selected transaction as its test's contract ABIs read it, and where its VM log is. */
function SandboxReadings({ hash }: { hash: string }) {
  return (
    <section
      aria-labelledby="abi-readings-title"
      className="mt-2 space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
    >
      <h2 id="abi-readings-title" className="font-semibold">
        Read by the test&apos;s ABIs
      </h2>
      <AbiReadings hash={hash} />
      <Link
        to="/sandbox-tx/$hash"
        params={{ hash: hashPath(hash) }}
        className="inline-block text-teal-700 hover:underline dark:text-teal-400"
        data-testid="trace-sandbox-tx-link"
      >
        VM log, storage cells and logs →
      </Link>
    </section>
  );
}
