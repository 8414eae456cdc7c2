import type { ReactNode } from 'react';

/** One label and its value in a details list (`<dl>` laid out as a two-column grid). */
export function DetailRow({ k, children }: { k: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{k}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
