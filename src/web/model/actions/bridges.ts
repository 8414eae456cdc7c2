import { a, line, obj, str, token, ton, who, type Details, type Summarizer } from './parts';

// Bridges and networks built on TON: LayerZero messages and token sends, tgBTC (Bitcoin pegged on
// TON) and Cocoon (confidential compute) payments: ton-index-go's ActionDetailsLayerZero*,
// ...Tgbtc*, ...DkgLogFallback and ...Cocoon*.

/** The chain a LayerZero packet goes to or comes from, by its endpoint id. */
const eid = (v: unknown) => (str(v) ? `endpoint ${str(v)}` : null);
const packet = (d: Details) => obj(d.layerzero_packet_data);

/** Cocoon's payments: who paid whom, and how much TON, with a verb per kind. */
const cocoon =
  (verb: string, amount: 'amount' | 'new_stake' | 'withdraw_amount' = 'amount'): Summarizer =>
  (d) =>
    line(who(d.source, 'a Cocoon contract'), ` ${verb}`, [' ', ton(d[amount])], [' at ', a(d.destination)]);

export const BRIDGES: Record<string, Summarizer> = {
  layerzero_send: (d) =>
    line(
      who(d.initiator ?? d.sender, 'someone'),
      ' sent a LayerZero message',
      [' to ', eid(packet(d).dst_eid)],
      [' (nonce ', str(packet(d).nonce), ')'],
    ),
  layerzero_send_tokens: (d, m) =>
    line(who(d.sender, 'someone'), ' sent ', token(d.amount, d.asset, m) ?? 'tokens', ' over LayerZero', [
      ' to ',
      eid(packet(d).dst_eid),
    ]),
  layerzero_receive: (d) =>
    line(
      who(d.oapp, 'an app'),
      ' received a LayerZero message',
      [' from ', eid(packet(d).src_eid)],
      [' (nonce ', str(packet(d).nonce), ')'],
    ),
  layerzero_commit_packet: (d) =>
    line(
      who(d.sender, 'someone'),
      ' committed a LayerZero message',
      [' from ', eid(packet(d).src_eid)],
      [' to ', eid(packet(d).dst_eid)],
    ),
  layerzero_dvn_verify: (d) =>
    line(
      who(d.dvn ?? d.initiator, 'a verifier'),
      ' verified LayerZero message',
      [' #', str(d.nonce)],
      [' (', str(d.status), ')'],
    ),
  tgbtc_mint: (d, m) =>
    line(who(d.source, 'the tgBTC bridge'), ' minted ', token(d.amount, d.asset, m) ?? 'tgBTC', [
      ' to ',
      a(d.destination),
    ]),
  tgbtc_mint_fallback: (d, m) =>
    line(who(d.source, 'the tgBTC bridge'), ' could not mint ', token(d.amount, d.asset, m) ?? 'tgBTC', [
      ' to ',
      a(d.destination),
    ]),
  tgbtc_burn: (d, m) =>
    line(who(d.source, 'someone'), ' burned ', token(d.amount, d.asset, m) ?? 'tgBTC', ' to withdraw it to Bitcoin'),
  tgbtc_burn_fallback: (d, m) =>
    line(
      who(d.source, 'someone'),
      ' got back ',
      token(d.amount, d.asset, m) ?? 'tgBTC',
      ' from a withdrawal to Bitcoin',
    ),
  tgbtc_new_key: (d) => line(who(d.source, 'someone'), ' set a new tgBTC key', [' at coordinator ', a(d.coordinator)]),
  tgbtc_new_key_fallback: (d) =>
    line(who(d.source, 'someone'), ' failed to set a new tgBTC key', [' at coordinator ', a(d.coordinator)]),
  tgbtc_dkg_log_fallback: (d) =>
    line(who(d.coordinator, 'the tgBTC coordinator'), ' logged a failed key generation round'),
  cocoon_worker_payout: cocoon('paid a worker'),
  cocoon_proxy_payout: cocoon('paid out a proxy'),
  cocoon_proxy_charge: cocoon('charged a client'),
  cocoon_client_top_up: cocoon('topped up a client account with'),
  cocoon_register_proxy: (d) => line('a Cocoon proxy registered', [' at ', a(d.destination)]),
  cocoon_unregister_proxy: (d) => line('a Cocoon proxy unregistered', [' at ', a(d.destination)]),
  cocoon_client_register: cocoon('registered as a client'),
  cocoon_client_change_secret_hash: cocoon("changed a client's secret"),
  cocoon_client_request_refund: cocoon('asked for a refund'),
  cocoon_grant_refund: cocoon('granted a refund of'),
  cocoon_client_increase_stake: cocoon('raised its stake to', 'new_stake'),
  cocoon_client_withdraw: cocoon('withdrew', 'withdraw_amount'),
};
