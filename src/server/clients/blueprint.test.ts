import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Address, Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServing, type MainProcess } from '../../cli/test-support/main-process';
import { listedWallets, postJson, type ListedWallet } from '../test-support/local-network';

// Blueprint itself (@ton/blueprint from npm, unchanged) against `npm start`'s own process on a
// fresh ledger: a project made by its own `create` from its Tolk counter template, built by its
// compiler, deployed and incremented by `blueprint run` with pre-funded wallets' mnemonics (the
// deploy with a v4r2 wallet, the increment with a v5r1 one, each not deployed yet, so each first
// transfer carries the wallet's state init). The command lines are the README's, read from it.
// Every figure checked is read back from the ledger through our API.

const NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));
const README = fileURLToPath(new URL('../../../README.md', import.meta.url));
const RUN_BUDGET_MS = 120_000;

let dir: string;
let project: string;
let main: MainProcess;
let base: string;
let wallets: ListedWallet[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledgerscope-blueprint-'));
  main = await startServing({
    LEDGER_DB: join(dir, 'ledger.db'),
    LEDGER_LIVE: 'on',
    LEDGER_TXS: '1',
    LEDGER_SEED: '37',
    LEDGER_TRAFFIC: 'off',
  });
  base = main.base!;
  wallets = await listedWallets(base);
  // The shell `npm create ton` gives a project: a package.json and a tsconfig.json compiling to
  // CommonJS (Blueprint runs scripts through ts-node, which needs it). create-ton installs from the
  // registry, so the test writes these two itself; everything else comes from `blueprint create`.
  // node_modules is ours (the same @ton/blueprint, @ton/core, tolk-js), so nothing is installed.
  project = join(dir, 'counter');
  mkdirSync(project);
  symlinkSync(NODE_MODULES, join(project, 'node_modules'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'counter', version: '0.0.1' }));
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2020',
        module: 'commonjs',
        esModuleInterop: true,
        strict: true,
        skipLibCheck: true,
      },
    }),
  );
}, 300_000);

afterAll(async () => {
  await main?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a shell script in the project as a developer's terminal would; its output, ANSI codes stripped. */
function shell(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.WALLET_MNEMONIC;
    delete env.WALLET_VERSION;
    const child = spawn('bash', ['-c', script], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    // a script left waiting (a prompt, a poll that never ends) fails the test rather than hanging it
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), RUN_BUDGET_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      // eslint-disable-next-line no-control-regex -- the terminal codes Blueprint's UI writes
      const text = out.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
      if (code === 0) resolve(text);
      // the end of the output: where a script failed, what it was told (an axios error is long)
      else reject(new Error(`${script}\nexited ${code}:\n${text.slice(-4000)}`));
    });
  });
}

/** The README's Blueprint lines: the wallet's environment and the command that runs a script. */
function readmeLines(): { walletEnv: string; run: string } {
  const readme = readFileSync(README, 'utf8');
  const section = readme.slice(readme.indexOf('## Use it as a local network'));
  const block = /### Blueprint[\s\S]*?```bash\n([\s\S]*?)```/.exec(section);
  expect(block, 'the README has a Blueprint block under "Use it as a local network"').not.toBeNull();
  const lines = block![1]!.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  expect(lines).toHaveLength(2);
  return { walletEnv: lines[0]!, run: lines[1]! };
}

/** Runs the README's command for `script` (its arguments after it) with `wallet`'s mnemonic and version. */
async function blueprintRun(wallet: ListedWallet, script: string): Promise<string> {
  const { walletEnv, run } = readmeLines();
  // the README's placeholder line, filled in with the listed wallet as a developer fills it in
  expect(walletEnv).toMatch(/^export WALLET_MNEMONIC="[^"]+" WALLET_VERSION=v4r2$/);
  const env = `export WALLET_MNEMONIC="${wallet.mnemonic}" WALLET_VERSION=${wallet.version}`;
  expect(run).toMatch(/^npx blueprint run deployCounter --custom http:\/\/127\.0\.0\.1:8080\/api\/v2\/jsonRPC /);
  const command = run.replace('deployCounter', script).replace('http://127.0.0.1:8080', base);
  return shell(`${env}\n${command}`);
}

