import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { block, v3Error } from './v3-shapes';

/** v3 masterchainInfo: the first and the newest masterchain block of the ledger. */
export const masterchainInfo = defineApiOperation({
  path: '/api/v3/masterchainInfo',
  params: z.object({}),
  response: z.object({ first: block, last: block }),
  error: v3Error,
});
