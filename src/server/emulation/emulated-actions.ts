// `with_actions`: the emulated trace classified by the rules the producer classifies real traces by
// (src/tvm/classify-trace.ts), printed as the v3 traces print their actions (the highest-level
// action of each part, all types supported), so an emulated trace and the real one the same message
// makes once sent have the same actions. Which contract an account is comes from the ledger: the
// interfaces it holds for the code hashes of the trace's accounts; an account the trace deploys is
// known by its code (a new jetton wallet has its sender wallet's code), a code the ledger has never
// seen is no known contract (its messages are basic actions).
import { ACTION_TYPES } from '../../api/operations/param-rules';
import type { LedgerReader } from '../../store/interface';
import type { AccountInfoRecord, AccountStateRecord, TraceRecord, TransactionRecord } from '../../store/records';
import { classifyTrace } from '../../tvm/classify-trace';
import { selectActions } from '../actions-select';
import { actionJson } from '../serialize/v3';
import { emulatedTraceRecord } from './emulated-trace-record';

const ALL_TYPES: ReadonlySet<string> = new Set(ACTION_TYPES);

/** The trace's record as though it had been written: complete unless a bound cut it. */
function traceRecord(txs: TransactionRecord[], mcSeqno: number, incomplete: boolean): TraceRecord {
  return {
    ...emulatedTraceRecord(txs, mcSeqno),
    pendingMessages: 0,
    state: incomplete ? 'pending' : 'complete',
    classificationState: 'ok',
  };
}

/** The v3 actions of an emulated trace (its transactions in the order they ran). */
export async function emulatedActions(
  reader: LedgerReader,
  txs: TransactionRecord[],
  mcSeqno: number,
  incomplete: boolean,
): Promise<unknown[]> {
  const record = traceRecord(txs, mcSeqno, incomplete);
  const stored = await reader.getAccountInfos(record.accounts);
  const byCode = new Map<string, AccountInfoRecord['interfaces']>();
  for (const info of stored)
    if (info.codeHash && info.interfaces.length > 0) byCode.set(info.codeHash.toString('hex'), info.interfaces);
  const describe = (state: AccountStateRecord): AccountInfoRecord => ({
    account: state.account,
    codeHash: state.codeHash,
    interfaces: (state.codeHash && byCode.get(state.codeHash.toString('hex'))) || [],
    status: state.status,
  });
  const byAccount = new Map(stored.map((i) => [i.account, i]));
  // classified in lt order, as the producer hands a trace over
  const ordered = [...txs].sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
  const { actions } = classifyTrace({ record, transactions: ordered }, describe, (a) => byAccount.get(a));
  return selectActions(actions, ALL_TYPES).map((a) => actionJson(a, record));
}
