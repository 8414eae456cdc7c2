import { Cell } from '@ton/core';
import { decodeBody } from '../ton/decode/decode-body';
import type { BalanceChangesRecord, JettonWalletIdentity, TokenInfoRecord, TransactionRecord } from './records';

const add = <K>(map: Map<K, bigint>, key: K, delta: bigint) => map.set(key, (map.get(key) ?? 0n) + delta);

/**
 * How far one transaction of a TEP-74 jetton wallet moved its balance, read from the message it
 * processed. The store keeps no account data cells, so the balance before and after cannot be read
 * from the states; the message says exactly what the standard wallet did with it, and only a
 * transaction that was not aborted changed the balance at all (an aborted one rolled its state
 * back: a failed transfer moves nothing):
 * - `transfer` and `burn` from the owner take `amount` out;
 * - `internal_transfer` (from another wallet, or the minter when minting) puts `amount` in;
 * - a bounced `internal_transfer` or `burn_notification` puts the amount it carried back.
 */
function jettonDelta(tx: TransactionRecord): bigint {
  if (tx.description.aborted || !tx.inMsg || tx.inMsg.source === null) return 0n;
  const decoded = decodeBody(Cell.fromBoc(tx.inMsg.body.boc)[0]!);
  if (!decoded || !('data' in decoded)) return 0n;
  const amount = decoded.data.amount;
  if (typeof amount !== 'string') return 0n;
  switch (decoded.type) {
    case 'jetton_transfer':
    case 'jetton_burn':
      return -BigInt(amount);
    case 'jetton_internal_transfer':
      return BigInt(amount);
    case 'bounce':
      return decoded.data.original_type === 'jetton_internal_transfer' ||
        decoded.data.original_type === 'jetton_burn_notification'
        ? BigInt(amount)
        : 0n;
    default:
      return 0n;
  }
}

/**
 * Balance changes of a set of transactions (a trace's, or an action's).
 * - `changes`: the account's balance after each of its transactions minus before, summed. This is
 *   the whole truth of the ledger's states: value received and sent, fees, storage, bounces.
 * - `fees`: what the account paid for its transactions (`total_fees`: storage, gas, the action
 *   phase's share of forwarding) plus the forwarding fees its outbound messages carry
 *   (`fwd_fee` and `ihr_fee`, taken from its balance with the message's value).
 * - `jettons`: per jetton master and owner, the moves of the owner's jetton wallets (see above),
 *   for accounts whose wallet identity is known.
 */
export function balanceChanges(
  txs: readonly TransactionRecord[],
  jettonWallets: ReadonlyMap<string, JettonWalletIdentity>,
): BalanceChangesRecord {
  const changes = new Map<string, bigint>();
  const fees = new Map<string, bigint>();
  const jettons = new Map<string, Map<string, bigint>>();
  for (const tx of txs) {
    add(changes, tx.account, tx.stateAfter.balance - tx.stateBefore.balance);
    let paid = tx.totalFees;
    for (const m of tx.outMsgs) paid += (m.fwdFee ?? 0n) + (m.ihrFee ?? 0n);
    add(fees, tx.account, paid);
    const wallet = jettonWallets.get(tx.account);
    if (!wallet) continue;
    const delta = jettonDelta(tx);
    if (delta === 0n) continue;
    let owners = jettons.get(wallet.master);
    if (!owners) jettons.set(wallet.master, (owners = new Map()));
    add(owners, wallet.owner, delta);
  }
  for (const [master, owners] of jettons) {
    for (const [owner, delta] of owners) if (delta === 0n) owners.delete(owner);
    if (owners.size === 0) jettons.delete(master);
  }
  return { changes, fees, jettons };
}

/** Jetton wallets' identities from their token metadata (`extra.jetton`, `extra.owner`, read from the wallet's data by the producer). */
export function jettonWalletIdentities(tokens: readonly TokenInfoRecord[]): Map<string, JettonWalletIdentity> {
  const out = new Map<string, JettonWalletIdentity>();
  for (const t of tokens) {
    if (t.type !== 'jetton_wallets') continue;
    const { jetton, owner } = t.extra;
    if (typeof jetton === 'string' && typeof owner === 'string') out.set(t.account, { master: jetton, owner });
  }
  return out;
}
