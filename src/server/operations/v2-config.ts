import type { ResponseOf } from '../../api/operations/api-operation';
import * as api from '../../api/operations/v2-config';
import { configCell, configParam } from '../../tvm/config';
import { NotFoundError } from '../errors';
import { defineOperation } from '../execution/operation';
import { v2Extra } from '../serialize/v2-extra';
import { masterchainBlockAt } from './account-at';

type ConfigInfo = ResponseOf<typeof api.getConfigAll>['result'];

const answer = (bytes: string, extra: string): Buffer => {
  const result: ConfigInfo = { '@type': 'configInfo', config: { '@type': 'tvm.cell', bytes }, '@extra': extra };
  return Buffer.from(JSON.stringify({ ok: true, result }));
};

/**
 * v2 getConfigParam: one parameter of the config the ledger was produced under (the emulator's:
 * the ledger has no config of its own, so every masterchain block, `seqno`'s too, has the same).
 */
export const getConfigParam = defineOperation(api.getConfigParam, {
  // the config comes with the emulator's package (loaded once per worker): not the light lane
  light: () => false,
  run: async (ctx, p, out) => {
    await masterchainBlockAt(ctx, p.seqno);
    const cell = await configParam(p.config_id);
    if (!cell) throw new NotFoundError(`config_id ${p.config_id}: the config has no such parameter`);
    await out.write(answer(cell.toBoc().toString('base64'), v2Extra(ctx)));
  },
});

/** v2 getConfigAll: the whole config dictionary the ledger was produced under, as one cell. */
export const getConfigAll = defineOperation(api.getConfigAll, {
  light: () => false,
  run: async (ctx, p, out) => {
    await masterchainBlockAt(ctx, p.seqno);
    await out.write(answer((await configCell()).toBoc().toString('base64'), v2Extra(ctx)));
  },
});
