import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { CatchBoundary, useRouter, type ErrorComponentProps, type NotFoundRouteProps } from '@tanstack/react-router';
import { QueryErrorResetBoundary, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { isNotFound } from '../../api/client';
import { ErrorState, Loading, NotFound, Unoffered } from './states';
import type { Missing } from '../lib/route-params';

// The states every route shares (main.tsx sets them as the router's defaults): what shows while a
// loader waits, when it fails, and when what the URL names does not exist or is malformed.

export function RoutePending() {
  return <Loading label="Loading" />;
}

/** A loader's or a component's error, told apart by the client's `kind`; Retry runs the loaders again. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  // the failed queries may be fetched again once this error is shown
  useEffect(() => queryReset.reset(), [queryReset]);
  return <ErrorState error={error} onRetry={() => void router.invalidate()} />;
}

/** A route's `notFoundComponent`: the `missing(what, detail)` its params parser or loader threw. */
export function RouteNotFound({ data }: NotFoundRouteProps) {
  const m = data as Missing | undefined;
  return <NotFound what={m?.what ?? 'page'}>{m?.detail}</NotFound>;
}

/**
 * A part of a page whose data is not needed for the page's first paint (the route's loader only
 * prefetches it): it suspends and fails on its own, inside the page, with a Retry of its own.
 * `fallback` and `failed` replace the loading line and the error box where those cannot stand (a
 * row of a details list). `offers` names the endpoint the area reads: when the API answers 404 for
 * it, the area says the API does not offer it (Unoffered) rather than showing an error and a Retry.
 * Only for reads whose 404 cannot mean a missing thing (lists, per-account reads answering empty).
 */
export function Deferred(props: DeferredProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => <DeferredBoundary {...props} resetQueries={reset} />}
    </QueryErrorResetBoundary>
  );
}

interface DeferredProps {
  label: string;
  resetKey: string;
  fallback?: ReactNode;
  failed?: (error: unknown, retry: () => void) => ReactNode;
  /** `instead`: what the page can show in its place (derived from what it has), under the note. */
  offers?: { what: string; endpoint: string; testId?: string; instead?: ReactNode };
  children: ReactNode;
}

function DeferredBoundary({
  label,
  resetKey,
  fallback,
  failed,
  offers,
  children,
  resetQueries,
}: DeferredProps & { resetQueries: () => void }) {
  // One error component for the boundary's life: a new one at each render of the page (an inline
  // function) replaced the error box whenever the page re-rendered, as the home page does when the
  // pointer enters its list, and a click on Retry then fell between two buttons.
  const errorComponent = useMemo(
    () =>
      function DeferredError({ error, reset: again }: ErrorComponentProps) {
        const retry = () => {
          resetQueries();
          again();
        };
        if (offers && isNotFound(error))
          return (
            <>
              <Unoffered {...offers} />
              {offers.instead}
            </>
          );
        return failed ? failed(error, retry) : <ErrorState error={error} onRetry={retry} />;
      },
    [resetQueries, failed, offers],
  );
  return (
    <CatchBoundary getResetKey={() => resetKey} onCatch={() => undefined} errorComponent={errorComponent}>
      <Suspense fallback={fallback === undefined ? <Loading label={label} /> : fallback}>{children}</Suspense>
    </CatchBoundary>
  );
}
