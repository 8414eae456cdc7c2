import type { SummaryPart } from '../model/actions/parts';

/** An action's summary as plain text, accounts named by `name` (a letter label, an address form): what the tests compare. */
export function summaryText(parts: SummaryPart[], name: (raw: string | null) => string): string {
  return parts.map((p) => (p.kind === 'account' ? name(p.raw) : p.text)).join('');
}
