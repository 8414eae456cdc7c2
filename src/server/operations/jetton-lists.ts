import {
  jettonBurns as burnsApi,
  jettonMasters as mastersApi,
  jettonTransfers as transfersApi,
  jettonWallets as walletsApi,
} from '../../api/operations/jetton-lists';
import { rangeFilter } from '../../api/operations/param-rules';
import { jettonBurnJson, jettonMasterJson, jettonTransferJson, jettonWalletJson } from '../serialize/tokens';
import { statePage, tokenListOperation } from './token-reads';

/** v3 jetton/masters: by address, each master's newest state as of the snapshot. */
export const jettonMasters = tokenListOperation(
  mastersApi,
  'jetton_masters',
  (ctx, p) => statePage(ctx, { table: 'jettonMasters', filter: { addresses: p.address, admins: p.admin_address } }, p),
  jettonMasterJson,
);

/** v3 jetton/wallets: by address, or by balance when `sort` is given (a jetton's holders). */
export const jettonWallets = tokenListOperation(
  walletsApi,
  'jetton_wallets',
  (ctx, p) =>
    statePage(
      ctx,
      {
        table: 'jettonWallets',
        filter: {
          addresses: p.address,
          owners: p.owner_address,
          jettons: p.jetton_address,
          excludeZeroBalance: p.exclude_zero_balance,
          sort: p.sort,
        },
      },
      p,
    ),
  jettonWalletJson,
);

/** v3 jetton/transfers: transfers by their transaction's lt, then hash. */
export const jettonTransfers = tokenListOperation(
  transfersApi,
  'jetton_transfers',
  (ctx, p) =>
    ctx.reader.findTokenRows(
      {
        table: 'jettonTransfers',
        filter: {
          owners: p.owner_address,
          direction: p.direction,
          wallets: p.jetton_wallet,
          master: p.jetton_master,
          ...rangeFilter(p),
          sort: p.sort,
        },
      },
      p,
    ),
  jettonTransferJson,
);

/** v3 jetton/burns: burns by their transaction's lt, then hash. */
export const jettonBurns = tokenListOperation(
  burnsApi,
  'jetton_burns',
  (ctx, p) =>
    ctx.reader.findTokenRows(
      {
        table: 'jettonBurns',
        filter: {
          owners: p.address,
          wallets: p.jetton_wallet,
          master: p.jetton_master,
          ...rangeFilter(p),
          sort: p.sort,
        },
      },
      p,
    ),
  jettonBurnJson,
);
