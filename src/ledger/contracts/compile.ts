import { Worker } from 'node:worker_threads';
import { Cell } from '@ton/core';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileKey, readCompiled, writeCompiled } from './compile-cache';

// Our contracts are FunC sources in ./func, compiled by the FunC compiler (WASM, offline) the first
// time a process needs them: nothing compiled is committed. The output is cached on disk
// (compile-cache.ts), so only the first process after a change of the sources runs the compiler.

export interface CompiledContracts {
  jettonMinter: Cell;
  jettonWallet: Cell;
  nftCollection: Cell;
  nftItem: Cell;
  nftSale: Cell;
  thrower: Cell;
  forwarder: Cell;
  tickTock: Cell;
}

const TARGETS: Record<keyof CompiledContracts, string> = {
  jettonMinter: 'jetton-minter.fc',
  jettonWallet: 'jetton-wallet.fc',
  nftCollection: 'nft-collection.fc',
  nftItem: 'nft-item.fc',
  nftSale: 'nft-sale.fc',
  thrower: 'thrower.fc',
  forwarder: 'forwarder.fc',
  tickTock: 'ticktock.fc',
};

const funcDir = join(dirname(fileURLToPath(import.meta.url)), 'func');

type ContractBocs = Record<keyof CompiledContracts, string>;

/** The compiler's output as base64 BOCs (what its worker sends, and what another thread is handed). */
let bocs: Promise<ContractBocs> | null = null;
let compiled: Promise<CompiledContracts> | null = null;

/**
 * Every contract's code, once per process: from the cache when it holds this compiler's output for
 * these sources, else compiled in a worker thread that then exits (see compile-worker.mjs).
 */
export function compileContracts(): Promise<CompiledContracts> {
  compiled ??= compiledContractBocs().then(fromBase64);
  return compiled;
}

/** The code of every contract as base64 BOCs, to hand to another thread (see adoptCompiledContracts). */
export function compiledContractBocs(): Promise<ContractBocs> {
  bocs ??= (async () => {
    const sources: Record<string, string> = {};
    for (const f of readdirSync(funcDir)) if (f.endsWith('.fc')) sources[f] = readFileSync(join(funcDir, f), 'utf8');
    const key = compileKey(sources, TARGETS);
    const cached = readCompiled<ContractBocs>(key, TARGETS);
    if (cached) return cached;
    const code = await runCompiler(sources);
    writeCompiled(key, code);
    return code;
  })();
  return bocs;
}

async function runCompiler(sources: Record<string, string>): Promise<ContractBocs> {
  const worker = new Worker(new URL('./compile-worker.mjs', import.meta.url), {
    workerData: { sources, targets: TARGETS },
  });
  const reply = await new Promise<{ code?: ContractBocs; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the FunC compiler worker exited (${code}) without an answer`)));
  });
  await worker.terminate();
  if (reply.error || !reply.code) throw new Error(reply.error ?? 'the FunC compiler gave no code');
  return reply.code;
}

/** Takes contracts another thread compiled, so this one does not run the compiler again. */
export function adoptCompiledContracts(code: ContractBocs): void {
  bocs = Promise.resolve(code);
  compiled = Promise.resolve(fromBase64(code));
}

function fromBase64(code: ContractBocs): CompiledContracts {
  const out = {} as CompiledContracts;
  for (const name of Object.keys(TARGETS) as (keyof CompiledContracts)[]) out[name] = Cell.fromBase64(code[name]);
  return out;
}
