import { formatTime } from '../../lib/format';
import { a, line, list, obj, on, str, t, token, tokenName, ton, who, type Summarizer, type SummaryPart } from './parts';

// Staking (liquid staking pools, nominators, Ethena), validator elections, JVault, EVAA lending,
// vesting wallets, subscriptions and multisig orders: ton-index-go's ActionDetailsStakeDeposit,
// ...WithdrawStake, ...WithdrawStakeRequest, ...ElectionDeposit/Recover, ...Jvault*, ...Evaa*,
// ...Vesting*, ...Subscribe, ...Unsubscribe, ...Multisig*.

const EVAA = ' on EVAA';
/** A JVault lock period (seconds) in days. */
const days = (seconds: number) => {
  const n = Math.round(seconds / 86400);
  return `${n} day${n === 1 ? '' : 's'}`;
};

/** A staking pool with its provider: "pool P (Tonstakers)". */
const pool = (d: Record<string, unknown>): Array<SummaryPart | string | null> =>
  str(d.pool) ? [' pool ', a(d.pool), on(d.provider)] : [on(d.provider) ?? ' a staking pool'];

export const STAKING: Record<string, Summarizer> = {
  stake_deposit: (d, m) =>
    line(
      who(d.stake_holder, 'someone'),
      ' staked ',
      // Ethena stakes a jetton (USDe, `source_asset`); the others TON
      (str(d.source_asset) ? token(d.amount, d.source_asset, m) : ton(d.amount)) ?? 'funds',
      ' in',
      ...pool(d),
      str(d.tokens_minted) ? [', receiving ', token(d.tokens_minted, d.asset, m)] : null,
    ),
  stake_withdrawal: (d, m) =>
    line(
      who(d.stake_holder, 'someone'),
      ' withdrew ',
      ton(d.amount) ?? 'a stake',
      ' from',
      ...pool(d),
      str(d.tokens_burnt) ? [', burning ', token(d.tokens_burnt, d.asset, m)] : null,
      [', paid out by NFT ', a(d.payout_nft)],
    ),
  stake_withdrawal_request: (d, m) =>
    line(
      who(d.stake_holder, 'someone'),
      ' asked',
      ...pool(d),
      ' for a withdrawal',
      str(d.tokens_burnt) ? [', burning ', token(d.tokens_burnt, d.asset, m)] : null,
      str(d.tokens_minted) ? [', receiving ', token(d.tokens_minted, d.asset, m)] : null,
      [', to be paid out by NFT ', a(d.payout_nft)],
    ),
  election_deposit: (d) =>
    line(
      who(d.stake_holder, 'a validator'),
      ' deposited ',
      ton(d.amount) ?? 'a stake',
      ' with the elector for validator elections',
    ),
  election_recover: (d) =>
    line(who(d.stake_holder, 'a validator'), ' recovered ', ton(d.amount) ?? 'its stake', ' from the elector'),
  jvault_stake: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' staked ',
      token(d.amount, d.asset, m) ?? 'jettons',
      [' in JVault pool ', a(d.pool)],
      typeof d.period === 'number' && d.period > 0 ? ` for ${days(d.period)}` : null,
    ),
  jvault_unstake: (d, m) =>
    line(who(d.source, 'someone'), ' unstaked ', token(d.amount, d.staking_asset ?? d.asset, m) ?? 'a stake', [
      ' from JVault pool ',
      a(d.pool),
    ]),
  jvault_unstake_request: (d, m) =>
    line(who(d.source, 'someone'), ' asked to unstake ', token(d.amount, d.staking_asset ?? d.asset, m) ?? 'a stake', [
      ' from JVault pool ',
      a(d.pool),
    ]),
  jvault_claim: (d, m) => {
    const rewards = list(d.claimed_rewards).flatMap((r, i) => {
      const part = token(obj(r).amount, obj(r).jetton, m);
      return part ? (i > 0 ? [t(', '), part] : [part]) : [];
    });
    return line(who(d.source, 'someone'), ' claimed ', rewards.length > 0 ? rewards : 'rewards', [
      ' from JVault pool ',
      a(d.pool),
    ]);
  },
  evaa_supply: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' supplied ',
      token(d.amount, d.is_ton === true ? null : d.asset, m) ?? tokenName(d.asset, m),
      EVAA,
      str(d.recipient) && d.recipient !== d.source ? [' for ', a(d.recipient)] : null,
    ),
  evaa_withdraw: (d, m) =>
    line(
      who(d.source ?? d.owner_contract, 'someone'),
      ' withdrew ',
      token(d.amount, d.asset, m) ?? tokenName(d.asset, m),
      ' from EVAA',
      str(d.recipient) && d.recipient !== d.source ? [' to ', a(d.recipient)] : null,
      str(d.fail_reason) ? ` (refused: ${str(d.fail_reason)})` : null,
    ),
  evaa_liquidate: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' liquidated ',
      who(d.borrower, 'a borrower'),
      EVAA,
      [', receiving ', token(d.amount, d.asset, m)],
      str(d.debt_amount) ? `, ${str(d.debt_amount)} units of debt repaid` : null,
      str(d.fail_reason) ? ` (refused: ${str(d.fail_reason)})` : null,
    ),
  vesting_send_message: (d) =>
    line(
      who(d.source, 'the owner'),
      ' sent ',
      ton(d.amount) ?? 'a message',
      [' from vesting wallet ', a(d.vesting)],
      [' to ', a(d.destination)],
    ),
  vesting_add_whitelist: (d) => {
    const added = list(d.accounts_added)
      .map(str)
      .filter((x): x is string => x !== null);
    return line(
      who(d.source, 'someone'),
      ` whitelisted ${added.length} account${added.length === 1 ? '' : 's'}`,
      [' on vesting wallet ', a(d.vesting)],
      ...added.flatMap((x, i) => [i === 0 ? ': ' : ', ', a(x)]),
    );
  },
  subscribe: (d) =>
    line(
      who(d.subscriber, 'someone'),
      ' subscribed',
      [' (', a(d.subscription), ')'],
      [' to ', a(d.beneficiary)],
      [', paying ', ton(d.amount)],
    ),
  unsubscribe: (d) =>
    line(who(d.subscriber, 'someone'), ' unsubscribed', [' (', a(d.subscription), ')'], [' from ', a(d.beneficiary)]),
  multisig_create_order: (d) =>
    line(
      who(d.source, 'a signer'),
      ' proposed order',
      str(d.order_seqno) ? ` #${str(d.order_seqno)}` : null,
      [' on multisig ', a(d.destination)],
      [' (order ', a(d.destination_order), ')'],
      typeof d.expiration_date === 'number' ? `, valid until ${formatTime(d.expiration_date)}` : null,
    ),
  multisig_approve: (d) =>
    line(
      who(d.source, 'a signer'),
      typeof d.signer_index === 'number' ? ` (signer #${d.signer_index})` : null,
      ' approved order ',
      who(d.destination, 'an order'),
      typeof d.exit_code === 'number' && d.exit_code !== 0 ? ` (refused with exit code ${d.exit_code})` : null,
    ),
  multisig_execute: (d) =>
    line(
      'order ',
      who(d.source, ''),
      str(d.order_seqno) ? ` #${str(d.order_seqno)}` : null,
      ' was executed',
      [' by multisig ', a(d.destination)],
      typeof d.approvals_num === 'number' ? ` after ${d.approvals_num} approvals` : null,
    ),
};
