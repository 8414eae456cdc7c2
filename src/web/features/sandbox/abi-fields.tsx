import { useQuery } from '@tanstack/react-query';
import type { AbiDecodingJson, AbiFieldJson, SandboxTransaction } from '../../../api/sandbox-wire';
import { sandboxTransactionQuery } from '../../../api/queries';
import { useApi } from '../../lib/router-context';
import { AddressLink } from '../../components/entity-links';
import { ErrorState, Loading } from '../../components/states';

// Cells read by the contracts' ABIs (a Tact wrapper's that sandbox sent, or the Tolk compiler's in an
// Acton bundle; the API reads them: /api/sandbox/transaction's
// abi_decoded): a type's fields one a row, a nested struct's fields indented under it.

function FieldValue({ f }: { f: AbiFieldJson }) {
  if (f.kind === 'null' || f.value === null) return <span className="text-muted">null</span>;
  if (f.kind === 'address') return <AddressLink raw={f.value} />;
  if (f.kind === 'struct') return <span className="text-muted">{f.value}</span>;
  if (f.kind === 'cell' || f.kind === 'map')
    return (
      <span className="mono break-all text-xs" title="the cell as a BOC, base64">
        {f.value}
      </span>
    );
  if (f.kind === 'string') return <span>“{f.value}”</span>;
  return <span className="mono break-all">{f.value}</span>;
}

/** A decoded cell: its type (and layout), its fields; or why the ABI could not read it. */
type Read = { type: string; layout: string | null; fields: AbiFieldJson[] };

export function AbiFields({ decoded: d, testId }: { decoded: AbiDecodingJson; testId: string }) {
  // the reader is a union of loose objects: which side it is, by its own fields
  const decoded = d as Read | { error: string };
  if ('error' in decoded)
    return (
      <p className="text-sm text-amber-800 dark:text-amber-300" data-testid={`${testId}-error`}>
        The ABI does not read it: {decoded.error}
      </p>
    );
  return (
    <div data-testid={testId}>
      <p className="text-sm">
        <span className="font-semibold">{decoded.type}</span>
        {decoded.layout && <span className="ml-2 text-muted">{decoded.layout}</span>}
      </p>
      {decoded.fields.length === 0 ? (
        <p className="text-sm text-muted">no fields</p>
      ) : (
        <table className="text-sm">
          <tbody>
            {decoded.fields.map((f) => {
              // `outer.inner`, `list[0]`, `map[key]`: each step one level in, the last one the label
              const steps = f.path.split(/\.|(?=\[)/);
              const depth = steps.length - 1;
              return (
                <tr key={f.path} data-testid="abi-field" data-path={f.path}>
                  <td className="pr-3 align-top" style={{ paddingLeft: `${depth}rem` }}>
                    {steps.at(-1)}
                  </td>
                  <td className="mono pr-3 align-top text-xs text-muted">{f.type}</td>
                  <td className="align-top">
                    <FieldValue f={f} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The transaction's inbound and outbound bodies that an ABI of its test reads. */
export function AbiMessages({ tx }: { tx: SandboxTransaction }) {
  const messages = tx.abi_decoded.messages;
  if (messages.length === 0)
    return (
      <p className="text-sm text-muted">
        No body of this transaction has the opcode of a message type in the ABIs of its test (the contracts of the
        account and of the other ends). The transaction page decodes the standard ones.
      </p>
    );
  return (
    <div className="space-y-3">
      {messages.map((m) => (
        <section
          key={`${m.direction}${m.index}`}
          aria-label={m.direction === 'in' ? 'Inbound body' : `Outbound body ${m.index + 1}`}
          className="rounded border border-slate-200 p-2 dark:border-slate-800"
        >
          <h3 className="text-sm font-semibold">
            {m.direction === 'in' ? 'Inbound message' : `Outbound message ${m.index + 1}`}
            <span className="ml-2 font-normal text-muted">
              read by the ABI of <AddressLink raw={m.abi_of} />
            </span>
          </h3>
          <AbiFields decoded={m.decoded} testId={`abi-body-${m.direction}`} />
        </section>
      ))}
    </div>
  );
}

/**
 * The storage before and after by the account's ABI; null when it has none. Side by side on a wide
 * page, one under the other where the place is narrow (`stacked`: a panel beside a graph).
 */
export function AbiStorage({
  storage,
  stacked = false,
}: {
  storage: SandboxTransaction['abi_decoded']['storage'];
  stacked?: boolean;
}) {
  if (!storage.before && !storage.after) return null;
  return (
    <div className={stacked ? 'grid gap-3' : 'grid gap-3 md:grid-cols-2'}>
      {(
        [
          ['Before', storage.before],
          ['After', storage.after],
        ] as const
      ).map(([title, d]) => (
        <section key={title} aria-label={`Storage fields ${title.toLowerCase()}`}>
          <h3 className="font-semibold">{title}</h3>
          {d ? (
            <AbiFields decoded={d} testId={`abi-storage-${title.toLowerCase()}`} />
          ) : (
            <p className="text-sm text-muted">not recorded</p>
          )}
        </section>
      ))}
    </div>
  );
}

/**
 * On a sandbox ledger, a transaction's bodies as the ABIs of its test read them, by message
 * hash (for the message cards of the transaction page); empty elsewhere or while loading.
 */
export function useAbiBodies(
  hash: string,
  sandbox: boolean,
): Map<string, SandboxTransaction['abi_decoded']['messages'][number]> {
  const q = useQuery({ ...sandboxTransactionQuery(useApi(), { hash }), enabled: sandbox, retry: false });
  return new Map((q.data?.abi_decoded.messages ?? []).map((m) => [m.hash, m]));
}

/** One body's reading by a contract's ABI, under the message card's own. */
export function AbiBody({ m }: { m: SandboxTransaction['abi_decoded']['messages'][number] | undefined }) {
  if (!m) return null;
  return (
    <div className="rounded bg-slate-50 p-2 dark:bg-slate-900" data-testid="abi-body">
      <p className="text-xs text-muted">
        By the ABI of <AddressLink raw={m.abi_of} /> (the test&apos;s contract)
      </p>
      <AbiFields decoded={m.decoded} testId="abi-body-fields" />
    </div>
  );
}

/**
 * On a sandbox ledger, what the ABIs of a transaction's test read of it, its bodies and its
 * storage: the trace page's details of the selected transaction (its VM log and logs are a link away).
 */
export function AbiReadings({ hash }: { hash: string }) {
  const q = useQuery({ ...sandboxTransactionQuery(useApi(), { hash }), retry: false });
  if (q.isPending) return <Loading label="Loading what the test's ABIs read" />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const { storage } = q.data.abi_decoded;
  return (
    <div className="space-y-3" data-testid="abi-readings">
      <AbiMessages tx={q.data} />
      {storage.before || storage.after ? (
        <AbiStorage storage={storage} stacked />
      ) : (
        <p className="text-sm text-muted">No ABI of this test reads this account's storage.</p>
      )}
    </div>
  );
}
