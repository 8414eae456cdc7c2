import { z } from 'zod';
import { extra, defineV2Operation, tonBlockIdExt } from './v2-operation';
import { hash } from './v3-shapes';

/** v2 getMasterchainInfo: the newest masterchain block of the snapshot, and the first one. */
export const getMasterchainInfo = defineV2Operation(
  'getMasterchainInfo',
  z.object({}),
  z.object({
    '@type': z.literal('blocks.masterchainInfo'),
    last: tonBlockIdExt,
    state_root_hash: hash,
    init: tonBlockIdExt,
    '@extra': extra,
  }),
);
