import { formatTon, formatToken } from '../lib/format';
import { opcodeToHex } from '../../ton/opcode';
import type { Metadata } from '../../api/model';

export type SummaryPart =
  { kind: 'text'; text: string } | { kind: 'account'; raw: string | null } | { kind: 'amount'; text: string };

export interface ActionLike {
  type: string;
  success: boolean;
  details: Record<string, unknown>;
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

/**
 * A jetton's symbol and decimals live on its master; a wallet's entry only points to it. The
 * decimals are read by the normalizer wherever an answer puts them (TON Center's and ours:
 * `extra.decimals`, a string; an older form of ours: at the top of the entry).
 */
export function jettonToken(
  asset: string | null,
  metadata: Metadata,
): { symbol?: string | null; decimals?: number | string | null } | null {
  if (!asset) return null;
  const info = metadata[asset]?.tokens.find((t) => t.type === 'jetton_masters') ?? metadata[asset]?.tokens[0];
  if (!info) return null;
  return { symbol: info.symbol ?? null, decimals: info.decimals };
}

const t = (text: string): SummaryPart => ({ kind: 'text', text });
const a = (raw: unknown): SummaryPart => ({ kind: 'account', raw: str(raw) });
const amt = (text: string): SummaryPart => ({ kind: 'amount', text });

/**
 * One line per action, in words: "A sent 5 TON to B", "A transferred 100 LJT to B". Token amounts
 * carry the token's own decimals and symbol from the metadata, never TON. An action of no known
 * type falls back to "A called 0x… on B".
 */
export function summarizeAction(action: ActionLike, metadata: Metadata = {}): SummaryPart[] {
  const d = action.details ?? {};
  const comment = str(d.comment);
  const withComment = (parts: SummaryPart[]) => (comment ? [...parts, t(` with comment “${comment}”`)] : parts);
  switch (action.type) {
    case 'ton_transfer':
      return withComment([a(d.source), t(' sent '), amt(formatTon(str(d.value) ?? '0')), t(' to '), a(d.destination)]);
    case 'jetton_transfer':
      return withComment([
        a(d.sender),
        t(' transferred '),
        amt(formatToken(str(d.amount) ?? '0', jettonToken(str(d.asset), metadata))),
        t(' to '),
        a(d.receiver),
      ]);
    case 'jetton_mint':
      return [
        a(d.asset),
        t(' minted '),
        amt(formatToken(str(d.amount) ?? '0', jettonToken(str(d.asset), metadata))),
        t(' to '),
        a(d.receiver ?? d.destination ?? d.owner),
      ];
    case 'jetton_burn':
      return [
        a(d.owner ?? d.sender),
        t(' burned '),
        amt(formatToken(str(d.amount) ?? '0', jettonToken(str(d.asset), metadata))),
      ];
    case 'nft_mint':
      return [a(d.nft_collection), t(' minted NFT '), a(d.nft_item), t(' to '), a(d.owner ?? d.new_owner)];
    case 'nft_transfer':
      return [a(d.old_owner), t(' transferred NFT '), a(d.nft_item), t(' to '), a(d.new_owner)];
    case 'contract_deploy':
      return [t('deployed '), a(d.destination ?? d.address ?? d.contract)];
    case 'call_contract': {
      const op = typeof d.opcode === 'number' ? opcodeToHex(d.opcode) : (str(d.opcode) ?? 'a method');
      return [
        a(d.source),
        t(` called ${op} on `),
        a(d.destination),
        ...(str(d.value) ? [t(' with '), amt(formatTon(str(d.value)!))] : []),
      ];
    }
    default:
      return [t(`${action.type.replace(/_/g, ' ')}`)];
  }
}
