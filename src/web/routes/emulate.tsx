import { useEffect, useMemo } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError } from '../../api/client';
import { faucetInfoQuery } from '../../api/local-network';
import { useApi } from '../lib/router-context';
import { hashPath } from '../lib/format';
import { Loading } from '../components/states';
import { Page, PageHeader, Section } from '../components/page';
import { messageQuery } from '../features/transaction/queries';
import { EmulateForm, EmulatedBadge } from '../features/emulate/emulate-form';
import { readMessageInput, rebuildExternalMessage } from '../features/emulate/message-input';
import { emulationQuery } from '../features/emulate/use-emulation';
import { EmulatedTrace, emulatedView } from './-emulate/emulated-trace';
import { SendAndFollow } from './-emulate/send-and-follow';

// The emulation page: an external message (pasted, or the deep link's `?boc=`, or rebuilt from a
// message of the ledger: `?msg=`) run on the current state by the API's emulation service, its
// trace to come drawn as a real trace is; where the API accepts messages, sent and followed.

export const Route = createFileRoute('/emulate')({
  validateSearch: z.object({ boc: z.optional(z.string()), msg: z.optional(z.string()) }),
  component: EmulatePage,
});

/** A link's BOC: base64url (no `+` for a query string to turn into a space); a pasted `+` that became one, restored. */
const linkBoc = (boc: string) => boc.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function EmulatePage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const boc = typeof search.boc === 'string' ? search.boc.replace(/ /g, '+') : '';
  const read = useMemo(() => (boc ? readMessageInput(boc) : null), [boc]);
  return (
    <Page>
      <PageHeader title="Emulate a message">
        <p className="text-sm text-muted">
          See the whole trace an external message would make on the current state, before it is sent: every transaction,
          its exit code, the actions and the balance changes. Nothing is sent until you send it.
        </p>
      </PageHeader>
      {search.msg && !boc ? (
        <FromMessage hex={search.msg} onBoc={(b) => void navigate({ search: { boc: linkBoc(b) }, replace: true })} />
      ) : (
        <EmulateForm key={boc} initial={boc} onEmulate={(b) => void navigate({ search: { boc: linkBoc(b) } })} />
      )}
      {read && !read.ok && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="emulate-link-error">
          The link&apos;s message cannot be emulated: {read.reason}
        </p>
      )}
      {read?.ok && <Emulated boc={read.boc} />}
    </Page>
  );
}

/** "Emulate again": the message of the ledger rebuilt from its parts, then emulated as pasted. */
function FromMessage({ hex, onBoc }: { hex: string; onBoc: (boc: string) => void }) {
  const q = useQuery(messageQuery(useApi(), hex));
  const found = q.data?.transactions.find((t) => t.inMsg && hashPath(t.inMsg.hash) === hashPath(hex))?.inMsg;
  const problem = !q.data
    ? null
    : !found
      ? `no transaction of this ledger received the message ${hex}`
      : found.source !== null || !found.destination
        ? 'it is an internal message (a contract sent it): only an external message starts a trace that can be emulated'
        : null;
  useEffect(() => {
    if (found && !problem)
      onBoc(
        rebuildExternalMessage({
          destination: found.destination!,
          body: found.body?.boc ?? null,
          init: found.initState?.boc ?? null,
        }),
      );
  }, [found, problem, onBoc]);
  if (q.error) return <p role="alert">{(q.error as Error).message}</p>;
  if (problem)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="emulate-link-error">
        The message cannot be emulated again: {problem}.
      </p>
    );
  return <Loading label="Reading the message" />;
}

/** What the API's refusal means to the person who pasted the message. */
function refusal(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return `The message would not be accepted by its contract: ${error.message}`;
    if (error.status === 404 && /mc_block_seqno/.test(error.message)) return error.message;
    if (error.status === 404 || error.status === 405)
      return `This API does not emulate messages (${error.status} from ${error.url}).`;
    return `The API refused the message (${error.status}): ${error.message}`;
  }
  return (error as Error).message;
}

function Emulated({ boc }: { boc: string }) {
  const api = useApi();
  const q = useQuery(emulationQuery(api, boc));
  const sending = useQuery(faucetInfoQuery(api));
  const trace = useMemo(() => (q.data ? emulatedView(q.data) : null), [q.data]);
  if (q.isPending) return <Loading label="Emulating the message" />;
  if (q.error)
    return (
      <p role="alert" className="rounded border border-red-600 p-2 text-sm" data-testid="emulate-error">
        {refusal(q.error)}
      </p>
    );
  if (!trace) return null;
  return (
    <>
      {sending.data && (
        <Section id="send-title" title="Send it">
          <p className="mb-2 text-sm text-muted">
            This API accepts messages: send this one, then follow its real trace beside the <EmulatedBadge /> one.
          </p>
          <SendAndFollow boc={boc} emulation={q.data} trace={trace} />
        </Section>
      )}
      <EmulatedTrace emulation={q.data} trace={trace} />
    </>
  );
}
