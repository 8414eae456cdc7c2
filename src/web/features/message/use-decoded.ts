import { useEffect, useState } from 'react';
import type { DecodedBody, MessageBody } from '../../../api/model';

/** An empty cell's BOC: a body with no bits and no references, nothing to decode. */
const EMPTY_BODY = 'te6cckEBAQEAAgAAAEysuc0=';

/**
 * The decoding of a message body: the server's `decoded` when it sent one, else the explorer's own
 * (src/ton/decode, loaded on demand), so TON Center's payloads read the same as ours. `undefined`
 * while the decoder loads, `null` for a body nobody knows.
 */
export function useDecoded(body: MessageBody | null | undefined, deploys: boolean): DecodedBody | null | undefined {
  const server = body?.decoded ?? null;
  const boc = !server && body?.boc && body.boc !== EMPTY_BODY ? body.boc : null;
  const [local, setLocal] = useState<{ boc: string; decoded: DecodedBody | null } | null>(null);
  useEffect(() => {
    if (!boc) return;
    let live = true;
    void import('./client-decode').then(({ decodeBodyBoc }) => {
      if (live) setLocal({ boc, decoded: decodeBodyBoc(boc, { deploys }) });
    });
    return () => {
      live = false;
    };
  }, [boc, deploys]);
  if (server) return server;
  if (!boc) return null;
  return local?.boc === boc ? local.decoded : undefined;
}
