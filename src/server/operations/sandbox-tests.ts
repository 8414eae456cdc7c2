import { sandboxTests as api } from '../../api/operations/sandbox-tests';
import type { ResponseOf } from '../../api/operations/api-operation';
import { defineOperation } from '../execution/operation';
import { testJson } from '../serialize/sandbox';
import { json, sandboxLedger } from './sandbox-ledger';

/** The tests of a sandbox ledger by file, newest first (a file's place: its newest test's). */
export const sandboxTests = defineOperation(api, {
  cacheable: true,
  light: (p) => p.limit <= 100,
  run: async ({ reader, mcSeqno }, p, out) => {
    const runs = await sandboxLedger(reader);
    const tests = await runs.listTests(p);
    const files = new Map<string | null, ResponseOf<typeof api>['files'][number]>();
    for (const t of tests) {
      let file = files.get(t.path);
      if (!file) files.set(t.path, (file = { path: t.path, tests: [] }));
      file.tests.push(testJson(t));
    }
    const answer: ResponseOf<typeof api> = { latest_seqno: mcSeqno, files: [...files.values()] };
    await out.write(json(answer));
  },
});
