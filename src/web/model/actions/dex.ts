import type { Metadata } from '../../../api/model';
import { a, line, list, obj, on, str, t, token, tokenName, who, type Details, type Summarizer } from './parts';

// Decentralized exchanges: swaps (DeDust, STON.fi, TONCO, swap.coffee...), liquidity, pools.
// ton-index-go's ActionDetailsJettonSwap (and ...ToncoJettonSwap), ...DexDepositLiquidity,
// ...DexWithdrawLiquidity, ...ToncoDeployPool, ...CoffeeCreatePool and the other swap.coffee shapes.

/** LP tokens in their pool's own decimals when the answer's metadata has them, else in base units. */
const lp = (amount: unknown, pool: unknown, m: Metadata) =>
  str(pool) && m[str(pool)!] ? token(amount, pool, m) : str(amount) ? t(`${str(amount)} LP token units`) : null;

/** One leg and the other: "X SYM and Y SYM2", either alone when the other is absent or zero. */
function pair(
  d: Details,
  m: Metadata,
  amount1 = 'amount_1',
  asset1 = 'asset_1',
  amount2 = 'amount_2',
  asset2 = 'asset_2',
) {
  const first = str(d[amount1]) !== '0' ? token(d[amount1], d[asset1], m) : null;
  const second = str(d[amount2]) !== '0' ? token(d[amount2], d[asset2], m) : null;
  return line(first, first && second ? ' and ' : null, second);
}

/** A swap.coffee staking move: who, how much, the pool, and the position NFT it mints or returns. */
function coffeeStaking(verb: string, preposition: string, nftWords: string, nftField: string): Summarizer {
  return (d, m) =>
    line(
      who(d.source, 'someone'),
      verb,
      token(d.amount, d.asset, m) ?? tokenName(d.asset, m),
      [`${preposition} swap.coffee pool `, a(d.pool)],
      [nftWords, a(d[nftField])],
    );
}

export const DEX: Record<string, Summarizer> = {
  jetton_swap: (d, m) => {
    const incoming = obj(d.dex_incoming_transfer);
    const outgoing = obj(d.dex_outgoing_transfer);
    const sender = d.sender ?? incoming.source;
    const receiver = str(outgoing.destination);
    const hops = list(d.peer_swaps).length;
    return line(
      who(sender, 'someone'),
      ' swapped ',
      token(incoming.amount, incoming.asset ?? d.asset_in, m) ?? tokenName(incoming.asset ?? d.asset_in, m),
      ' for ',
      token(outgoing.amount, outgoing.asset ?? d.asset_out, m) ?? tokenName(outgoing.asset ?? d.asset_out, m),
      on(d.dex),
      hops > 1 ? ` through ${hops} pools` : null,
      receiver && receiver !== str(sender) ? [' to ', a(receiver)] : null,
    );
  },
  dex_deposit_liquidity: (d, m) => {
    const amounts = pair(d, m);
    return line(
      who(d.source, 'someone'),
      ' deposited ',
      amounts.length > 0 ? amounts : 'liquidity',
      [' into pool ', a(d.pool)],
      on(d.dex),
      str(d.lp_tokens_minted) ? [', receiving ', lp(d.lp_tokens_minted, d.pool, m)] : null,
      str(d.nft_address) ? [', position NFT ', a(d.nft_address)] : null,
    );
  },
  dex_withdraw_liquidity: (d, m) => {
    const amounts = pair(d, m);
    return line(
      who(d.source, 'someone'),
      d.is_refund === true ? ' was refunded ' : ' withdrew ',
      amounts.length > 0 ? amounts : 'liquidity',
      [' from pool ', a(d.pool)],
      on(d.dex),
      str(d.lp_tokens_burnt) ? [', burning ', lp(d.lp_tokens_burnt, d.pool, m)] : null,
      str(d.burnt_nft_address) ? [', position NFT ', a(d.burnt_nft_address)] : null,
    );
  },
  tonco_deploy_pool: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' deployed TONCO pool ',
      who(d.pool, 'a pool'),
      ' for ',
      tokenName(d.jetton_minter_1, m),
      '/',
      tokenName(d.jetton_minter_2, m),
    ),
  coffee_create_pool: (d, m) => {
    const amounts = pair(d, m);
    return line(
      who(d.source, 'someone'),
      ' created swap.coffee pool ',
      who(d.pool, 'a pool'),
      amounts.length > 0 ? [' with ', ...amounts] : null,
      str(d.lp_tokens_minted) ? [', receiving ', lp(d.lp_tokens_minted, d.pool, m)] : null,
    );
  },
  coffee_create_pool_creator: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' provided ',
      token(d.amount, d.provided_asset, m) ?? tokenName(d.provided_asset, m),
      ' to create a swap.coffee pool of ',
      tokenName(d.asset_1, m),
      '/',
      tokenName(d.asset_2, m),
    ),
  coffee_create_vault: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' created swap.coffee vault ',
      who(d.vault, 'a vault'),
      ' for ',
      tokenName(d.asset, m),
    ),
  coffee_staking_deposit: coffeeStaking(' staked ', ' in', ', receiving NFT ', 'minted_item_address'),
  coffee_staking_withdraw: coffeeStaking(' withdrew ', ' from', ', returning NFT ', 'nft_address'),
  coffee_staking_claim_rewards: (d, m) =>
    line(who(d.recipient, 'someone'), ' claimed ', token(d.amount, d.asset, m) ?? 'rewards', [
      ' from swap.coffee pool ',
      a(d.pool),
    ]),
  coffee_mev_protect_hold_funds: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' put ',
      token(d.amount, d.asset, m) ?? 'funds',
      " in swap.coffee's MEV protection",
      [' (', a(d.mev_contract), ')'],
    ),
  coffee_mev_protect_failed_swap: (d, m) =>
    line(
      who(d.source ?? d.recipient, 'someone'),
      ' got back ',
      token(d.amount, d.asset, m) ?? 'funds',
      " from swap.coffee's MEV protection after a failed swap",
    ),
};
