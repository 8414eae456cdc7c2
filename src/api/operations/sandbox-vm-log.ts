import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { hash as hashParam, limit, offset, text } from './param-rules';
import { hash, v3Error } from './v3-shapes';

const step = z.object({
  index: z.number().int().nonnegative(),
  instruction: z.string().nullable(),
  stack: z.string().nullable(),
  gas_remaining: z.number().int().nullable(),
  gas: z.number().int().nullable(),
  cell: z.string().nullable(),
  offset: z.number().int().nullable(),
  notes: z.array(z.string()),
});

/** Most steps a search lists. */
export const VM_LOG_MAX_MATCHES = 1000;

/**
 * A transaction's VM log, one step per instruction (its gas and the stack before it), in pages of
 * steps; `q` also lists every step matching it (up to 1,000), so a viewer can jump to them.
 */
export const sandboxVmLog = defineApiOperation({
  path: '/api/sandbox/vmLog',
  params: z.object({
    hash: hashParam,
    offset,
    limit: limit(200),
    q: text.pipe(z.string().min(1, 'must not be empty').max(200, 'is longer than 200 characters')).optional(),
  }),
  response: z.object({
    hash,
    /** false: sandbox sent no VM log for it (a compute phase that did not run). */
    has_log: z.boolean(),
    total_steps: z.number().int().nonnegative(),
    total_lines: z.number().int().nonnegative(),
    exit_code: z.number().int().nullable(),
    /** The step whose exception ended the run. */
    failed_step: z.number().int().nonnegative().nullable(),
    offset: z.number().int().nonnegative(),
    steps: z.array(step),
    matches: z.object({ q: z.string(), total: z.number().int(), steps: z.array(z.number().int()) }).nullable(),
  }),
  error: v3Error,
});
