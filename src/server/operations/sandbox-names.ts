import { sandboxNamesOperation as api } from '../../api/operations/sandbox-names';
import type { ResponseOf } from '../../api/operations/api-operation';
import { hashToBase64 } from '../../ton/hash';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { namesJson } from '../serialize/sandbox';
import { json, sandboxLedger } from './sandbox-ledger';

/** The names of a test's addresses: by the test, a run of it, or a trace one of its runs stored. */
export const sandboxNames = defineOperation(api, {
  cacheable: true,
  light: () => true,
  run: async ({ reader }, p, out) => {
    const runs = await sandboxLedger(reader);
    let testKey: string;
    if (p.test !== undefined) {
      if (!(await runs.getTest(p.test))) throw new NotFoundError(`no test has the key ${JSON.stringify(p.test)}`);
      testKey = p.test;
    } else {
      const seqno = p.seqno ?? (await runs.frameOfTrace(p.trace_id!));
      if (seqno === null) throw new NotFoundError(`no run stored the trace ${hashToBase64(p.trace_id!)}`);
      const frame = await runs.getFrame(seqno);
      if (!frame) throw new NotFoundError(`no run is stored at seqno ${seqno}`);
      testKey = frame.testKey;
    }
    const answer: ResponseOf<typeof api> = { test_key: testKey, names: namesJson(await runs.contractsOfTest(testKey)) };
    await out.write(json(answer));
  },
});
