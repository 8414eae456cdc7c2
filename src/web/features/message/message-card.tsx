import { AddressLink, MessageLink } from '../../components/entity-links';
import type { Message } from '../../../api/model';
import { CopyButton } from '../../components/copy-button';
import { formatOpcode, formatTon } from '../../lib/format';
import type { AddressBook } from '../../model/trace-view';
import { messageLabel } from '../../model/message-label';
import type { Metadata } from '../../../api/model';
import { MessageBody } from './message-body';

/** One message: route, value, fees, flags, opcode, and its body decoded and raw. */
export function MessageCard({
  m,
  book,
  title,
  metadata,
  children,
}: {
  m: Message;
  book: AddressBook;
  title: string;
  metadata?: Metadata;
  /** More readings of the body, after our own decoders' (a sandbox run's contract ABI). */
  children?: React.ReactNode;
}) {
  const label = messageLabel({
    hash: m.hash,
    source: m.source,
    destination: m.destination,
    value: m.value ?? '0',
    opcode: m.opcode,
    comment: m.body?.comment ?? null,
    bounce: !!m.bounce,
    bounced: !!m.bounced,
    fwdFee: m.fwdFee,
    ihrFee: m.ihrFee,
  });
  const body = m.body?.boc;
  return (
    <article
      className="space-y-1 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid="message-card"
    >
      <h3 className="flex flex-wrap items-baseline gap-2 font-medium">
        {title}: {m.bounced && <span className="font-semibold text-orange-700 dark:text-orange-300">↩ bounced</span>}{' '}
        {label.name}
        <MessageLink
          hash={m.hash}
          className="mono text-xs font-normal text-teal-700 hover:underline dark:text-teal-400"
        />
      </h3>
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-2 gap-y-0.5">
        <dt className="text-muted">From</dt>
        <dd className="min-w-0">
          <AddressLink raw={m.source} book={book} />
        </dd>
        <dt className="text-muted">To</dt>
        <dd className="min-w-0">
          {m.destination ? (
            <AddressLink raw={m.destination} book={book} />
          ) : (
            <span className="text-muted">external (log)</span>
          )}
        </dd>
        {m.value !== null && (
          <>
            <dt className="text-muted">Value</dt>
            <dd>{formatTon(m.value, { maxFraction: 9 })}</dd>
          </>
        )}
        {m.fwdFee !== null && (
          <>
            <dt className="text-muted">Forward fee</dt>
            <dd>{formatTon(m.fwdFee, { maxFraction: 9 })}</dd>
          </>
        )}
        <dt className="text-muted">Opcode</dt>
        <dd className="mono">
          {formatOpcode(m.opcode)}
          {m.opcode !== null && <span className="ml-1 text-muted">({m.opcode})</span>}
        </dd>
        <dt className="text-muted">Flags</dt>
        <dd>
          {m.source === null
            ? 'external in'
            : `bounce ${m.bounce ? 'yes' : 'no'} · bounced ${m.bounced ? 'yes' : 'no'}`}
        </dd>
        {m.body?.comment != null && (
          <>
            <dt className="text-muted">Comment</dt>
            <dd className="break-words">“{m.body.comment}”</dd>
          </>
        )}
        {m.hashNorm && (
          <>
            <dt className="text-muted">Normalized hash</dt>
            <dd className="mono break-all text-xs">{m.hashNorm}</dd>
          </>
        )}
      </dl>
      <MessageBody m={m} book={book} metadata={metadata} />
      {children}
      {body && (
        <details>
          <summary className="cursor-pointer text-xs text-slate-600 dark:text-slate-400">
            Raw body (BOC, base64)
          </summary>
          <pre className="mono mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs dark:bg-slate-900">
            {body}
          </pre>
          <CopyButton text={body} label="message body BOC" />
        </details>
      )}
    </article>
  );
}
