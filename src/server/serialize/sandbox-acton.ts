// What Acton's trace bundles add to a run and a transaction (docs/sandbox.md, "Acton's trace
// bundles"), as the /api/sandbox answers give it: the message attempts that made no transaction,
// with their exit codes' meanings, and the executor's actions with their outcomes in words. The
// exit codes' and result codes' meanings are the ones every failed transaction gets
// (src/ton/exit-codes.ts).
import { fromNano } from '@ton/core';
import type { z } from 'zod';
import type { actonTrace, executorAction, failedMessage } from '../../api/operations/sandbox-shapes';
import type {
  ActionFailureReasonRecord,
  ExecutorActionRecord,
  SandboxFailedMessageRow,
  SandboxFrameRow,
} from '../../store/sandbox-runs';
import { describeExitCode, describeResultCode } from '../../ton/exit-codes';

type ExecutorActionJson = z.output<typeof executorAction>;

export function failedMessageJson(m: SandboxFailedMessageRow): z.output<typeof failedMessage> {
  return {
    error: m.error,
    exit_code: m.vmExitCode,
    exit: m.vmExitCode === null ? null : describeExitCode(m.vmExitCode),
    vm_log: m.vmLogs,
    blockchain_log: m.blockchainLogs,
    missing_libraries: m.missingLibraries,
  };
}

export function actonTraceJson(a: SandboxFrameRow['acton']): z.output<typeof actonTrace> | null {
  return a && { trace_name: a.name, treasury_deploy: a.treasuryDeploy, hidden_traces: a.hiddenTraces };
}

const ton = (nano: string) => `${fromNano(BigInt(nano))} TON`;

/** Why the executor refused an action, in words. */
export function reasonText(r: ActionFailureReasonRecord): string {
  return r.type === 'not_enough_grams_to_send'
    ? `not enough balance: remaining ${ton(r.remaining_balance)}, required ${ton(r.required)}`
    : `cannot reserve: requested ${ton(r.requested)}, available ${ton(r.available)}`;
}

export function executorActionJson(a: ExecutorActionRecord): ExecutorActionJson {
  const reason = 'failure_reason' in a ? (a.failure_reason ?? null) : null;
  const code = a.failure_code ?? null;
  const loc = a.location ?? null;
  return {
    type: a.type,
    failed: code !== null || reason !== null,
    failure_code: code,
    failure: code === null ? null : describeResultCode(code),
    reason: reason && reasonText(reason),
    failure_reason: reason,
    location: loc,
    at: loc && `${loc.file}:${loc.line}:${loc.column}`,
    message_hash: a.type === 'send_message' ? Buffer.from(a.hash, 'hex').toString('base64') : null,
    remaining_balance: a.type === 'send_message' ? a.remaining_balance : null,
    reserve:
      a.type === 'reserve_currency'
        ? {
            mode: a.mode,
            reserve: a.reserve,
            balance: a.balance,
            original_balance: a.original_balance,
            changed_remaining_balance: a.changed_remaining_balance,
            changed_reserved_balance: a.changed_reserved_balance,
          }
        : null,
  };
}
