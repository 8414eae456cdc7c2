import { z } from 'zod';
import { defineApiOperation } from './api-operation';
import { address, list, ton } from './param-rules';
import { parseHash } from '../../ton/hash';
import { addressBook, metadata, trace, v3Error } from './v3-shapes';

/** v3 pendingTraces: the traces still in flight, by account or by the external message that began them. */
export const pendingTraces = defineApiOperation({
  path: '/api/v3/pendingTraces',
  params: z.object({ account: list(address).optional(), ext_msg_hash: list(ton(parseHash)).optional() }),
  response: z.object({ traces: z.array(trace), address_book: addressBook, metadata }),
  error: v3Error,
});
