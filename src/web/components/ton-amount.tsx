import { formatTon } from '../lib/format';

/** Nanotons as TON to the last digit; the raw integer the API sent stays in the tooltip. */
export function TonAmount({ nano, testId }: { nano: string; testId?: string }) {
  return (
    <span title={`${nano} nanoton`} data-testid={testId}>
      {formatTon(nano, { maxFraction: 9 })}
    </span>
  );
}
