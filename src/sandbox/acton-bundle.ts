// Acton's saved trace bundles (`acton test --save-test-trace`: `<test>_trace.json` beside a
// `contracts/` folder; docs/sandbox.md, "Acton's trace bundles") turned into frames of sandbox's
// published shape, one per trace, so that they are stored by the same ingestor as sandbox's runs.
// Nothing is stored here: a bundle that does not read is refused whole, with the reason.
import { Address, Cell, loadShardAccount, loadTransaction } from '@ton/core';
import { z } from 'zod';
import { toRaw } from '../ton/address';
import { readContractAbi } from '../ton/contract-abi';
import { FrameError, issues, readJson } from './frame';
import { executorAction, failedMessage } from './frame-extras';

const base64Boc = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'a base64 BOC');
const lt = z.union([z.string().regex(/^\d{1,20}$/, 'a decimal lt'), z.number().int().nonnegative()]).transform(String);

const bundleTransaction = z.object({
  lt: lt.optional(),
  raw_transaction: base64Boc,
  parent_transaction: lt.nullish(),
  child_transactions: z.array(lt).nullish(),
  shard_account_before: base64Boc.nullish(),
  shard_account: base64Boc.nullish(),
  vm_log_diff: z.string().nullish(),
  executor_logs: z.string().nullish(),
  dest_contract_info: z.string().nullish(),
  executor_actions: z.array(executorAction).nullish(),
});

// A trace's message may have made no transaction at all (an external message its contract did not
// accept): Acton then writes the trace with no transactions and the attempt in `failed_messages`.
// A trace with neither says nothing that could be shown, and is refused.
const bundleTrace = z
  .object({
    name: z.string().nullish(),
    is_treasury_deploy: z.boolean().nullish(),
    transactions: z.array(bundleTransaction),
    failed_messages: z.array(failedMessage).nullish(),
  })
  .refine((t) => t.transactions.length > 0 || (t.failed_messages?.length ?? 0) > 0, {
    message: 'a trace of no transactions and no failed messages',
  });

const bundleSchema = z.object({
  name: z.string().min(1),
  pos: z.object({ uri: z.string().nullish() }).passthrough().nullish(),
  contracts: z.array(z.string()).nullish(),
  wallets: z.record(z.string(), z.string()).nullish(),
  traces: z.array(bundleTrace),
  /** Traces the test hid with `hideTraceFromUi()` (Acton leaves it out when 0). */
  skipped_traces_count: z.number().int().nonnegative().nullish(),
});

export type ActonBundle = z.output<typeof bundleSchema>;

/** A contract file of the bundle's `contracts/` folder: what is read of it (its ABI). */
export interface ActonContract {
  name: string;
  abi: unknown;
}

/** A bundle's text, checked; throws a FrameError naming the first things wrong. */
export function parseBundle(text: string): ActonBundle {
  const json = readJson(text);
  const r = bundleSchema.safeParse(json);
  if (!r.success) throw new FrameError(`not an Acton trace bundle: ${issues(r.error)}`);
  return r.data;
}

/**
 * A contract file's ABI when it is one this explorer reads (the Tolk compiler's, which Acton
 * writes, or a Tact ABI), else none: a file without one, or with one that does not read, still
 * names its contract.
 */
export function contractAbi(text: string): unknown {
  try {
    const json = JSON.parse(text) as { abi?: unknown };
    const abi = typeof json.abi === 'string' ? (JSON.parse(json.abi) as unknown) : json.abi;
    if (abi == null) return undefined;
    readContractAbi(abi);
    return abi;
  } catch {
    return undefined;
  }
}

const cellOf = (b64: string, what: string): Cell => {
  try {
    const cells = Cell.fromBoc(Buffer.from(b64, 'base64'));
    if (cells.length !== 1) throw new Error(`${cells.length} roots`);
    return cells[0]!;
  } catch (error) {
    throw new FrameError(`${what}: unparseable BOC (${(error as Error).message})`);
  }
};

/** The account's data cell in a ShardAccount (hex BOC), when it is active. */
function dataOf(shard: Cell, what: string): string | null {
  try {
    const state = loadShardAccount(shard.beginParse()).account?.storage.state;
    return state?.type === 'active' && state.state.data ? state.state.data.toBoc().toString('hex') : null;
  } catch (error) {
    throw new FrameError(`${what}: not a ShardAccount (${(error as Error).message})`);
  }
}

