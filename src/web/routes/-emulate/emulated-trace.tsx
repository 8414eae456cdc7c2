import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { Emulation } from '../../../api/emulate';
import { useSettings } from '../../lib/settings';
import { accountLetters } from '../../model/account-labels';
import { labelOf } from '../../model/run-names';
import { fromApiTrace, firstFailure, type TraceView } from '../../model/trace-view';
import { traceBalances } from '../../model/trace-balances';
import { ActionList } from '../../features/trace-graph/action-list';
import { isFoldedChild } from '../../features/trace-graph/graph-model';
import { DerivedBalanceChanges } from '../../features/balance-changes/balance-changes-panel';
import { EmulatedBadge } from '../../features/emulate/emulate-form';
import { ExitCodes } from '../../features/emulate/exit-codes';
import { Section } from '../../components/page';
import { FailureBanner } from '../-trace/trace-header';
import { TraceToolbar } from '../-trace/trace-toolbar';
import { TraceViews } from '../-trace/trace-views';
import { TraceDetails } from '../-trace/trace-details';
import type { TraceViewName } from '../-trace/views';

/** The view of an emulated trace: as a real one's, its transactions in no block (none is linked). */
export function emulatedView(e: Emulation): TraceView | null {
  const t = e.page.traces[0];
  if (!t) return null;
  const view = fromApiTrace(t, e.page.addressBook);
  for (const [hash, tx] of view.txs) view.txs.set(hash, { ...tx, blockRef: null });
  return view;
}

/**
 * A trace to come, drawn with the components of a trace that happened (actions, balance changes,
 * graph, table, lanes, details), each part marked emulated; each transaction's exit code and its
 * meaning listed, the failing ones first.
 */
export function EmulatedTrace({ emulation, trace }: { emulation: Emulation; trace: TraceView }) {
  const { addressForm, theme } = useSettings();
  const page = emulation.page;
  const wire = page.traces[0]!;
  const book = page.addressBook;
  const letters = useMemo(() => accountLetters(trace), [trace]);
  const graphTrace = useDeferredValue(trace, null);
  const [view, setView] = useState<TraceViewName>('graph');
  const [selected, setSelected] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const expand = useCallback((parent: string) => setExpanded((s) => (s.has(parent) ? s : new Set([...s, parent]))), []);
  const select = useCallback(
    (hash: string) => {
      const parent = trace.txs.get(hash)?.parent;
      if (parent && isFoldedChild(trace, hash)) expand(parent);
      setSelected(hash);
    },
    [trace, expand],
  );
  const iface = (raw: string) => labelOf(book[raw]);
  const failed = firstFailure(trace);
  const sel = selected ? (trace.txs.get(selected) ?? null) : null;
  const balances = useCallback(() => Promise.resolve(traceBalances(trace).data), [trace]);

  return (
    <div className="space-y-4" data-emulated="true" data-testid="emulated-trace">
      <p className="text-sm" data-testid="emulated-summary">
        <EmulatedBadge /> {trace.txs.size} transaction{trace.txs.size === 1 ? '' : 's'} on the state of masterchain
        block {emulation.mcSeqno ?? 'unknown'}; nothing was sent, nothing on the chain changed.
      </p>
      {emulation.incomplete && (
        <p role="status" className="rounded border border-amber-600 p-2 text-sm" data-testid="emulated-incomplete">
          The trace did not end within the emulator&apos;s bounds: what follows is only its first {trace.txs.size}{' '}
          transactions (a contract that keeps sending, or a trace too long to run at once).
        </p>
      )}
      {failed && (
        <FailureBanner
          failed={failed}
          letter={letters.get(failed.account)}
          iface={iface(failed.account)}
          onShow={() => select(failed.hash)}
        />
      )}
      <Section id="emulated-exit-title" title="How each transaction would end">
        <ExitCodes trace={trace} letters={letters} iface={iface} onSelect={select} />
      </Section>
      <Section id="emulated-actions-title" title="What would happen">
        <ActionList actions={wire.actions ?? []} trace={trace} book={book} metadata={page.metadata} letters={letters} />
      </Section>
      <Section id="emulated-balances-title" title="Balance changes it would make">
        <DerivedBalanceChanges trace={trace} book={book} metadata={page.metadata} letters={letters} />
      </Section>
      <TraceToolbar
        id={wire.traceId}
        view={view}
        onView={setView}
        wholePage={() => Promise.resolve(page)}
        trace={trace}
        letters={letters}
        iface={iface}
        balancesForExport={balances}
      />
      <TraceViews
        view={view}
        trace={trace}
        graphTrace={graphTrace}
        book={book}
        letters={letters}
        addressForm={addressForm}
        theme={theme}
        selected={selected}
        onSelect={select}
        expanded={expanded}
        onExpand={expand}
        detailsOpen={sel !== null}
        details={
          <TraceDetails
            tx={sel}
            overGraph={view === 'graph'}
            book={book}
            letters={letters}
            onClose={() => setSelected(null)}
          />
        }
      />
    </div>
  );
}
