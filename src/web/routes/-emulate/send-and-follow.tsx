import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sendMessage } from '../../../api/emulate';
import type { Emulation } from '../../../api/emulate';
import { TraceLink } from '../../components/entity-links';
import { AddressLink } from '../../components/entity-links';
import { useApi } from '../../lib/router-context';
import { fromApiTrace, type TraceView } from '../../model/trace-view';
import { realTraceQuery } from '../../features/emulate/use-emulation';
import { traceDifferences } from '../../features/emulate/trace-diff';

/**
 * Send: the message goes to the network (v3 `message`), then the page follows the real trace it
 * starts (pending, then complete) and sets it beside the one foretold: a link to it, and what
 * differs (another message may have changed an account between emulation and inclusion).
 */
export function SendAndFollow({ boc, emulation, trace }: { boc: string; emulation: Emulation; trace: TraceView }) {
  const api = useApi();
  const [sent, setSent] = useState<{ hash: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = () => {
    setSending(true);
    setError(null);
    sendMessage(api, boc)
      .then((r) => setSent({ hash: r.hash }))
      .catch((e: Error) => setError(e.message))
      .finally(() => setSending(false));
  };
  return (
    <div className="space-y-2" data-testid="send-panel">
      {!sent && (
        <button
          type="button"
          onClick={send}
          disabled={sending}
          className="rounded bg-teal-700 px-3 py-1 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-60"
          data-testid="send-message"
        >
          {sending ? 'Sending…' : 'Send it'}
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="send-error">
          Not sent: {error}
        </p>
      )}
      {sent && <FollowRealTrace hash={sent.hash} emulation={emulation} trace={trace} />}
    </div>
  );
}

function FollowRealTrace({ hash, emulation, trace }: { hash: string; emulation: Emulation; trace: TraceView }) {
  const api = useApi();
  const q = useQuery(realTraceQuery(api, hash));
  const real = q.data?.traces[0] ?? null;
  const realView = useMemo(() => (real && q.data ? fromApiTrace(real, q.data.addressBook) : null), [real, q.data]);
  const complete = real?.state === 'complete';
  const differences = useMemo(() => {
    if (!realView || !complete) return null;
    const types = (as: { type: string; success: boolean }[] | null | undefined) =>
      (as ?? []).map((a) => `${a.type}${a.success ? '' : ' (failed)'}`);
    return traceDifferences(trace, realView, {
      emulated: types(emulation.page.traces[0]?.actions),
      real: types(real.actions),
    });
  }, [trace, realView, complete, emulation, real]);
  return (
    <div className="space-y-2 text-sm" role="status" data-testid="real-trace" data-state={real?.state ?? 'waiting'}>
      <p>
        Sent (message <span className="mono break-all">{hash}</span>).{' '}
        {!real
          ? 'Waiting for the network to include it…'
          : complete
            ? 'Its real trace is complete:'
            : `Its real trace is under way (${real.transactionCount} transactions so far):`}{' '}
        {real && (
          <TraceLink
            traceId={real.traceId}
            className="text-teal-700 underline dark:text-teal-400"
            data-testid="real-trace-link"
          >
            open the real trace
          </TraceLink>
        )}
      </p>
      {differences && differences.length === 0 && (
        <p data-testid="no-differences">
          The real trace is the one foretold: the same transactions, exit codes, outgoing messages, balance changes and
          actions.
        </p>
      )}
      {differences && differences.length > 0 && (
        <div>
          <p>What differs from the emulated trace (the state changed between emulation and inclusion):</p>
          <ul className="list-disc pl-5" data-testid="differences">
            {differences.map((d, i) => (
              <li key={i} data-what={d.what}>
                {d.what}
                {d.account && (
                  <>
                    {' of '}
                    <AddressLink raw={d.account} book={emulation.page.addressBook} />
                  </>
                )}
                : emulated {d.emulated}, real {d.real}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
