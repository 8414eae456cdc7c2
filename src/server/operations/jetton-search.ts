import { jettonSearch as api } from '../../api/operations/jetton-search';
import { jettonSearchPage } from '../../store/token-snapshot';
import { jettonMasterJson } from '../serialize/tokens';
import { tokenListOperation } from './token-reads';

/**
 * Our jetton/search: masters by symbol, then name (store/jetton-search.ts), each printed as
 * jetton/masters prints it, as of the snapshot (none on an empty ledger).
 */
export const jettonSearch = tokenListOperation(
  api,
  'jetton_masters',
  (ctx, p) => (ctx.mcSeqno === null ? Promise.resolve([]) : jettonSearchPage(ctx.reader, p.q, ctx.mcSeqno, p)),
  jettonMasterJson,
);
