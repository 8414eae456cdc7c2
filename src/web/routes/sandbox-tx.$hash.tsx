import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { sandboxTransactionQuery } from '../../api/queries';
import { isNotFound } from '../../api/client';
import type { SandboxTransaction } from '../../api/sandbox-wire';
import { useApi } from '../lib/router-context';
import { missing, txRouteParams } from '../lib/route-params';
import { formatInt, formatTon } from '../lib/format';
import { RouteNotFound } from '../components/route-states';
import { AddressLink, TraceLink, TxLink } from '../components/entity-links';
import { DetailRow } from '../components/detail-row';
import { Page, PageHeader } from '../components/page';
import { useIsSandboxLedger, withNames } from '../model/run-names';
import { gasOf, outcomeDetail, outcomeLabel } from '../features/sandbox/outcome';
import { VmLogViewer } from '../features/sandbox/vm-log-viewer';
import { StorageView } from '../features/sandbox/storage-view';
import { RunLogs } from '../features/sandbox/run-logs';
import { AbiMessages, AbiStorage } from '../features/sandbox/abi-fields';
import { ExecutorActions } from '../features/sandbox/executor-actions';

// What sandbox sent of one transaction of a test run besides its BOC: its VM log (step by step),
// the account's storage before and after, its debug output and blockchain log, and (from an Acton
// bundle) its executor actions. Each tab is a deep link (`?tab=vm|storage|bodies|logs|actions`; the
// actions tab is offered when the transaction has some), and so is one step of the VM log
// (`&step=N`), a search (`&q=`) and the raw cells of a storage the ABI reads (`&view=raw`).

const TABS = ['vm', 'storage', 'bodies', 'logs', 'actions'] as const;
const TAB_TITLES = {
  vm: 'VM log',
  storage: 'Storage before/after',
  bodies: 'Bodies by the ABI',
  logs: 'Debug output and logs',
  actions: 'Executor actions',
} as const;
const NOT_A_RUN = 'No test run of this ledger has a transaction with this hash (or this is no sandbox ledger).';

export const Route = createFileRoute('/sandbox-tx/$hash')({
  params: txRouteParams,
  validateSearch: z.object({
    tab: z.optional(z.catch(z.enum(TABS), 'vm')),
    step: z.optional(z.catch(z.coerce.number(), undefined as unknown as number)),
    q: z.optional(z.string()),
    view: z.optional(z.catch(z.enum(['fields', 'raw']), 'fields')),
  }),
  loader: async ({ context: { queryClient, api }, params: { hash } }) => {
    try {
      await queryClient.ensureQueryData(sandboxTransactionQuery(api, { hash }));
    } catch (error) {
      if (isNotFound(error)) throw missing(`test run transaction ${hash}`, NOT_A_RUN);
      throw error;
    }
  },
  notFoundComponent: RouteNotFound,
  component: SandboxTxPage,
});

