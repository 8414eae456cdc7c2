import type { Metadata } from '../../api/model';
import { hashPath } from '../lib/format';
import { BRIDGES } from './actions/bridges';
import { DEX } from './actions/dex';
import { summarizeUnknown } from './actions/fallback';
import { NFT } from './actions/nft';
import type { Summarizer, SummaryPart } from './actions/parts';
import { STAKING } from './actions/staking';
import { TRANSFERS } from './actions/transfers';
import { verdictOf } from './outcome';
import type { TraceView } from './trace-view';

export type { SummaryPart } from './actions/parts';

export interface ActionLike {
  type: string;
  success: boolean;
  details: Record<string, unknown>;
  /** The accounts the action involves (TON Center's `accounts`), for types whose details omit them. */
  accounts?: string[];
  /** The transactions the action spans (their hashes, as the API writes them). */
  transactions?: string[];
}

/**
 * Every action type TON Center classifies (its `v1` list and `supported_action_types=latest`, as
 * ton-indexer's models define their details), one line each. This module is loaded by the trace
 * page alone (the graph feature's action list), so its words do not weigh on the home page.
 */
const SUMMARIES: Record<string, Summarizer> = { ...TRANSFERS, ...DEX, ...STAKING, ...NFT, ...BRIDGES };

/**
 * One line per action, in words: who, what, how much (in the token's own decimals and symbol),
 * on which protocol, to whom. A type not known here, or details of an unexpected shape, fall back
 * to the type in words with the accounts and amounts found in the details: never a bare type
 * name, never an exception.
 */
export function summarizeAction(action: ActionLike, metadata: Metadata = {}): SummaryPart[] {
  const details = action.details && typeof action.details === 'object' ? action.details : {};
  // TON Center's tick_tock details are empty; the account is the action's only account
  const d =
    action.type === 'tick_tock' && !details.account && action.accounts?.length === 1
      ? { ...details, account: action.accounts[0] }
      : details;
  const summarize = Object.hasOwn(SUMMARIES, action.type) ? SUMMARIES[action.type] : undefined;
  if (summarize) {
    try {
      const parts = summarize(d, metadata);
      if (parts.length > 0) return parts;
    } catch {
      // a details shape the models do not describe: read it as an unknown type's
    }
  }
  return summarizeUnknown(action.type, d, metadata);
}

/**
 * Why an action failed, where the trace says: its first failed transaction's verdict (exit code
 * and meaning), else what the details carry (an exit code, EVAA's fail reason); null when neither
 * says. `name` labels an account (its letter).
 */
export function actionFailure(
  action: ActionLike,
  trace: TraceView | null,
  name: (raw: string) => string,
): string | null {
  if (action.success) return null;
  const hashes = new Set((action.transactions ?? []).map(hashPath));
  let first: { lt: bigint; text: string } | null = null;
  for (const tx of trace?.txs.values() ?? []) {
    if (!hashes.has(hashPath(tx.hash))) continue;
    const v = verdictOf(tx);
    if (v.outcome !== 'failed' || (first && first.lt <= BigInt(tx.lt))) continue;
    first = { lt: BigInt(tx.lt), text: `${name(tx.account)} failed: ${v.text}` };
  }
  if (first) return first.text;
  const d = action.details ?? {};
  if (typeof d.exit_code === 'number' && d.exit_code !== 0) return `exit code ${d.exit_code}`;
  if (typeof d.fail_reason === 'string' && d.fail_reason) return d.fail_reason;
  return null;
}
