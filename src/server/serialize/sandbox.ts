// The /api/sandbox answers from the run records and the ledger's transactions (docs/api.md,
// "Sandbox test runs"). A run's outcome is read from each transaction's description, as the
// producer wrote it for any transaction (src/store/records.ts: v3's Description).
import type { z } from 'zod';
import type {
  runTransaction,
  sandboxName,
  sandboxNames,
  sandboxRun,
  sandboxTest,
  storageCell,
} from '../../api/operations/sandbox-shapes';
import type { SandboxContractRow, SandboxFrameRow, SandboxTestRow } from '../../store/sandbox-runs';
import type { MessageRecord, TransactionOutcomeRecord, TransactionRecord } from '../../store/records';
import type { ResponseOf } from '../../api/operations/api-operation';
import type { sandboxTransaction } from '../../api/operations/sandbox-transaction';
import { readContractAbi } from '../../ton/contract-abi';
import type { CellAbi } from '../../ton/abi-decoding';
import { describeExitCode, describeResultCode } from '../../ton/exit-codes';
import { hashToBase64 } from '../../ton/hash';
import { Cell } from '@ton/core';
import { actonTraceJson, failedMessageJson } from './sandbox-acton';

type RunTransaction = z.output<typeof runTransaction>;

export function testJson(t: SandboxTestRow): z.output<typeof sandboxTest> {
  return {
    key: t.testKey,
    id: t.testId,
    name: t.name,
    path: t.path,
    runs: t.frames,
    first_seqno: t.firstMcSeqno,
    last_seqno: t.lastMcSeqno,
    last_received_at: t.lastReceivedAt,
  };
}

export function nameJson(c: SandboxContractRow): z.output<typeof sandboxName> {
  return { wrapper_name: c.wrapperName, treasury_seed: c.treasurySeed, has_abi: c.abi !== null };
}

export function namesJson(contracts: SandboxContractRow[]): z.output<typeof sandboxNames> {
  return Object.fromEntries(contracts.map((c) => [c.account, nameJson(c)]));
}

interface ComputeDescription {
  skipped: boolean;
  reason?: string;
  success?: boolean;
  exit_code?: number;
  gas_used?: string;
  vm_steps?: number;
}
interface ActionDescription {
  success: boolean;
  result_code: number;
}

/** The ABIs of a test's contracts by account; one that is not an ABI, as the reason. */
export type ContractAbis = Map<string, CellAbi | { error: string }>;

export function contractAbis(contracts: SandboxContractRow[]): ContractAbis {
  const abis: ContractAbis = new Map();
  for (const c of contracts) {
    if (c.abi === null) continue;
    try {
      abis.set(c.account, readContractAbi(JSON.parse(c.abi) as unknown));
    } catch (e) {
      abis.set(c.account, { error: `the ABI of ${c.account}: ${e instanceof Error ? e.message : e}` });
    }
  }
  return abis;
}

/**
 * An exit code's meaning: the contract's own name for it when its ABI gives one (a Tact
 * `require()`'s message, a Tolk constant's name), the TVM's for its reserved codes below 64.
 */
function exitMeaning(code: number, abi: CellAbi | { error: string } | undefined) {
  const own = abi && !('error' in abi) && (code < 0 || code >= 64) ? abi.thrownError(code) : null;
  if (!own) return describeExitCode(code);
  return {
    name: own.name,
    description: own.description ?? `The contract threw exit code ${code}, which its ABI names ${own.name}.`,
  };
}

/**
 * One transaction's outcome: `parents` maps the hashes of the messages the run's transactions sent
 * to the senders' lts; `abis` names the exit codes the contracts throw.
 */
