import type { Metadata } from '../../../api/model';
import { a, obj, str, t, token, ton, type Details, type SummaryPart } from './parts';

// A type this explorer does not know yet (TON Center adds kinds as protocols appear) still reads
// as well as its details allow: the kind in words, then the accounts and amounts found in them.

const RAW_ADDRESS = /^-?\d+:[0-9A-Fa-f]{64}$/;
const DIGITS = /^\d+$/;
/** Fields that hold TON in nanotons in every model that has them. */
const TON_FIELDS = /(^|_)(value|price|ton_amount|fee|fees|bid)$/;
/** More than this many facts and the line stops being one. */
const MOST = 6;

const words = (key: string) => key.replace(/_/g, ' ');

export function summarizeUnknown(type: string, details: Details, metadata: Metadata): SummaryPart[] {
  const facts: SummaryPart[][] = [];
  const visit = (d: Details, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(d)) {
      if (facts.length >= MOST) return;
      const name = prefix ? `${prefix} ${words(key)}` : words(key);
      const s = str(value);
      if (s && RAW_ADDRESS.test(s)) facts.push([t(`${name} `), a(s)]);
      else if (s && DIGITS.test(s) && TON_FIELDS.test(key)) facts.push([t(`${name} `), ton(s)!]);
      else if (s && DIGITS.test(s) && /(^|_)amount$/.test(key)) {
        // an amount beside an asset is that jetton's (none: TON); without an asset, base units
        const part = 'asset' in d ? token(s, d.asset, metadata) : t(`${s} units`);
        if (part) facts.push([t(`${name} `), part]);
      } else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 1)
        visit(obj(value), name, depth + 1);
    }
  };
  visit(details, '', 0);
  const kind = t(words(type) || 'an action of no name');
  if (facts.length === 0) return [kind, t(' (no accounts or amounts in its details)')];
  return [kind, t(': '), ...facts.flatMap((f, i) => (i > 0 ? [t(', '), ...f] : f))];
}
