import { formatAddress } from '../../ton/address-forms';
import { CopyButton } from './copy-button';

/** An address in its three forms (raw, bounceable, non-bounceable), each with its copy button. */
export function AddressForms({ raw }: { raw: string }) {
  return (
    <dl className="mt-2 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
      {(['raw', 'bounceable', 'non-bounceable'] as const).map((f) => {
        const text = formatAddress(raw, f);
        return (
          <div key={f} className="contents">
            <dt className="text-muted">{f}</dt>
            <dd className="mono min-w-0 break-all" data-testid={`address-${f}`}>
              {text}
              <CopyButton text={text} label={`${f} address`} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
