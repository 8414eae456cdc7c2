// An Acton bundle of a Tolk contract, with the Tolk compiler's ABI in its contract file, imported by
// `npm run sandbox -- --import` and read through the API: the storage before and after and the
// bodies, by that ABI. The contract is our vault (test-support/tolk/vault.tolk), compiled by the
// Tolk compiler and run under @ton/sandbox, so every cell is the compiler's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { toRaw } from '../ton/address';
import { checkAgainstSchemas } from '../server/test-support/test-server';
import { actonTrace, writeActonBundle } from './test-support/acton-trace';
import { getJson, waitForTransactions } from './test-support/api';
import { startReceiverProcess, waitForLine, type ReceiverProcess } from './test-support/receiver-process';
import { ERR_NOT_OWNER, VAULT_ABI, Vault, compileVault, noteCell } from './test-support/tolk-vault';

const dir = mkdtempSync(join(tmpdir(), 'ledgerscope-acton-tolk-'));
let recv: ReceiverProcess | undefined;

afterAll(async () => {
  await recv?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Field {
  path: string;
  value: string | null;
}
const byPath = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.path, f.value]));

describe('an Acton bundle of a Tolk contract', () => {
  it('is read by its Tolk ABI: storage before and after, the deposit and its receipt', async () => {
    const traces = join(dir, 'build', 'traces');
    mkdirSync(join(traces, 'contracts'), { recursive: true });
    const code = await compileVault();
    const chain = await Blockchain.create();
    const owner = await chain.treasury('owner');
    const vault = chain.openContract(Vault.create(code, owner.address));
    const contractOf = (raw: string) => (raw === toRaw(vault.address) ? 'Vault' : null);
    const parties = [owner.address, vault.address];
    const deploy = await actonTrace(
      chain,
      parties,
      'deploy',
      () => vault.sendDeploy(owner.getSender(), toNano('1')),
      contractOf,
    );
    const deposit = await actonTrace(
      chain,
      parties,
      'deposit',
      () =>
        vault.sendDeposit(owner.getSender(), toNano('3'), {
          queryId: 5n,
          note: noteCell(owner.address, 'tolk'),
          at: { x: 1, y: -1 },
        }),
      contractOf,
    );
    // a stranger's freeze: the vault throws its constant ERR_NOT_OWNER, the message bounces
    const stranger = await chain.treasury('stranger');
    const refused = await actonTrace(
      chain,
      [...parties, stranger.address],
      'stranger-freezes',
      () => vault.sendFreeze(stranger.getSender(), toNano('0.2'), 6n, 1),
      contractOf,
    );
    writeFileSync(
      join(traces, 'contracts', 'Vault.json'),
      JSON.stringify({
        name: 'Vault',
        display_name: 'Vault',
        code_boc64: code.toBoc().toString('base64'),
        source_map: {},
        abi: VAULT_ABI,
      }),
    );
    writeActonBundle(
      traces,
      {
        name: 'vault-deposit',
        uri: 'file:///project/tests/vault.test.tolk',
        wallets: { [owner.address.toString({ urlSafe: true })]: 'owner' },
        contracts: ['Vault'],
      },
      [deploy, deposit, refused],
    );
    recv = await startReceiverProcess({ LEDGER_DB: join(dir, 'sandbox.db') }, ['--import', traces]);
    const all = [...deploy.txs, ...deposit.txs, ...refused.txs].map((t) => t.hash().toString('hex'));
    await waitForTransactions(recv.api, all, () => recv!.stderr());
    await waitForLine(recv, /Acton bundle .*vault-deposit_trace\.json: 3 of 3 traces stored/);

    const run = deposit.txs.find((t) => t.inMessage?.info.dest?.toString() === vault.address.toString())!;
    const value = run.inMessage!.info.type === 'internal' ? run.inMessage!.info.value.coins : -1n;
    const path = `/api/sandbox/transaction?hash=${run.hash().toString('hex')}`;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked against its schema next
    const tx = await getJson<Record<string, any>>(recv.api + path);
    checkAgainstSchemas(path, 200, tx);
    const { storage, messages } = tx.abi_decoded as {
      storage: { before: { type: string; fields: Field[] }; after: { type: string; fields: Field[] } };
      messages: { direction: string; abi_of: string; decoded: { type: string; fields: Field[] } }[];
    };
    expect(storage.before.type).toBe('Storage');
    expect(byPath(storage.before.fields)).toMatchObject({ total: '0', count: '0', history: null, note: null });
    expect(byPath(storage.after.fields)).toMatchObject({
      owner: toRaw(owner.address),
      total: value.toString(),
      count: '1',
      'history[0]': value.toString(),
      'note.text': 'tolk',
      'last.y': '-1',
      'extra.marks[0]': '1',
    });
    expect(messages.map((m) => [m.direction, m.decoded.type, m.abi_of])).toEqual([
      ['in', 'Deposit', toRaw(vault.address)],
      ['out', 'Receipt', toRaw(vault.address)],
    ]);
    expect(byPath(messages[1]!.decoded.fields)).toEqual({ queryId: '5', total: value.toString(), count: '1' });

    // the stranger's run, as the Tests view lists it: the vault's failure named by its ABI
    const runs = await getJson<{
      runs: { transactions: { account: string; compute: { exit_code: number; exit: { name: string } } }[] }[];
    }>(`${recv.api}/api/sandbox/runs?test=${encodeURIComponent(tx.test_key as string)}`);
    const failures = runs.runs.flatMap((r) => r.transactions).filter((t) => t.compute?.exit_code === ERR_NOT_OWNER);
    expect(failures.map((t) => [t.account, t.compute.exit.name])).toEqual([[toRaw(vault.address), 'ERR_NOT_OWNER']]);
  });
});
