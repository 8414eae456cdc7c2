import { sandboxRuns as api } from '../../api/operations/sandbox-runs';
import type { ResponseOf } from '../../api/operations/api-operation';
import type { SandboxFrameRow } from '../../store/sandbox-runs';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { contractAbis, namesJson, runJson, testJson } from '../serialize/sandbox';
import { json, sandboxLedger } from './sandbox-ledger';

/** A test's runs newest first (or one run by its seqno), each with its transactions' outcomes. */
export const sandboxRuns = defineOperation(api, {
  cacheable: true,
  // a run is a few transactions as a rule, but a page of runs reads every one of them
  light: (p) => p.seqno !== undefined || p.limit <= 5,
  run: async ({ reader, traceMaxTxs }, p, out) => {
    const runs = await sandboxLedger(reader);
    let frames: SandboxFrameRow[];
    let testKey: string;
    if (p.seqno !== undefined) {
      const frame = await runs.getFrame(p.seqno);
      if (!frame) throw new NotFoundError(`no run is stored at seqno ${p.seqno}`);
      frames = [frame];
      testKey = frame.testKey;
    } else {
      testKey = p.test!;
      frames = await runs.listFrames(testKey, p);
    }
    const test = await runs.getTest(testKey);
    if (!test) throw new NotFoundError(`no test has the key ${JSON.stringify(testKey)}`);
    const contracts = await runs.contractsOfTest(testKey);
    const abis = contractAbis(contracts);
    const answer: ResponseOf<typeof api> = { test: testJson(test), runs: [], names: namesJson(contracts) };
    for (const frame of frames) {
      const txs = [];
      // outcomes only: the records whole were most of the listing's time for a large run
      for (const t of frame.traces) txs.push(...(await reader.getTraceTransactionOutcomes(t.traceId, traceMaxTxs)));
      if (frame.repeats.length > 0) txs.push(...(await reader.getTransactionOutcomes(frame.repeats)));
      answer.runs.push(runJson(frame, txs, abis));
    }
    await out.write(json(answer));
  },
});
