import { createFileRoute } from '@tanstack/react-router';
import { TraceLink, TxLink } from '../components/entity-links';
import { useQuery } from '@tanstack/react-query';
import { useSettings } from '../lib/settings';
import { transactionsByMessageQuery } from '../../api/queries';
import { canonicalHash, hashPath } from '../lib/format';
import { ErrorState, Loading, NotFound } from '../components/states';
import { CopyButton } from '../components/copy-button';
import { MessageCard } from '../features/transaction/message-card';
import { AddressLink } from '../components/address-link';

export const Route = createFileRoute('/msg/$hash')({ component: MessagePage });

function MessagePage() {
  const { hash } = Route.useParams();
  const { effectiveApiBase } = useSettings();
  const hex = canonicalHash(hash);
  const q = useQuery({ ...transactionsByMessageQuery(effectiveApiBase, { msg_hash: hex ?? hash, limit: 10 }), enabled: hex !== null });
  if (hex === null) return <NotFound what={`message ${hash}`}>A message hash is 64 hex digits or 44 base64 characters.</NotFound>;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading label="Loading message" />;
  const txs = q.data.transactions;
  // The same message hash (or the normalized hash of an external) matches the sender's out_msgs and the receiver's in_msg.
  const matches = (h?: string | null, n?: string | null) => (h && hashPath(h) === hex) || (n && hashPath(n) === hex);
  const receiver = txs.find((t) => t.inMsg && matches(t.inMsg.hash, t.inMsg.hashNorm));
  const sender = txs.find((t) => t.outMsgs.some((m) => matches(m.hash)));
  const msg = receiver?.inMsg ?? sender?.outMsgs.find((m) => matches(m.hash));
  if (!msg) return <NotFound what={`message ${hex}`}>No transaction of this ledger sent or received a message with this hash.</NotFound>;
  const book = q.data.addressBook;
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Message</h1>
        <p className="mono break-all text-sm">{hashPath(msg.hash)}<CopyButton text={msg.hash} label="message hash (base64)" /></p>
      </header>
      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">Sent by</dt>
        <dd>{sender ? <><TxLink hash={sender.hash} data-testid="sender-tx" /> on <AddressLink raw={sender.account} book={book} /></> : msg.source === null ? 'outside the chain (external message)' : 'not in this ledger'}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Received by</dt>
        <dd>{receiver ? <><TxLink hash={receiver.hash} data-testid="receiver-tx" /> on <AddressLink raw={receiver.account} book={book} /></> : msg.destination === null ? 'nobody (external out message: a log)' : 'not yet received'}</dd>
        {(receiver ?? sender)?.traceId && (
          <>
            <dt className="text-slate-500 dark:text-slate-400">Trace</dt>
            <dd><TraceLink traceId={(receiver ?? sender)!.traceId!} tx={(receiver ?? sender)!.hash} className="text-teal-700 hover:underline dark:text-teal-400">open the trace</TraceLink></dd>
          </>
        )}
      </dl>
      <section aria-labelledby="msg-content" className="space-y-2">
        <h2 id="msg-content" className="font-semibold">Content</h2>
        <MessageCard m={msg} book={book} title="Message" />
      </section>
    </div>
  );
}
