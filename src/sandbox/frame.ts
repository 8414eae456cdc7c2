// One frame of @ton/sandbox's UI protocol, read and checked: the published shape
// (`type: "test-data"`, docs/sandbox.md) and the earlier one (`$: "test-data"`, `testName`,
// `transactions` as a JSON string). Anything else is refused with the reason, before a BOC is parsed.
import { z } from 'zod';
import { actonTrace, executorAction, failedMessage, type ActonTrace, type FailedMessage } from './frame-extras';

/** A frame's error: what was wrong with it, told to the log; nothing of the frame is stored. */
export class FrameError extends Error {}

const hexBoc = z.string().regex(/^([0-9a-fA-F]{2})+$/, 'a hex BOC');
const lt = z.string().regex(/^\d{1,20}$/, 'a decimal lt');

const transaction = z.object({
  transaction: hexBoc,
  blockchainLogs: z.string().optional(),
  vmLogs: z.string().optional(),
  debugLogs: z.string().optional(),
  parentId: lt.nullish(),
  childrenIds: z.array(lt.nullish()).nullish(),
  oldStorage: hexBoc.nullish(),
  newStorage: hexBoc.nullish(),
  /** Ours (frame-extras.ts): the executor's actions, from an Acton bundle. */
  executorActions: z.array(executorAction).optional(),
});

const contract = z.object({
  address: z.string(),
  meta: z
    .object({
      wrapperName: z.string().optional(),
      treasurySeed: z.string().optional(),
      abi: z.unknown().optional(),
    })
    .nullish(),
  stateInit: hexBoc.nullish(),
  account: hexBoc.nullish(),
});

const testInfo = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  path: z.string().nullish(),
});

const transactionList = z.union([z.object({ transactions: z.array(transaction) }), z.array(transaction)]);

const published = z.object({
  type: z.literal('test-data'),
  testInfo: testInfo.nullish(),
  transactions: transactionList,
  contracts: z.array(contract).nullish(),
  /** Ours (frame-extras.ts), from an Acton bundle: message attempts of the run that made no transaction. */
  failedMessages: z.array(failedMessage).optional(),
  /** Ours, from an Acton bundle: what Acton says of the trace. */
  acton: actonTrace.optional(),
});

const earlier = z.object({
  $: z.literal('test-data'),
  testName: z.string().nullish(),
  transactions: z.string(),
  contracts: z.array(contract).nullish(),
});

export type FrameTransaction = z.infer<typeof transaction>;
export type FrameContract = z.infer<typeof contract>;

export interface SandboxFrame {
  shape: 'test-data' | 'earlier';
  test: { id: string | null; name: string | null; path: string | null };
  transactions: FrameTransaction[];
  /** Every contract the test's Blockchain knows, with its ShardAccount after the run (published shape). */
  contracts: FrameContract[];
  /** Message attempts of the run that made no transaction (Acton's; none from sandbox). */
  failedMessages: FailedMessage[];
  /** What Acton says of the trace the frame was made of; null for sandbox's frames. */
  acton: ActonTrace | null;
}

/** The first issues zod found, each with where it is: a refusal's reason. */
export function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(frame)'}: ${i.message}`)
    .join('; ');
}

const list = (t: z.infer<typeof transactionList>) => (Array.isArray(t) ? t : t.transactions);

/** JSON text read, or a FrameError saying it is not JSON. */
export function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FrameError(`not JSON (${(error as Error).message})`);
  }
}

/** Reads a frame's text; throws a `FrameError` saying what is wrong. */
export function parseFrame(text: string): SandboxFrame {
  const json = readJson(text);
  if (typeof json !== 'object' || json === null) throw new FrameError('not a JSON object');
  if ('$' in json) {
    const r = earlier.safeParse(json);
    if (!r.success) throw new FrameError(`not a test-data frame of the earlier shape: ${issues(r.error)}`);
    let inner: unknown;
    try {
      inner = JSON.parse(r.data.transactions);
    } catch (error) {
      throw new FrameError(`its transactions are not JSON (${(error as Error).message})`);
    }
    const t = transactionList.safeParse(inner);
    if (!t.success) throw new FrameError(`its transactions are not a transaction list: ${issues(t.error)}`);
    return {
      shape: 'earlier',
      test: { id: null, name: r.data.testName ?? null, path: null },
      transactions: list(t.data),
      contracts: r.data.contracts ?? [],
      failedMessages: [],
      acton: null,
    };
  }
  const r = published.safeParse(json);
  if (!r.success) throw new FrameError(`not a test-data frame: ${issues(r.error)}`);
  const info = r.data.testInfo;
  return {
    shape: 'test-data',
    test: { id: info?.id ?? null, name: info?.name ?? null, path: info?.path ?? null },
    transactions: list(r.data.transactions),
    contracts: r.data.contracts ?? [],
    failedMessages: r.data.failedMessages ?? [],
    acton: r.data.acton ?? null,
  };
}

/** The key a frame's test is grouped by: its id, else its file and name (docs/sandbox.md). */
export function testKey(test: SandboxFrame['test']): string {
  if (test.id) return `id:${test.id}`;
  if (test.path || test.name) return `test:${test.path ?? ''}::${test.name ?? ''}`;
  return 'none';
}