/**
 * One frame (published shape, as JSON text) per trace of the bundle: its transactions with their
 * links, logs, storage and executor actions; its contracts with their names (the wallets' names as
 * seeds, the transactions' contract hints as wrapper names with the contract's ABI) and their states
 * after the trace (the ShardAccount after each account's last transaction); and ours beside
 * (frame-extras.ts): the trace's failed message attempts, its name and Acton's marks, the bundle's
 * hidden traces counted on its first frame.
 */
export function bundleFrames(bundle: ActonBundle, file: string, contracts: Map<string, ActonContract>): string[] {
  const test = { id: null, name: bundle.name, path: bundle.pos?.uri ?? file };
  return bundle.traces.map((trace, ti) => {
    const accounts = new Map<string, { name: string | null; after: string | null }>();
    const transactions = trace.transactions.map((t, i) => {
      const what = `traces.${ti}.transactions.${i}`;
      const cell = cellOf(t.raw_transaction, `${what}.raw_transaction`);
      let account: string | null = null;
      try {
        const tx = loadTransaction(cell.beginParse());
        const dest = tx.inMessage?.info.dest;
        if (dest instanceof Address) account = toRaw(dest);
      } catch (error) {
        throw new FrameError(`${what}.raw_transaction: not a Transaction (${(error as Error).message})`);
      }
      const after = t.shard_account ? cellOf(t.shard_account, `${what}.shard_account`) : null;
      if (after) {
        try {
          const addr = loadShardAccount(after.beginParse()).account?.addr;
          if (addr) account = toRaw(addr);
        } catch (error) {
          throw new FrameError(`${what}.shard_account: not a ShardAccount (${(error as Error).message})`);
        }
      }
      if (account) {
        const known = accounts.get(account);
        accounts.set(account, {
          name: t.dest_contract_info ?? known?.name ?? null,
          after: after ? after.toBoc().toString('hex') : (known?.after ?? null),
        });
      }
      const before = t.shard_account_before ? cellOf(t.shard_account_before, `${what}.shard_account_before`) : null;
      return {
        transaction: cell.toBoc().toString('hex'),
        vmLogs: t.vm_log_diff ?? undefined,
        blockchainLogs: t.executor_logs ?? undefined,
        parentId: t.parent_transaction ?? null,
        childrenIds: t.child_transactions ?? [],
        oldStorage: before ? dataOf(before, `${what}.shard_account_before`) : null,
        newStorage: after ? dataOf(after, `${what}.shard_account`) : null,
        ...(t.executor_actions?.length ? { executorActions: t.executor_actions } : {}),
      };
    });
    const frameContracts = [...accounts].map(([address, a]) => {
      const seed = walletName(bundle, address);
      const abi = a.name ? contracts.get(a.name)?.abi : undefined;
      return {
        address,
        meta: {
          ...(a.name && !seed ? { wrapperName: a.name } : {}),
          ...(abi ? { abi } : {}),
          ...(seed ? { treasurySeed: seed } : {}),
        },
        account: a.after,
      };
    });
    for (const [addr, seed] of Object.entries(bundle.wallets ?? {})) {
      const raw = rawOf(addr);
      if (raw && !accounts.has(raw)) frameContracts.push({ address: raw, meta: { treasurySeed: seed }, account: null });
    }
    return JSON.stringify({
      type: 'test-data',
      testInfo: test,
      transactions: { transactions },
      contracts: frameContracts,
      ...(trace.failed_messages?.length ? { failedMessages: trace.failed_messages } : {}),
      acton: {
        name: trace.name ?? null,
        treasuryDeploy: trace.is_treasury_deploy === true,
        hiddenTraces: ti === 0 ? (bundle.skipped_traces_count ?? 0) : 0,
      },
    });
  });
}

const rawOf = (addr: string): string | null => {
  try {
    return toRaw(Address.parse(addr));
  } catch {
    return null;
  }
};

/** The wallet name the bundle gives an address, in whatever form it wrote the address. */
function walletName(bundle: ActonBundle, raw: string): string | null {
  for (const [addr, name] of Object.entries(bundle.wallets ?? {})) if (rawOf(addr) === raw) return name;
  return null;
}