async function rpc(method: string, params: Record<string, unknown>) {
  const r = await postJson(`${base}/api/v2/jsonRPC`, { id: 1, jsonrpc: '2.0', method, params });
  expect(r.status, `${method}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.result as Record<string, unknown>;
}

interface ListedTrace {
  trace_info: { trace_state: string };
  transactions_order: string[];
  transactions: Record<
    string,
    {
      account: string;
      lt: string;
      in_msg: { source: string | null } | null;
      description: { aborted: boolean; compute_ph: { success?: boolean; exit_code?: number } };
      account_state_after: { account_status: string } | null;
    }
  >;
}

/** The completed traces that touch `account`, oldest first, once there are `count` of them. */
async function tracesOf(account: Address, count: number): Promise<ListedTrace[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await fetch(`${base}/api/v3/traces?account=${account.toRawString()}&limit=100`);
    expect(r.status).toBe(200);
    const traces = ((await r.json()) as { traces: ListedTrace[] }).traces;
    if (traces.length >= count) return traces.reverse();
    if (Date.now() > deadline) throw new Error(`${traces.length} traces of ${account.toRawString()}, not ${count}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

const same = (raw: string | null | undefined, address: Address) => raw != null && Address.parse(raw).equals(address);

describe('Blueprint, unchanged, against the local network', () => {
  let counter: Address;
  let counterGetter: string;
  const deployer = () => wallets.find((w) => w.version === 'v4r2')!;
  const incrementer = () => wallets.find((w) => w.version === 'v5r1')!;

  it('makes a project from its Tolk counter template and builds it with its compiler', async () => {
    await shell('npx blueprint create Counter --type tolk-counter');
    await shell('npx blueprint build Counter');
    const wrapper = readFileSync(join(project, 'wrappers', 'Counter.ts'), 'utf8');
    // the get method the template's wrapper reads the counter with
    counterGetter = /async getCounter\([\s\S]*?provider\.get\('(\w+)'/.exec(wrapper)![1]!;
    expect(counterGetter).toBeTruthy();
  });

  it('deploys it with `blueprint run deployCounter` and a v4r2 wallet: its compiled code is on the chain', async () => {
    // the pre-funded wallets are paid by the faucet wallet's first transfer, in the first live blocks
    for (const w of [deployer(), incrementer()]) {
      const deadline = Date.now() + 60_000;
      while (BigInt((await rpc('getAddressInformation', { address: w.address })).balance as string) === 0n) {
        expect(Date.now() < deadline, `${w.version} wallet never funded`).toBe(true);
        await new Promise((res) => setTimeout(res, 200));
      }
    }
    const out = await blueprintRun(deployer(), 'deployCounter');
    const deployed = /Contract deployed at address (\S+)/.exec(out);
    expect(deployed, out).not.toBeNull();
    counter = Address.parse(deployed![1]!);
    const info = await rpc('getAddressInformation', { address: counter.toString() });
    expect(info.state).toBe('active');
    const compiled = JSON.parse(readFileSync(join(project, 'build', 'Counter.compiled.json'), 'utf8')) as {
      hash: string;
    };
    expect(
      Cell.fromBase64(info.code as string)
        .hash()
        .toString('hex'),
    ).toBe(compiled.hash);
    const counterNow = await rpc('runGetMethod', { address: counter.toString(), method: counterGetter, stack: [] });
    expect(counterNow.stack).toEqual([['num', '0x0']]);
  });

  it('increments it with `blueprint run incrementCounter <address>` and a v5r1 wallet: the get method reads 1', async () => {
    const out = await blueprintRun(incrementer(), `incrementCounter ${counter.toString()}`);
    expect(out).toContain('Counter increased successfully!');
    const result = await rpc('runGetMethod', { address: counter.toString(), method: counterGetter, stack: [] });
    expect(result.exit_code).toBe(0);
    expect(result.stack).toEqual([['num', '0x1']]);
  });

  it('the deploy and the increment are traces the API serves, each started by its wallet', async () => {
    const traces = await tracesOf(counter, 2);
    expect(traces).toHaveLength(2);
    for (const [trace, wallet] of [
      [traces[0]!, Address.parse(deployer().address)],
      [traces[1]!, Address.parse(incrementer().address)],
    ] as const) {
      expect(trace.trace_info.trace_state).toBe('complete');
      const root = trace.transactions[trace.transactions_order[0]!]!;
      // the wallet's external message (signed by Blueprint with the listed mnemonic) starts it
      expect(same(root.account, wallet)).toBe(true);
      expect(root.in_msg!.source).toBeNull();
      const atCounter = Object.values(trace.transactions).filter((t) => same(t.account, counter));
      expect(atCounter).toHaveLength(1);
      expect(same(atCounter[0]!.in_msg!.source, wallet)).toBe(true);
      expect(atCounter[0]!.description.aborted).toBe(false);
      expect(atCounter[0]!.account_state_after!.account_status).toBe('active');
    }
  });
});
