import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { limit, offset, text } from './param-rules';
import { sandboxTest } from './sandbox-shapes';
import { v3Error } from './v3-shapes';

/** The tests a sandbox ledger has runs of, by file: files and tests newest first. */
export const sandboxTests = defineApiOperation({
  path: '/api/sandbox/tests',
  params: z.object({
    path: text.pipe(z.string().min(1, 'must not be empty')).optional(),
    limit: limit(100),
    offset,
  }),
  response: z.object({
    /** The newest run's block (null before the first run): what a page following new runs compares. */
    latest_seqno: z.number().int().nonnegative().nullable(),
    files: z.array(z.object({ path: z.string().nullable(), tests: z.array(sandboxTest) })),
  }),
  error: v3Error,
});
