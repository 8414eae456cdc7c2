import { useMemo, useState } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { sandboxRunsQuery, sandboxTestsQuery } from '../../api/queries';
import type { SandboxTests } from '../../api/sandbox-wire';
import { useApi } from '../lib/router-context';
import { fetchLimit, pageOf } from '../lib/pagination';
import { pageSearch } from '../lib/use-page-search';
import { Deferred } from '../components/route-states';
import { Empty } from '../components/states';
import { Page, PageHeader } from '../components/page';
import { Pager } from '../components/pager';
import { useIsSandboxLedger, withNames } from '../model/run-names';
import { useLiveStream } from '../features/live/live';
import { TestTree } from '../features/sandbox/test-tree';
import { RunCard } from '../features/sandbox/run-card';
import { RunCompare } from '../features/sandbox/run-compare';

// The Tests view of a ledger of @ton/sandbox test runs (`npm run sandbox`): its test files, their
// tests, and the selected test's message runs, newest first, each with its outcome. The view follows
// new runs live: it subscribes (streaming v2) to the transactions of the accounts the selected test
// named (treasuries are the same addresses in every test, since their address is their seed's), and
// asks again on each; a run that touches none of them is caught by a slower poll (SAFETY_POLL_MS).
// Deep links: `?test=<key>` a test, `&run=<seqno>` one of its runs, `&compare=<seqno>,<seqno>` two
// runs side by side.

/** Tests listed (the newest). */
const TESTS = 500;
const RUNS_PER_PAGE = 20;
/** While streaming, the view still asks every so often: a new test may touch no account it follows. */
const SAFETY_POLL_MS = 15_000;

export const Route = createFileRoute('/tests')({
  validateSearch: z.object({
    test: z.optional(z.string()),
    run: z.optional(z.catch(z.coerce.number(), undefined as unknown as number)),
    /** Two runs side by side: `<seqno>,<seqno>`. */
    compare: z.optional(z.string()),
    ...pageSearch(RUNS_PER_PAGE),
  }),
  loader: ({ context: { queryClient, api } }) =>
    void queryClient.prefetchQuery(sandboxTestsQuery(api, { limit: TESTS })),
  component: TestsPage,
});

type TestsSearch = ReturnType<typeof Route.useSearch>;

function TestsPage() {
  const search = Route.useSearch();
  const api = useApi();
  // this page asks the API anyway: what it learns shows the header's Tests link
  useIsSandboxLedger();
  return (
    <Page>
      <PageHeader title="Tests">
        <p className="text-sm text-muted">
          The @ton/sandbox test runs this ledger received: each message run of a test is a block of its own.
        </p>
      </PageHeader>
      <Deferred label="Loading tests" resetKey={`${api.base} ${JSON.stringify(search)}`}>
        <TestsBody search={search} />
      </Deferred>
    </Page>
  );
}

/** The newest test: the first of the first file (files and tests come newest first). */
const newestTest = (files: SandboxTests['files']) => files[0]?.tests[0]?.key ?? null;

function TestsBody({ search }: { search: TestsSearch }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const testsOptions = sandboxTestsQuery(api, { limit: TESTS });
  const first = useSuspenseQuery(testsOptions).data;
  const selected = search.test ?? newestTest(first.files);
  const { limit = RUNS_PER_PAGE, offset = 0 } = search;
  const runsParams =
    search.run !== undefined
      ? { seqno: search.run }
      : { test: selected ?? '', limit: fetchLimit(limit), offset: offset };
  const runsOptions = sandboxRunsQuery(api, runsParams);
  const names = useQuery({ ...runsOptions, enabled: selected !== null || search.run !== undefined }).data?.names;
  const followed = useMemo(() => Object.keys(names ?? {}).sort(), [names]);
  const subscription = useMemo(
    () => (followed.length ? { types: ['transactions'], addresses: followed, min_finality: 'finalized' } : 'poll'),
    [followed],
  );
  const live = useLiveStream(subscription, () => {
    for (const what of ['sandboxTests', 'sandboxRuns'])
      void queryClient.invalidateQueries({ queryKey: ['ledger', api.base, what] }, { cancelRefetch: false });
  });
  const refetchInterval = live.paused ? false : live.refetchInterval || SAFETY_POLL_MS;
  const tests = useSuspenseQuery({ ...testsOptions, refetchInterval }).data;

  if (tests.files.length === 0)
    return (
      <Empty>
        No test run has arrived yet. Run your tests with sandbox&apos;s UI on (<code>SANDBOX_UI_ENABLED=true</code>):
        each run shows here as it arrives.
      </Empty>
    );
  return (
    <div className="grid gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
      <TestTree files={tests.files} selected={selected} />
      {selected !== null || search.run !== undefined ? (
        <Deferred label="Loading runs" resetKey={JSON.stringify(runsParams)}>
          <Runs search={search} params={runsParams} refetchInterval={refetchInterval} />
        </Deferred>
      ) : null}
    </div>
  );
}

function Runs({
  search,
  params,
  refetchInterval,
}: {
  search: TestsSearch;
  params: Parameters<typeof sandboxRunsQuery>[1];
  refetchInterval: number | false;
}) {
  const api = useApi();
  const navigate = useNavigate({ from: Route.fullPath });
  const { limit = RUNS_PER_PAGE, offset = 0 } = search;
  const data = useSuspenseQuery({ ...sandboxRunsQuery(api, params), refetchInterval }).data;
  const book = useMemo(() => withNames({}, data.names), [data.names]);
  const one = search.run !== undefined;
  const [picked, setPicked] = useState<number | null>(null);
  const compared = comparedRuns(search.compare);
  const page = pageOf(data.runs, one ? 1 : limit, one ? 0 : offset);
  const t = data.test;
  return (
    <section aria-labelledby="test-title" className="min-w-0 space-y-2">
      <header>
        <h2 id="test-title" className="font-semibold" data-testid="test-title">
          {t.name ?? t.key}
        </h2>
        <p className="mono break-all text-xs text-muted">{t.path}</p>
        <p className="text-sm text-muted">
          {t.runs} run{t.runs === 1 ? '' : 's'}, newest first
          {one && (
            <>
              {' · '}
              <button
                type="button"
                className="text-teal-700 hover:underline dark:text-teal-400"
                onClick={() => void navigate({ search: (s) => ({ ...s, test: t.key, run: undefined }) })}
              >
                all runs of this test
              </button>
            </>
          )}
        </p>
      </header>
      {compared && (
        <Deferred label="Loading the two runs" resetKey={compared.join(',')}>
          <RunCompare seqnos={compared} />
        </Deferred>
      )}
      <div className="space-y-2" data-testid="runs">
        {page.rows.map((run) => (
          <RunCard
            key={run.seqno}
            run={run}
            book={book}
            testKey={t.key}
            compare={{
              picked: picked === run.seqno,
              onPick: () => {
                if (picked === null || picked === run.seqno) return setPicked(picked === run.seqno ? null : run.seqno);
                setPicked(null);
                void navigate({
                  search: (s) => ({ ...s, compare: `${Math.min(picked, run.seqno)},${Math.max(picked, run.seqno)}` }),
                });
              },
            }}
          />
        ))}
      </div>
      {!one && (
        <Pager
          page={page}
          limit={limit}
          label="Runs"
          onChange={(p) => void navigate({ search: (s) => ({ ...s, ...p }) })}
        />
      )}
    </section>
  );
}

/** `?compare=<seqno>,<seqno>` as two seqnos; anything else compares nothing. */
function comparedRuns(text: string | undefined): readonly [number, number] | null {
  const m = /^(\d{1,10}),(\d{1,10})$/.exec(text ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}
