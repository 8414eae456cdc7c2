import type { AddressBook, Message } from '../../../api/model';
import type { Metadata } from '../../../api/model';
import { DecodedFields } from './decoded-fields';
import { useDecoded } from './use-decoded';

/**
 * A message's body decoded (the server's decoding, or the explorer's own for a server that sent
 * none): nothing for an empty or unknown body, whose raw BOC stays beside it.
 */
export function MessageBody({ m, book, metadata }: { m: Message; book: AddressBook; metadata?: Metadata }) {
  const decoded = useDecoded(m.body, m.initState !== null);
  if (decoded === undefined) return <p className="text-xs text-muted">Decoding the body…</p>;
  // a comment the server read is already on the card
  if (decoded === null || (decoded.type === 'text_comment' && m.body?.comment != null)) return null;
  return (
    <div
      role="group"
      aria-label="Decoded body"
      className="rounded border border-slate-200 p-2 text-sm dark:border-slate-800"
    >
      <DecodedFields decoded={decoded} ctx={{ book, metadata, accounts: [m.destination, m.source] }} />
    </div>
  );
}
