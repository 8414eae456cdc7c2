import { describe, expect, it } from 'vitest';
import { testLedgerPath } from '../../ledger/test-ledger';
import { openLedgerStore } from '../../store/open-store';
import { TransactionFragments } from '../serialize/cached';
import { ParamError } from '../../api/params';
import { transactionsByMessageBody } from './transactions-by-message';

// `?msg_hash=` alone skips the schema; it must answer exactly what the schema path answers.
describe('transactionsByMessage, msg_hash alone', () => {
  it('gives the body of the schema path for every hash form, and the schema’s errors', async () => {
    const store = openLedgerStore(await testLedgerPath(), { readonly: true });
    const fragments = new TransactionFragments(store.reader);
    const hashes = store.db.prepare('SELECT msg_hash FROM messages LIMIT 5 OFFSET 20').pluck().all() as Buffer[];
    const norm = store.db.prepare('SELECT hash_norm FROM messages WHERE hash_norm IS NOT NULL LIMIT 1').pluck().get() as Buffer;
    for (const h of [...hashes, norm]) {
      const b64 = h.toString('base64');
      for (const form of [h.toString('hex'), `0x${h.toString('hex').toUpperCase()}`, b64, b64.replace(/\+/g, ' '), h.toString('base64url') + '=']) {
        const fast = transactionsByMessageBody(store.reader, fragments, { msg_hash: form });
        const viaSchema = transactionsByMessageBody(store.reader, fragments, { msg_hash: form, sort: 'desc' });
        expect(fast.toString()).toBe(viaSchema.toString());
        expect(JSON.parse(fast.toString()).transactions.length).toBeGreaterThan(0);
      }
    }
    for (const bad of ['', 'zz', 'A'.repeat(63)]) {
      expect(() => transactionsByMessageBody(store.reader, fragments, { msg_hash: bad })).toThrow(ParamError);
      expect(() => transactionsByMessageBody(store.reader, fragments, { msg_hash: bad })).toThrow(/^parameter msg_hash /);
    }
    expect(() => transactionsByMessageBody(store.reader, fragments, { msg_hash: [hashes[0]!.toString('hex'), 'x'] })).toThrow(/more than once/);
    store.close();
  }, 120_000);
});
