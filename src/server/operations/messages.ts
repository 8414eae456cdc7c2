import { rangeFilter } from '../../api/operations/param-rules';
import { messages as api } from '../../api/operations/messages';
import { addressBookJson, metadata } from '../serialize/address-book';
import { fragmentOf, writeList } from '../serialize/json-cache';
import { messageJson } from '../serialize/v3';
import { defineOperation } from '../execution/operation';
import type { MessageRecord } from '../../store/records';

/**
 * v3 messages: each message once, by its lt (then hash). The store finds the page (message hash and
 * the transaction whose row lists it); each message is then printed from that transaction's record,
 * as the transaction lists print it (both ends' transaction hashes included).
 */
export const messages = defineOperation(api, {
  // every filter walks an index in the list's order, so the cost is the page and its offset
  cacheable: true,
  light: (p) => (p.msg_hash !== undefined && p.offset === 0) || (p.limit <= 100 && p.offset <= 1000),
  run: async ({ reader, caches }, p, out) => {
    const page = await reader.findMessages(
      {
        msgHashes: p.msg_hash,
        bodyHash: p.body_hash,
        source: p.source,
        destination: p.destination,
        opcode: p.opcode,
        direction: p.direction,
        externals: p.exclude_externals ? 'exclude' : p.only_externals ? 'only' : undefined,
        ...rangeFilter(p),
      },
      { limit: p.limit, offset: p.offset, sort: p.sort },
    );
    const txHashes = [...new Map(page.map((m) => [m.txHash.toString('hex'), m.txHash])).values()];
    const found = new Map<string, MessageRecord>();
    for (const tx of await reader.getTransactions(txHashes)) {
      for (const m of [tx.inMsg, ...tx.outMsgs])
        if (m) found.set(`${tx.hash.toString('hex')}:${m.hash.toString('hex')}`, m);
    }
    const fragments = page.flatMap((m) => {
      const record = found.get(`${m.txHash.toString('hex')}:${m.msgHash.toString('hex')}`);
      return record ? [fragmentOf(messageJson(record))] : [];
    });
    await writeList(out, 'messages', fragments, async (addresses) => ({
      address_book: await addressBookJson({ reader, book: caches.book }, addresses),
      metadata: await metadata({ reader, book: caches.book }, addresses),
    }));
  },
});
