import { formatTon, formatToken } from '../../lib/format';

type Token = { symbol?: string | null; decimals?: number | string | null } | null;

/** A gain in green with a plus, a loss in red; TON unless a jetton's token is given. */
export function SignedAmount({ value, token, jetton = false }: { value: string; token?: Token; jetton?: boolean }) {
  const v = BigInt(value);
  const text = jetton ? formatToken(value, token) : formatTon(value, { maxFraction: 9 });
  const tone =
    v > 0n ? 'text-emerald-700 dark:text-emerald-400' : v < 0n ? 'text-red-700 dark:text-red-400' : 'text-muted';
  return (
    <span className={`whitespace-nowrap ${tone}`} title={`${value} ${jetton ? 'base units' : 'nanoton'}`}>
      {v > 0n ? '+' : ''}
      {text}
    </span>
  );
}
