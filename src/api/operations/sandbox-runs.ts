import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { fail, integer, limit, MAX_UINT32, offset } from './param-rules';
import { sandboxNames, sandboxRun, sandboxTest, testKey } from './sandbox-shapes';
import { v3Error } from './v3-shapes';

/**
 * A test's message runs (frames), newest first, each with its transactions' outcomes and gas; or one
 * run by its block seqno. Names are the test's (wrapper names, treasury seeds).
 */
export const sandboxRuns = defineApiOperation({
  path: '/api/sandbox/runs',
  params: z
    .object({ test: testKey.optional(), seqno: integer(0, MAX_UINT32).optional(), limit: limit(20), offset })
    .transform((p, ctx) => {
      if ((p.test === undefined) === (p.seqno === undefined)) return fail(ctx, 'test, seqno: give exactly one');
      if (p.seqno !== undefined && p.offset > 0) return fail(ctx, 'offset: a run by seqno is one run, not a page');
      return p;
    }),
  response: z.object({ test: sandboxTest, runs: z.array(sandboxRun), names: sandboxNames }),
  error: v3Error,
});
