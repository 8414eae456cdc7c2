// A child process for lifecycle.test.ts: the real server over the test ledger, shut down by
// closeOnSignals exactly as src/service.ts does. Requests carrying `x-test-hold: <ms>` are held that
// long before being answered, so the test can have a request in flight when the signal arrives.
import { openSqliteStore } from '../../store/sqlite/open-sqlite-store';
import { createServer } from '../app';
import { closeOnSignals } from '../lifecycle';

const path = process.argv[2]!;
const store = openSqliteStore(path, { readonly: true });
const app = await createServer({ location: path, log: true });
app.addHook('onRequest', async (request) => {
  const hold = Number(request.headers['x-test-hold'] ?? 0);
  if (hold > 0) {
    // the test signals once it reads this line: the request is in flight for certain
    process.stderr.write(`holding a request ${hold} ms\n`);
    await new Promise((r) => setTimeout(r, hold));
  }
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stderr.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
closeOnSignals(app, () => {
  store.close();
  process.stderr.write('store closed\n');
});
