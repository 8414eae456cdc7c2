// Acton's saved trace bundles written from real @ton/sandbox runs, in the shape Acton documents and
// its exporter writes (docs/sandbox.md, "Acton's trace bundles"): each transaction's BOC as it ran,
// its parent and children by lt, the ShardAccounts before an account's first and after its last
// transaction of the trace, sandbox's logs as the VM log and the executor log.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Address, beginCell, external, storeShardAccount } from '@ton/core';
import { EmulationError, type Blockchain, type BlockchainTransaction, type SendMessageResult } from '@ton/sandbox';
import { toRaw } from '../../ton/address';

/** The account's ShardAccount now, base64, as Acton saves it. */
async function shardAccount(chain: Blockchain, a: Address): Promise<string> {
  const sc = await chain.getContract(a);
  return beginCell().store(storeShardAccount(sc.account)).endCell().toBoc().toString('base64');
}

const accountOf = (t: BlockchainTransaction) =>
  toRaw(new Address(0, Buffer.from(t.address.toString(16).padStart(64, '0'), 'hex')));

/**
 * One trace of a bundle from a real run of `send` on `chain`: `parties` are the accounts whose states
 * are saved, `contractOf` names an account's contract file (`dest_contract_info`).
 */
export async function actonTrace(
  chain: Blockchain,
  parties: Address[],
  name: string,
  send: () => Promise<SendMessageResult>,
  contractOf: (raw: string) => string | null,
) {
  const states = () => Promise.all(parties.map(async (a) => [toRaw(a), await shardAccount(chain, a)] as const));
  const before = new Map(await states());
  const txs = (await send()).transactions;
  const after = new Map(await states());
  const first = (a: string) => txs.findIndex((t) => accountOf(t) === a);
  const last = (a: string) => txs.findLastIndex((t) => accountOf(t) === a);
  return {
    txs,
    json: {
      name,
      transactions: txs.map((t, i) => ({
        lt: t.lt.toString(),
        raw_transaction: t.raw.toBoc().toString('base64'),
        parent_transaction: t.parent ? t.parent.lt.toString() : null,
        child_transactions: t.children.map((c) => c.lt.toString()),
        ...(first(accountOf(t)) === i ? { shard_account_before: before.get(accountOf(t)) } : {}),
        ...(last(accountOf(t)) === i ? { shard_account: after.get(accountOf(t)) } : {}),
        vm_log_diff: t.vmLogs,
        executor_logs: t.blockchainLogs,
        dest_contract_info: contractOf(accountOf(t)),
      })),
    },
  };
}

/**
 * A real external message a contract does not accept (our thrower has no recv_external): the
 * emulator runs it, no transaction is made, and sandbox throws what Acton saves as a failed message.
 */
export async function refusedExternal(chain: Blockchain, to: Address): Promise<EmulationError> {
  const refused = await chain.sendMessage(external({ to, body: beginCell().storeUint(1, 32).endCell() })).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(refused instanceof EmulationError)) throw new Error(`the external message was not refused: ${String(refused)}`);
  return refused;
}

/** A test's bundle, `<test>_trace.json` in `folder`, of its traces (and `more` top-level fields). */
export function writeActonBundle(
  folder: string,
  test: { name: string; uri: string; wallets: Record<string, string>; contracts: string[] },
  traces: { json: unknown }[],
  more: Record<string, unknown> = {},
) {
  const bundle = {
    name: test.name,
    pos: { uri: test.uri, row: 1, column: 1 },
    contracts: test.contracts,
    wallets: test.wallets,
    traces: traces.map((t) => t.json),
    ...more,
  };
  writeFileSync(join(folder, `${test.name}_trace.json`), JSON.stringify(bundle, null, 2));
}