export function runTransactionJson(
  t: TransactionOutcomeRecord,
  parents: Map<string, bigint>,
  abis: ContractAbis,
): RunTransaction {
  const d = t.description as { compute_ph?: ComputeDescription; action?: ActionDescription };
  const c = d.compute_ph;
  const compute: RunTransaction['compute'] = !c
    ? null
    : c.skipped
      ? { skipped: true, reason: c.reason ?? 'unknown' }
      : {
          skipped: false,
          success: c.success === true,
          exit_code: c.exit_code ?? 0,
          exit: exitMeaning(c.exit_code ?? 0, abis.get(t.account)),
          gas_used: c.gas_used ?? '0',
          vm_steps: c.vm_steps ?? 0,
        };
  const a = d.action;
  const action = a
    ? { success: a.success, result_code: a.result_code, result: describeResultCode(a.result_code) }
    : null;
  const parentLt = t.inMsg ? parents.get(t.inMsg.hash.toString('hex')) : undefined;
  return {
    hash: hashToBase64(t.hash),
    trace_id: hashToBase64(t.traceId),
    account: t.account,
    lt: t.lt.toString(),
    now: t.now,
    parent_lt: parentLt === undefined ? null : parentLt.toString(),
    aborted: t.description.aborted,
    failed: (compute !== null && !compute.skipped && !compute.success) || (action !== null && !action.success),
    compute,
    action,
    total_fees: t.totalFees.toString(),
    in_msg_bounced: t.inMsg?.bounced === true,
  };
}

/** A run (frame) with its transactions, by lt. */
export function runJson(
  frame: SandboxFrameRow,
  txs: TransactionOutcomeRecord[],
  abis: ContractAbis,
): z.output<typeof sandboxRun> {
  // a parent is the run's transaction that sent the message (by its hash, the sender's): a
  // transaction another run stored first names that run's sender as its parent, not this run's
  const parents = new Map(txs.flatMap((t) => t.outMsgs.map((m) => [m.hash.toString('hex'), t.lt] as const)));
  const transactions = [...txs]
    .sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : Buffer.compare(a.hash, b.hash)))
    .map((t) => runTransactionJson(t, parents, abis));
  let gas = 0n;
  for (const t of transactions) if (t.compute && !t.compute.skipped) gas += BigInt(t.compute.gas_used);
  return {
    seqno: frame.seqno,
    test_key: frame.testKey,
    shape: frame.shape,
    received_at: frame.receivedAt,
    bytes: frame.bytes,
    traces: frame.traces.map((x) => ({ trace_id: hashToBase64(x.traceId), written: x.written })),
    transactions,
    failed: transactions.filter((t) => t.failed).length,
    gas_used: gas.toString(),
    failed_messages: frame.failedMessages.map(failedMessageJson),
    acton: actonTraceJson(frame.acton),
  };
}

/** A data cell as sent (a BOC), with its hash; null when sandbox did not record it. */
export function storageJson(boc: Buffer | null): z.output<typeof storageCell> {
  if (!boc) return null;
  return { hash: hashToBase64(Cell.fromBoc(boc)[0]!.hash()), boc: boc.toString('base64') };
}

type AbiDecoded = ResponseOf<typeof sandboxTransaction>['abi_decoded'];

/**
 * A transaction's storage and bodies read by the ABIs (Tact's or Tolk's) of its test's contracts: the storage by
 * the account's, each body by the account's or the other end's (the first that has its header).
 * An ABI that is not one is said in place of what it would have read.
 */
export function abiDecodedJson(
  tx: TransactionRecord,
  storage: { before: Buffer | null; after: Buffer | null },
  abis: ContractAbis,
): AbiDecoded {
  const own = abis.get(tx.account);
  const readStorage = (boc: Buffer | null) => {
    if (!own || !boc) return null;
    return 'error' in own ? own : own.decodeStorage(Cell.fromBoc(boc)[0]!);
  };
  const messages: AbiDecoded['messages'] = [];
  const readBody = (m: MessageRecord, direction: 'in' | 'out', index: number, other: string | null) => {
    const body = Cell.fromBoc(m.body.boc)[0]!;
    for (const account of other === null ? [tx.account] : [tx.account, other]) {
      const abi = abis.get(account);
      if (!abi) continue;
      const decoded = 'error' in abi ? abi : abi.decodeBody(body);
      if (!decoded) continue;
      messages.push({ direction, index, hash: hashToBase64(m.hash), abi_of: account, decoded });
      return;
    }
  };
  if (tx.inMsg) readBody(tx.inMsg, 'in', 0, tx.inMsg.source);
  tx.outMsgs.forEach((m, i) => readBody(m, 'out', i, m.destination));
  return { storage: { before: readStorage(storage.before), after: readStorage(storage.after) }, messages };
}
