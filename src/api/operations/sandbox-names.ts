import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { fail, hash, integer, MAX_UINT32 } from './param-rules';
import { sandboxNames, testKey } from './sandbox-shapes';
import { v3Error } from './v3-shapes';

/**
 * The names of a run's addresses (wrapper names, treasury seeds), kept per test since addresses
 * repeat across tests: of a test, of the test of a run (block seqno), or of the test whose run
 * stored a trace.
 */
export const sandboxNamesOperation = defineApiOperation({
  path: '/api/sandbox/names',
  params: z
    .object({ test: testKey.optional(), seqno: integer(0, MAX_UINT32).optional(), trace_id: hash.optional() })
    .transform((p, ctx) => {
      const given = [p.test, p.seqno, p.trace_id].filter((v) => v !== undefined).length;
      if (given !== 1) return fail(ctx, 'test, seqno, trace_id: give exactly one');
      return p;
    }),
  response: z.object({ test_key: z.string(), names: sandboxNames }),
  error: v3Error,
});
