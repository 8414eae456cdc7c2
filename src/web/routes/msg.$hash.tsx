import { createFileRoute } from '@tanstack/react-router';
import { TraceLink, TxLink } from '../components/entity-links';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Transaction, TransactionsPage } from '../../api/model';
import { useApi } from '../lib/router-context';
import { missing, msgRouteParams } from '../lib/route-params';
import { messageQuery } from '../features/transaction/queries';
import { hashPath } from '../lib/format';
import { RouteNotFound } from '../components/route-states';
import { CopyButton } from '../components/copy-button';
import { MessageCard } from '../features/message/message-card';
import { AddressLink } from '../components/entity-links';
import { Page, PageTitle, Section } from '../components/page';
import { EmulateAgainLink } from '../features/emulate/emulate-again-link';

const NO_SUCH_MESSAGE = 'No transaction of this ledger sent or received a message with this hash.';

/** The message of `hex` and the transactions at its two ends, in the answer for its hash. */
function messageIn(page: TransactionsPage, hex: string) {
  // The same message hash (or the normalized hash of an external) matches the sender's out_msgs and the receiver's in_msg.
  const matches = (h?: string | null, n?: string | null) => (h && hashPath(h) === hex) || (n && hashPath(n) === hex);
  const receiver: Transaction | undefined = page.transactions.find(
    (t) => t.inMsg && matches(t.inMsg.hash, t.inMsg.hashNorm),
  );
  const sender: Transaction | undefined = page.transactions.find((t) => t.outMsgs.some((m) => matches(m.hash)));
  const msg = receiver?.inMsg ?? sender?.outMsgs.find((m) => matches(m.hash));
  return msg ? { msg, receiver, sender } : null;
}

export const Route = createFileRoute('/msg/$hash')({
  params: msgRouteParams,
  loader: async ({ context: { queryClient, api }, params: { hash } }) => {
    if (!messageIn(await queryClient.ensureQueryData(messageQuery(api, hash)), hash))
      throw missing(`message ${hash}`, NO_SUCH_MESSAGE);
  },
  notFoundComponent: RouteNotFound,
  component: MessagePage,
});

function MessagePage() {
  const { hash: hex } = Route.useParams();
  const q = useSuspenseQuery(messageQuery(useApi(), hex));
  const found = messageIn(q.data, hex);
  if (!found) throw missing(`message ${hex}`, NO_SUCH_MESSAGE);
  const { msg, receiver, sender } = found;
  const book = q.data.addressBook;
  return (
    <Page>
      <header>
        <PageTitle>Message</PageTitle>
        <p className="mono break-all text-sm">
          {hashPath(msg.hash)}
          <CopyButton text={msg.hash} label="message hash (base64)" />
        </p>
      </header>
      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Sent by</dt>
        <dd>
          {sender ? (
            <>
              <TxLink hash={sender.hash} data-testid="sender-tx" /> on <AddressLink raw={sender.account} book={book} />
            </>
          ) : msg.source === null ? (
            'outside the chain (external message)'
          ) : (
            'not in this ledger'
          )}
        </dd>
        <dt className="text-muted">Received by</dt>
        <dd>
          {receiver ? (
            <>
              <TxLink hash={receiver.hash} data-testid="receiver-tx" /> on{' '}
              <AddressLink raw={receiver.account} book={book} />
            </>
          ) : msg.destination === null ? (
            'nobody (external out message: a log)'
          ) : (
            'not yet received'
          )}
        </dd>
        {(receiver ?? sender)?.traceId && (
          <>
            <dt className="text-muted">Trace</dt>
            <dd>
              <TraceLink
                traceId={(receiver ?? sender)!.traceId!}
                tx={(receiver ?? sender)!.hash}
                className="text-teal-700 hover:underline dark:text-teal-400"
              >
                open the trace
              </TraceLink>
            </dd>
          </>
        )}
        {msg.source === null && msg.destination && (
          <>
            <dt className="text-muted">Emulate</dt>
            <dd>
              <EmulateAgainLink msg={msg} />
            </dd>
          </>
        )}
      </dl>
      <Section id="msg-content" title="Content" className="space-y-2">
        <MessageCard m={msg} book={book} title="Message" />
      </Section>
    </Page>
  );
}
