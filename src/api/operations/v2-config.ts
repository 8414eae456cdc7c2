// v2 configuration: the blockchain config the ledger was produced under (the emulator's, which the
// get methods run with too), one parameter or the whole dictionary, as tonlib's `configInfo`.
import { z } from 'zod';
import { integer } from './param-rules';
import { atSeqno, defineV2Operation, extra } from './v2-operation';

const configInfo = z.object({
  '@type': z.literal('configInfo'),
  config: z.object({ '@type': z.literal('tvm.cell'), bytes: z.string() }),
  '@extra': extra,
});

/** v2 getConfigParam: config parameter `config_id` as its cell (404 when the config has none). */
export const getConfigParam = defineV2Operation(
  'getConfigParam',
  z.object({ config_id: integer(-2147483648, 2147483647), seqno: atSeqno }),
  configInfo,
);

/** v2 getConfigAll: the whole config dictionary as one cell. */
export const getConfigAll = defineV2Operation('getConfigAll', z.object({ seqno: atSeqno }), configInfo);
