import { describe, expect, it } from 'vitest';
import { testLedgerPath } from '../../ledger/test-support/test-ledger';
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store';
import { parseParams } from '../../api/operations/api-operation';
import { ParamError } from '../../api/operations/param-rules';
import { transactionsByMessage as api } from '../../api/operations/transactions-by-message';
import { inProcessExecutor } from '../test-support/in-process';
import { transactionsByMessage } from './transactions-by-message';

// `?msg_hash=` alone skips the schema; it must give exactly the parameters, and so the body, of the schema path.
describe('transactionsByMessage, msg_hash alone', () => {
  it('gives the body of the schema path for every hash form, and the schema’s errors', async () => {
    const path = await testLedgerPath();
    const store = openSqliteStore(path, { readonly: true });
    const readers = inProcessExecutor(path, 1000);
    const body = async (params: unknown) =>
      ((await readers.execute(transactionsByMessage.path, params, true, 'r')).body as Buffer).toString();
    const hashes = store.db.prepare('SELECT msg_hash FROM messages LIMIT 5 OFFSET 20').pluck().all() as Buffer[];
    const norm = store.db
      .prepare('SELECT hash_norm FROM messages WHERE hash_norm IS NOT NULL LIMIT 1')
      .pluck()
      .get() as Buffer;
    for (const h of [...hashes, norm]) {
      const b64 = h.toString('base64');
      for (const form of [
        h.toString('hex'),
        `0x${h.toString('hex').toUpperCase()}`,
        b64,
        b64.replace(/\+/g, ' '),
        h.toString('base64url') + '=',
      ]) {
        const fast = transactionsByMessage.parse({ msg_hash: form });
        const viaSchema = parseParams(api, {
          msg_hash: form,
          sort: 'desc',
        });
        expect(fast).toEqual(viaSchema);
        const text = await body(fast);
        expect(text).toBe(await body(viaSchema));
        expect(JSON.parse(text).transactions.length).toBeGreaterThan(0);
      }
    }
    for (const bad of ['', 'zz', 'A'.repeat(63)]) {
      expect(() => transactionsByMessage.parse({ msg_hash: bad })).toThrow(ParamError);
      expect(() => transactionsByMessage.parse({ msg_hash: bad })).toThrow(/^parameter msg_hash /);
    }
    expect(() => transactionsByMessage.parse({ msg_hash: [hashes[0]!.toString('hex'), 'x'] })).toThrow(
      /more than once/,
    );
    await readers.close();
    store.close();
  }, 120_000);
});
