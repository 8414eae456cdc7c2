import { TxLink } from '../../components/entity-links';
import type { TracesPage } from '../../../api/model';
import { formatTime, shortHash } from '../../lib/format';
import { Age } from '../../components/age';
import { TonAmount } from '../../components/ton-amount';
import { CopyButton } from '../../components/copy-button';
import { DetailRow } from '../../components/detail-row';
import { Empty } from '../../components/states';
import { latestTxOf } from '../../model/account-history';

/**
 * The account's current balance and state. The API has no account-state operation, so the figures
 * are the state after the account's newest transaction in its newest traces, and the section says
 * which transaction that is: a reader can check it, and knows the figure is not live.
 */
export function AccountSummary({ account, data }: { account: string; data: TracesPage }) {
  const tx = latestTxOf(data.traces, account);
  if (!tx) return <Empty>This account has no transactions on this ledger: no balance or state to show.</Empty>;
  const state = tx.stateAfter;
  const status = state?.status ?? tx.endStatus;
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800" data-testid="account-summary">
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1">
        <DetailRow k="Balance">
          {state?.balance != null ? (
            <strong>
              <TonAmount nano={state.balance} testId="summary-balance" />
            </strong>
          ) : (
            <span className="text-muted">not reported by the API</span>
          )}
        </DetailRow>
        <DetailRow k="Status">
          <span data-testid="summary-status">{status ?? '—'}</span>
        </DetailRow>
        {state?.codeHash && (
          <DetailRow k="Code hash">
            <span className="mono break-all text-xs" data-testid="summary-code-hash">
              {state.codeHash}
            </span>
            <CopyButton text={state.codeHash} label="code hash" />
          </DetailRow>
        )}
        {state?.dataHash && (
          <DetailRow k="Data hash">
            <span className="mono break-all text-xs">{state.dataHash}</span>
            <CopyButton text={state.dataHash} label="data hash" />
          </DetailRow>
        )}
        {state?.frozenHash && (
          <DetailRow k="Frozen hash">
            <span className="mono break-all text-xs">{state.frozenHash}</span>
          </DetailRow>
        )}
        <DetailRow k="Last activity">
          <Age unix={tx.now} /> · transaction <TxLink hash={tx.hash} data-testid="summary-tx" />
        </DetailRow>
      </dl>
      <p className="mt-2 text-xs text-muted" data-testid="summary-as-of">
        As of transaction {shortHash(tx.hash)} (lt <span className="mono">{tx.lt}</span>, {formatTime(tx.now)}): the
        state after the account&apos;s newest transaction on this ledger.
      </p>
    </div>
  );
}
