import type { Metadata } from '../../../api/model';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { AddressBook, BalanceChanges } from '../../../api/model';
import { AddressLink } from '../../components/entity-links';
import { DataTable, type Column } from '../../components/data-table';
import { useApi } from '../../lib/router-context';
import { traceBalanceChangesQuery } from '../../model/queries';
import { jettonToken } from '../../model/jetton-token';
import { formatTon } from '../../lib/format';
import { traceBalances } from '../../model/trace-balances';
import type { TraceView } from '../../model/trace-view';
import { SignedAmount } from './signed-amount';

/**
 * The trace's balance changes for its JSON export: the panel's own answer (fetched if the panel
 * has not got it yet), `null` when the API has none. Read at export time, so the page itself does
 * not re-render when the panel's answer arrives.
 */
export function useBalanceChangesForExport(traceId: string): () => Promise<BalanceChanges | null> {
  const client = useQueryClient();
  const api = useApi();
  return useCallback(async () => {
    try {
      return await client.ensureQueryData(traceBalanceChangesQuery(api, traceId));
    } catch {
      return null;
    }
  }, [client, api, traceId]);
}

interface Row {
  account: string;
  /** null: not known exactly (a derived change whose states lack a balance) */
  change: bigint | null;
  fees: bigint;
}

/** Accounts by what they gained, the biggest gain first and the biggest loss last; the unknown last of all. */
function rowsOf(c: BalanceChanges, unknownList: readonly string[]): Row[] {
  const unknown = new Set(unknownList);
  const accounts = new Set([...Object.keys(c.changes), ...Object.keys(c.fees)]);
  const rank = (r: Row) => r.change ?? -(1n << 200n);
  return [...accounts]
    .map((account) => ({
      account,
      change: unknown.has(account) ? null : BigInt(c.changes[account] ?? '0'),
      fees: BigInt(c.fees[account] ?? '0'),
    }))
    .sort((a, b) => (rank(a) === rank(b) ? (a.account < b.account ? -1 : 1) : rank(a) > rank(b) ? -1 : 1));
}

const FOLD = 12;

const tonColumns = (who: (raw: string) => ReactNode): Column<Row>[] => [
  { header: 'Account', className: 'max-w-[16rem]', cell: (r) => who(r.account) },
  {
    header: 'TON change',
    className: 'text-right',
    cell: (r) =>
      r.change === null ? (
        <span className="text-muted">not offered</span>
      ) : (
        <SignedAmount value={r.change.toString()} />
      ),
  },
  {
    header: 'Fees paid',
    className: 'text-right text-slate-600 dark:text-slate-400',
    cell: (r) => (r.fees === 0n ? '—' : formatTon(r.fees, { maxFraction: 9 })),
  },
];

/**
 * Who gained and lost how much TON and of which jetton in a trace, and who paid the fees: the
 * `balanceChanges` of the API (ours or TON Center's). A 1,000-transaction fan-out touches a
 * thousand accounts, so the TON table shows the first rows and folds the rest.
 */
export function BalanceChangesPanel(props: Omit<BalanceChangesTableProps, 'data'> & { traceId: string }) {
  const query = useSuspenseQuery(traceBalanceChangesQuery(useApi(), props.traceId));
  return <BalanceChangesTable {...props} data={query.data} />;
}

/**
 * For an API without `balanceChanges` (TON Center): the TON changes derived from the trace's own
 * transactions, exact where their states carry the balances (src/api/derive-balance-changes.ts),
 * the accounts where they do not named apart, and no jetton moves (not derived).
 */
export function DerivedBalanceChanges(
  props: Omit<BalanceChangesTableProps, 'data' | 'derived'> & { trace: TraceView },
) {
  const derived = useMemo(() => traceBalances(props.trace), [props.trace]);
  return <BalanceChangesTable {...props} data={derived.data} derived={{ unknown: derived.unknown }} />;
}

interface BalanceChangesTableProps {
  data: BalanceChanges;
  book: AddressBook;
  metadata: Metadata;
  letters: Map<string, string>;
  /** Derived by the explorer, not answered by the API: the accounts whose change is unknown. */
  derived?: { unknown: string[] };
}

function BalanceChangesTable({ data, book, metadata, letters, derived }: BalanceChangesTableProps) {
  const [all, setAll] = useState(false);
  const who = useCallback(
    (raw: string) => (
      <span className="inline-flex items-baseline gap-1">
        {letters.get(raw) && <span className="font-semibold">{letters.get(raw)}</span>}
        <AddressLink raw={raw} book={book} />
      </span>
    ),
    [letters, book],
  );
  const columns = useMemo(() => tonColumns(who), [who]);
  // thousands of accounts on a big trace's page: parsed and sorted once per answer, not per render
  const rows = useMemo(() => rowsOf(data, derived?.unknown ?? []), [data, derived]);
  const shown = all ? rows : rows.slice(0, FOLD);
  const totalFees = rows.reduce((s, r) => s + r.fees, 0n);
  const jettons = Object.entries(data.jettons);
  return (
    <div className="space-y-3 text-sm" data-testid={derived ? 'balance-changes-derived' : 'balance-changes'}>
      {derived && (
        <p className="text-muted">
          Derived by this explorer from the trace&apos;s own transactions: each account&apos;s balance after minus
          before, summed, exact where the API gives both.
          {derived.unknown.length > 0 &&
            ` Not offered for ${derived.unknown.length} account${derived.unknown.length === 1 ? '' : 's'} whose states the API gives without a balance.`}
        </p>
      )}
      <DataTable
        caption="TON balance changes and fees paid per account"
        columns={columns}
        rows={shown}
        rowKey={(r) => r.account}
        rowTestId="balance-row"
        dense
      />
      <p className="text-xs text-muted">
        {rows.length} accounts · {formatTon(totalFees, { maxFraction: 9 })} paid in fees
        {derived?.unknown.length ? '.' : ': what the accounts lost beyond what the others gained.'}
      </p>
      {rows.length > FOLD && (
        <button
          type="button"
          onClick={() => setAll((v) => !v)}
          className="text-teal-700 hover:underline dark:text-teal-400"
        >
          {all ? 'Show fewer accounts' : `Show all ${rows.length} accounts`}
        </button>
      )}
      {derived ? (
        <p className="text-muted">Jetton moves are not derived: they would need every message&apos;s body read.</p>
      ) : jettons.length === 0 ? (
        <p className="text-muted">No jetton balance moved.</p>
      ) : (
        jettons.map(([master, owners]) => {
          const token = jettonToken(master, metadata);
          return (
            <div key={master} data-testid="jetton-changes">
              <h3 className="font-medium">
                {token?.symbol ?? 'Jetton'}{' '}
                <span className="font-normal text-muted">
                  (master <AddressLink raw={master} book={book} />)
                </span>
              </h3>
              <ul className="mt-1 space-y-0.5">
                {Object.entries(owners).map(([owner, delta]) => (
                  <li key={owner} className="flex flex-wrap items-baseline gap-2" data-testid="jetton-change">
                    {who(owner)} <SignedAmount value={delta} token={token} jetton />
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
    </div>
  );
}
