// The explorer's readers of the /api/sandbox answers (docs/api.md, "Sandbox test runs"), in
// zod/mini as every answer the explorer reads. Our own operations, one dialect: the readers follow
// the strict responses of ./operations/sandbox-*.ts field for field (checked by the compiler below),
// loose only in letting fields be added.
import { z } from 'zod/mini';
import type { ResponseOf } from './operations/api-operation';
import type { sandboxNamesOperation } from './operations/sandbox-names';
import type { sandboxRuns } from './operations/sandbox-runs';
import type { sandboxTests } from './operations/sandbox-tests';
import type { sandboxTransaction } from './operations/sandbox-transaction';
import type { sandboxVmLog } from './operations/sandbox-vm-log';
import type { Holds, Loosens } from './wire';

const str = z.string();
const int = z.number();
const orNull = <T extends z.ZodMiniType>(t: T) => z.nullable(t);

export const wireSandboxTest = z.looseObject({
  key: str,
  id: orNull(str),
  name: orNull(str),
  path: orNull(str),
  runs: int,
  first_seqno: int,
  last_seqno: int,
  last_received_at: int,
});

export const wireSandboxTests = z.looseObject({
  latest_seqno: orNull(int),
  files: z.array(z.looseObject({ path: orNull(str), tests: z.array(wireSandboxTest) })),
});

export const wireSandboxName = z.looseObject({
  wrapper_name: orNull(str),
  treasury_seed: orNull(str),
  has_abi: z.boolean(),
});
const names = z.record(str, wireSandboxName);

const meaning = z.looseObject({ name: str, description: str });

export const wireRunTransaction = z.looseObject({
  hash: str,
  trace_id: str,
  account: str,
  lt: str,
  now: int,
  parent_lt: orNull(str),
  aborted: z.boolean(),
  failed: z.boolean(),
  compute: orNull(
    z.union([
      z.looseObject({ skipped: z.literal(true), reason: str }),
      z.looseObject({
        skipped: z.literal(false),
        success: z.boolean(),
        exit_code: int,
        exit: meaning,
        gas_used: str,
        vm_steps: int,
      }),
    ]),
  ),
  action: orNull(z.looseObject({ success: z.boolean(), result_code: int, result: meaning })),
  total_fees: str,
  in_msg_bounced: z.boolean(),
});

export const wireFailedMessage = z.looseObject({
  error: str,
  exit_code: orNull(int),
  exit: orNull(meaning),
  vm_log: orNull(str),
  blockchain_log: orNull(str),
  missing_libraries: z.array(str),
});

export const wireExecutorAction = z.looseObject({
  type: str,
  failed: z.boolean(),
  failure_code: orNull(int),
  failure: orNull(meaning),
  reason: orNull(str),
  failure_reason: z.unknown(),
  location: z.unknown(),
  at: orNull(str),
  message_hash: orNull(str),
  remaining_balance: orNull(str),
  reserve: orNull(
    z.looseObject({
      mode: int,
      reserve: str,
      balance: str,
      original_balance: str,
      changed_remaining_balance: str,
      changed_reserved_balance: str,
    }),
  ),
});

export const wireSandboxRun = z.looseObject({
  seqno: int,
  test_key: str,
  shape: str,
  received_at: int,
  bytes: int,
  traces: z.array(z.looseObject({ trace_id: str, written: z.boolean() })),
  transactions: z.array(wireRunTransaction),
  failed: int,
  gas_used: str,
  failed_messages: z.array(wireFailedMessage),
  acton: orNull(z.looseObject({ trace_name: orNull(str), treasury_deploy: z.boolean(), hidden_traces: int })),
});

export const wireSandboxRuns = z.looseObject({
  test: wireSandboxTest,
  runs: z.array(wireSandboxRun),
  names,
});

export const wireSandboxNames = z.looseObject({ test_key: str, names });

const storageCell = orNull(z.looseObject({ hash: str, boc: str }));

const abiField = z.looseObject({ path: str, type: str, kind: str, value: orNull(str) });
const abiDecoding = z.union([
  z.looseObject({ type: str, layout: orNull(str), fields: z.array(abiField) }),
  z.looseObject({ error: str }),
]);

export const wireSandboxTransaction = z.looseObject({
  transaction: wireRunTransaction,
  seqno: int,
  test_key: str,
  children_lts: z.array(str),
  blockchain_log: orNull(str),
  debug_log: orNull(str),
  vm_log: orNull(z.looseObject({ lines: int, steps: int, bytes: int })),
  storage: z.looseObject({ before: storageCell, after: storageCell }),
  name: orNull(wireSandboxName),
  abi: z.unknown(),
  abi_decoded: z.looseObject({
    storage: z.looseObject({ before: orNull(abiDecoding), after: orNull(abiDecoding) }),
    messages: z.array(z.looseObject({ direction: str, index: int, hash: str, abi_of: str, decoded: abiDecoding })),
  }),
  trace_id: str,
  executor_actions: z.array(wireExecutorAction),
});

export const wireVmStep = z.looseObject({
  index: int,
  instruction: orNull(str),
  stack: orNull(str),
  gas_remaining: orNull(int),
  gas: orNull(int),
  cell: orNull(str),
  offset: orNull(int),
  notes: z.array(str),
});

export const wireSandboxVmLog = z.looseObject({
  hash: str,
  has_log: z.boolean(),
  total_steps: int,
  total_lines: int,
  exit_code: orNull(int),
  failed_step: orNull(int),
  offset: int,
  steps: z.array(wireVmStep),
  matches: orNull(z.looseObject({ q: str, total: int, steps: z.array(int) })),
});

export type SandboxTests = z.output<typeof wireSandboxTests>;
export type SandboxTest = z.output<typeof wireSandboxTest>;
export type SandboxRuns = z.output<typeof wireSandboxRuns>;
export type SandboxRun = z.output<typeof wireSandboxRun>;
export type RunTransaction = z.output<typeof wireRunTransaction>;
export type SandboxNames = z.output<typeof wireSandboxNames>['names'];
export type SandboxName = z.output<typeof wireSandboxName>;
export type SandboxTransaction = z.output<typeof wireSandboxTransaction>;
export type SandboxVmLog = z.output<typeof wireSandboxVmLog>;
export type FailedMessageJson = z.output<typeof wireFailedMessage>;
export type ExecutorActionJson = z.output<typeof wireExecutorAction>;
export type VmStepJson = z.output<typeof wireVmStep>;
export type AbiDecodingJson = z.output<typeof abiDecoding>;
export type AbiFieldJson = z.output<typeof abiField>;

export type SandboxWireLoosensStrict = [
  Holds<Loosens<ResponseOf<typeof sandboxTests>, z.input<typeof wireSandboxTests>>>,
  Holds<Loosens<ResponseOf<typeof sandboxRuns>, z.input<typeof wireSandboxRuns>>>,
  Holds<Loosens<ResponseOf<typeof sandboxNamesOperation>, z.input<typeof wireSandboxNames>>>,
  Holds<Loosens<ResponseOf<typeof sandboxTransaction>, z.input<typeof wireSandboxTransaction>>>,
  Holds<Loosens<ResponseOf<typeof sandboxVmLog>, z.input<typeof wireSandboxVmLog>>>,
];
