import { opcodeToHex } from '../../../ton/opcode';
import { a, line, obj, str, t, token, ton, who, type Details, type Summarizer, type SummaryPart } from './parts';

// TON and jetton moves, contract calls and deploys, tick-tock: ton-index-go's
// ActionDetailsTonTransfer, ...JettonTransfer, ...JettonMint, ...JettonBurn, ...CallContract,
// ...ContractDeploy, ...TickTock.

function comment(d: Details): string | null {
  const c = str(d.comment);
  if (d.encrypted === true || d.is_encrypted_comment === true) return ' with an encrypted comment';
  return c ? ` with comment “${c}”` : null;
}

/** Extra currencies (`{id: amount}`), in base units: their decimals are not in the answer. */
function extraCurrencies(v: unknown): string | null {
  const entries = Object.entries(obj(v)).filter(([, amount]) => str(amount));
  if (entries.length === 0) return null;
  return entries.map(([id, amount]) => `${str(amount)} units of extra currency #${id}`).join(', ');
}

const withTon = (v: unknown): Array<SummaryPart | string | null> => [' with ', ton(v)];

export const TRANSFERS: Record<string, Summarizer> = {
  ton_transfer: (d) =>
    line(who(d.source, 'someone'), ' sent ', ton(d.value) ?? '0 TON', [' to ', a(d.destination)], comment(d)),
  extra_currency_transfer: (d) => {
    const extra = extraCurrencies(d.value_extra_currencies ?? d.extra_currencies) ?? 'extra currencies';
    const value = str(d.value) !== '0' ? ton(d.value) : null;
    return line(
      who(d.source, 'someone'),
      ' sent ',
      extra,
      value ? [' and ', value] : null,
      [' to ', a(d.destination)],
      comment(d),
    );
  },
  jetton_transfer: (d, m) =>
    line(
      who(d.sender, 'someone'),
      ' transferred ',
      token(d.amount, d.asset, m) ?? 'jettons',
      [' to ', a(d.receiver)],
      comment(d),
    ),
  jetton_mint: (d, m) =>
    line(who(d.asset, 'a jetton master'), ' minted ', token(d.amount, d.asset, m) ?? 'jettons', [
      ' to ',
      a(d.receiver ?? d.destination ?? d.owner),
    ]),
  jetton_burn: (d, m) =>
    line(who(d.owner ?? d.sender, 'someone'), ' burned ', token(d.amount, d.asset, m) ?? 'jettons'),
  call_contract: (d) => {
    const op = typeof d.opcode === 'number' ? opcodeToHex(d.opcode) : (str(d.opcode) ?? 'a method');
    return line(
      who(d.source, 'an external message'),
      ` called ${op} on `,
      who(d.destination, 'a contract'),
      withTon(d.value),
    );
  },
  contract_deploy: (d) =>
    line(
      str(d.source) ? [a(d.source), ' deployed '] : 'deployed ',
      who(d.destination ?? d.address ?? d.contract, 'a contract'),
      withTon(d.value),
    ),
  // TON Center's tick_tock details are empty: the account comes from the action's accounts (summarizeAction)
  tick_tock: (d) => line(t('the masterchain ran a tick-tock transaction'), [' of ', a(d.account)]),
  // wrapped TON (a jetton backed 1:1 by TON): minted when TON is wrapped, burned when it is unwrapped
  wton_mint: (d) => line(who(d.receiver, 'someone'), ' wrapped ', ton(d.amount) ?? 'TON', ' into wTON'),
  wton_burn: (d) =>
    line(who(d.receiver ?? d.owner ?? d.source, 'someone'), ' unwrapped ', ton(d.amount) ?? 'wTON', ' from wTON'),
};