function SandboxTxPage() {
  const { hash } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const data = useSuspenseQuery(sandboxTransactionQuery(useApi(), { hash })).data;
  // this page asks the API anyway: what it learns shows the header's Tests link
  useIsSandboxLedger();
  const t = data.transaction;
  const book = withNames({}, data.name ? { [t.account]: data.name } : undefined);
  const tab = search.tab ?? 'vm';
  const gas = gasOf(t);
  const actions = data.executor_actions;
  const refused = actions.filter((a) => a.failed).length;
  const tabs = TABS.filter((k) => k !== 'actions' || actions.length > 0 || tab === 'actions');
  return (
    <Page>
      <PageHeader title="Test run transaction">
        <p className="mono break-all text-sm">{hash}</p>
        <p
          className={`text-sm font-semibold ${t.failed ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
          title={outcomeDetail(t)}
          data-testid="sandbox-tx-outcome"
        >
          {outcomeLabel(t)}
        </p>
      </PageHeader>
      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <DetailRow k="Account">
          <AddressLink raw={t.account} book={book} full />
        </DetailRow>
        <DetailRow k="Run">
          <Link
            to="/tests"
            search={{ test: data.test_key, run: data.seqno }}
            className="text-teal-700 hover:underline dark:text-teal-400"
          >
            run #{data.seqno} of its test
          </Link>
        </DetailRow>
        <DetailRow k="Trace">
          <TraceLink traceId={data.trace_id} tx={t.hash} className="text-teal-700 hover:underline dark:text-teal-400">
            open in the trace graph
          </TraceLink>
          {' · '}
          <TxLink hash={t.hash} className="text-teal-700 hover:underline dark:text-teal-400">
            phases, fees and messages
          </TxLink>
        </DetailRow>
        <DetailRow k="lt">
          <span className="mono">{t.lt}</span>
          {t.parent_lt && <span className="ml-2 text-muted">parent lt {t.parent_lt}</span>}
          {data.children_lts.length > 0 && (
            <span className="ml-2 text-muted">children lts {data.children_lts.join(', ')}</span>
          )}
        </DetailRow>
        <DetailRow k="Gas">{gas === null ? 'no compute phase ran' : formatInt(gas)}</DetailRow>
        <DetailRow k="Total fees">{formatTon(t.total_fees, { maxFraction: 9 })}</DetailRow>
        {actions.length > 0 && (
          <DetailRow k="Executor actions">
            <Link
              to="/sandbox-tx/$hash"
              params={{ hash }}
              search={{ tab: 'actions' }}
              className={`hover:underline ${refused ? 'font-medium text-red-700 dark:text-red-400' : 'text-teal-700 dark:text-teal-400'}`}
              data-testid="executor-actions-summary"
            >
              {actions.length} action{actions.length === 1 ? '' : 's'}
              {refused ? `, ${refused} failed` : ', all done'}
            </Link>
          </DetailRow>
        )}
      </dl>
      <nav aria-label="Views of the transaction" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {tabs.map((k) => (
          <Link
            key={k}
            to="/sandbox-tx/$hash"
            params={{ hash }}
            search={{ tab: k }}
            aria-current={tab === k ? 'page' : undefined}
            className={`-mb-px rounded-t border px-3 py-1 text-sm ${tab === k ? 'border-slate-200 border-b-white bg-white font-semibold dark:border-slate-800 dark:border-b-slate-950 dark:bg-slate-950' : 'border-transparent text-teal-700 dark:text-teal-400'}`}
            data-testid={`tab-${k}`}
          >
            {TAB_TITLES[k]}
          </Link>
        ))}
      </nav>
      {tab === 'vm' && (
        <VmLogViewer
          hash={hash}
          step={search.step}
          q={search.q}
          onStep={(step) => void navigate({ search: (s) => ({ ...s, step }), replace: true })}
          onSearch={(q) => void navigate({ search: (s) => ({ ...s, q }), replace: true })}
        />
      )}
      {tab === 'storage' && <StorageTab data={data} raw={search.view === 'raw'} hash={hash} />}
      {tab === 'bodies' && <AbiMessages tx={data} />}
      {tab === 'logs' && <RunLogs tx={data} />}
      {tab === 'actions' && <ExecutorActions actions={actions} />}
    </Page>
  );
}

/** The storage by the account's ABI when it has one, the raw cells a click away; else the raw cells. */
function StorageTab({ data, raw, hash }: { data: SandboxTransaction; raw: boolean; hash: string }) {
  const decoded = data.abi_decoded.storage;
  if (!decoded.before && !decoded.after) return <StorageView storage={data.storage} />;
  const link = 'text-sm text-teal-700 hover:underline dark:text-teal-400';
  return (
    <div className="space-y-2">
      <p className="text-sm">
        {raw ? (
          <Link
            to="/sandbox-tx/$hash"
            params={{ hash }}
            search={{ tab: 'storage' }}
            className={link}
            data-testid="storage-fields-link"
          >
            Show the fields the contract&apos;s ABI reads
          </Link>
        ) : (
          <Link
            to="/sandbox-tx/$hash"
            params={{ hash }}
            search={{ tab: 'storage', view: 'raw' }}
            className={link}
            data-testid="storage-raw-link"
          >
            Show the raw cells
          </Link>
        )}
      </p>
      {raw ? <StorageView storage={data.storage} /> : <AbiStorage storage={decoded} />}
    </div>
  );
}
