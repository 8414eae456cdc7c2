import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sandboxVmLogQuery } from '../../../api/queries';
import type { VmStepJson } from '../../../api/sandbox-wire';
import { useApi } from '../../lib/router-context';
import { formatInt } from '../../lib/format';
import { Button } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';

/** Steps a page shows: a verbose log runs to thousands of steps, and only a page is ever in the DOM. */
export const VM_PAGE = 200;

/**
 * A transaction's VM log, one row per instruction (its gas, the gas left, the stack before it), a
 * page of steps at a time from the API (the log is never whole in the page); the failing
 * instruction marked; a search over the whole log, whose matches jump to their page. `step` (from
 * the URL) is the step shown and marked: a deep link to one instruction.
 */
export function VmLogViewer({
  hash,
  step,
  q,
  onStep,
  onSearch,
}: {
  hash: string;
  step: number | undefined;
  q: string | undefined;
  onStep: (step: number) => void;
  onSearch: (q: string | undefined) => void;
}) {
  const api = useApi();
  const start = step === undefined ? 0 : Math.floor(step / VM_PAGE) * VM_PAGE;
  const page = useQuery({
    ...sandboxVmLogQuery(api, { hash, offset: start, limit: VM_PAGE }),
    placeholderData: keepPreviousData,
  });
  const search = useQuery({ ...sandboxVmLogQuery(api, { hash, q: q ?? '', limit: 1 }), enabled: q !== undefined });
  const [draft, setDraft] = useState(q ?? '');
  useEffect(() => setDraft(q ?? ''), [q]);
  const marked = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    marked.current?.scrollIntoView({ block: 'center' });
  }, [step, page.data?.offset]);

  if (page.isPending) return <Loading label="Loading the VM log" />;
  if (page.isError) return <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
  const log = page.data;
  if (!log.has_log)
    return (
      <p className="text-sm text-muted">Sandbox sent no VM log for this transaction (its compute phase did not run).</p>
    );
  const matches = search.data?.matches;
  const hits = new Set(matches?.steps ?? []);
  const nextMatch = (dir: 1 | -1) => {
    const list = matches?.steps ?? [];
    if (!list.length) return;
    const at = step ?? -1;
    const found = dir === 1 ? list.find((s) => s > at) : [...list].reverse().find((s) => s < at);
    onStep(found ?? (dir === 1 ? list[0]! : list[list.length - 1]!));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim() || undefined);
  };
  const last = Math.min(log.offset + log.steps.length, log.total_steps);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span data-testid="vm-summary">
          {formatInt(log.total_steps)} instructions, {formatInt(log.total_lines)} lines
          {log.exit_code !== null && <> · ended by exit code {log.exit_code}</>}
        </span>
        {log.failed_step !== null && (
          <Button onClick={() => onStep(log.failed_step!)} data-testid="vm-goto-failure">
            Go to the failing instruction (#{log.failed_step})
          </Button>
        )}
        <form onSubmit={submit} className="flex items-center gap-1" role="search" aria-label="Search the VM log">
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="instruction, stack value…"
            aria-label="Search the VM log"
            className="mono w-56 rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700 dark:bg-slate-900"
            data-testid="vm-search"
          />
          <Button type="submit">Search</Button>
        </form>
        {q !== undefined && (
          <span className="flex items-center gap-1" data-testid="vm-matches">
            {search.isPending
              ? 'searching…'
              : matches
                ? `${formatInt(matches.total)} matching step${matches.total === 1 ? '' : 's'}`
                : ''}
            <Button onClick={() => nextMatch(-1)} disabled={!matches?.total} aria-label="Previous match">
              ↑
            </Button>
            <Button onClick={() => nextMatch(1)} disabled={!matches?.total} aria-label="Next match">
              ↓
            </Button>
          </span>
        )}
      </div>
      <nav aria-label="VM log pages" className="flex items-center gap-2 text-sm">
        <Button disabled={log.offset === 0} onClick={() => onStep(Math.max(0, log.offset - VM_PAGE))}>
          ← Previous
        </Button>
        <span aria-live="polite">
          steps {log.steps.length ? `${log.offset}–${last - 1}` : 'none'} of {formatInt(log.total_steps)}
        </span>
        <Button disabled={last >= log.total_steps} onClick={() => onStep(last)}>
          Next →
        </Button>
      </nav>
      <div className="max-h-[70vh] overflow-auto rounded border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-xs" data-testid="vm-log">
          <caption className="sr-only">
            VM log, steps {log.offset} to {last - 1}
          </caption>
          <thead className="sticky top-0 bg-white text-muted dark:bg-slate-950">
            <tr>
              <th className="px-1 font-normal">#</th>
              <th className="px-1 font-normal">Instruction</th>
              <th className="px-1 text-right font-normal">Gas</th>
              <th className="px-1 text-right font-normal">Gas left</th>
              <th className="px-1 font-normal">Stack before</th>
            </tr>
          </thead>
          <tbody>
            {log.steps.map((s) => (
              <StepRow
                key={s.index}
                s={s}
                failed={s.index === log.failed_step}
                hit={hits.has(s.index)}
                selected={s.index === step}
                rowRef={s.index === step ? marked : undefined}
                onSelect={() => onStep(s.index)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function StepRow({
  s,
  failed,
  hit,
  selected,
  rowRef,
  onSelect,
}: {
  s: VmStepJson;
  failed: boolean;
  hit: boolean;
  selected: boolean;
  rowRef?: Ref<HTMLTableRowElement>;
  onSelect: () => void;
}) {
  const tone = failed
    ? 'bg-red-100 dark:bg-red-950'
    : selected
      ? 'bg-teal-50 dark:bg-teal-950'
      : hit
        ? 'bg-amber-50 dark:bg-amber-950/50'
        : '';
  return (
    <tr
      ref={rowRef}
      className={`border-t border-slate-100 align-top dark:border-slate-900 ${tone}`}
      data-testid="vm-step"
      data-index={s.index}
      data-failed={failed || undefined}
      aria-current={selected ? 'true' : undefined}
    >
      <td className="px-1">
        <button type="button" onClick={onSelect} className="mono text-teal-700 hover:underline dark:text-teal-400">
          {s.index}
        </button>
      </td>
      <td className="mono px-1 whitespace-nowrap">
        {failed && <span className="mr-1 font-bold text-red-700 dark:text-red-400">✕</span>}
        {s.instruction ?? <span className="text-muted">—</span>}
        {s.notes.map((n, i) => (
          <div
            key={i}
            className={`whitespace-normal ${/exception|terminating/.test(n) ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}
          >
            {n}
          </div>
        ))}
      </td>
      <td className="mono px-1 text-right">{s.gas ?? ''}</td>
      <td className="mono px-1 text-right">{s.gas_remaining ?? ''}</td>
      {/* the selected step's stack whole, the others on one line */}
      <td
        className={`mono max-w-[40rem] px-1 ${selected ? 'break-all whitespace-normal' : 'truncate'}`}
        title={s.stack ?? undefined}
      >
        {s.stack ?? ''}
      </td>
    </tr>
  );
}
