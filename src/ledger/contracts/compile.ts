import { compileFunc } from '@ton-community/func-js';
import { Cell } from '@ton/core';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Our contracts are FunC sources in ./func, compiled by the FunC compiler (WASM, offline) the first
// time a process needs them: nothing compiled is committed.

export interface CompiledContracts {
  jettonMinter: Cell;
  jettonWallet: Cell;
  nftCollection: Cell;
  nftItem: Cell;
  thrower: Cell;
  forwarder: Cell;
  tickTock: Cell;
}

const TARGETS: Record<keyof CompiledContracts, string> = {
  jettonMinter: 'jetton-minter.fc',
  jettonWallet: 'jetton-wallet.fc',
  nftCollection: 'nft-collection.fc',
  nftItem: 'nft-item.fc',
  thrower: 'thrower.fc',
  forwarder: 'forwarder.fc',
  tickTock: 'ticktock.fc',
};

const funcDir = join(dirname(fileURLToPath(import.meta.url)), 'func');

let compiled: Promise<CompiledContracts> | null = null;

async function compileOne(target: string, sources: Record<string, string>): Promise<Cell> {
  const result = await compileFunc({ targets: [target], sources });
  if (result.status === 'error') throw new Error(`FunC compilation of ${target} failed: ${result.message}`);
  return Cell.fromBase64(result.codeBoc);
}

/** Compiles every contract once per process. */
export function compileContracts(): Promise<CompiledContracts> {
  compiled ??= (async () => {
    const sources: Record<string, string> = {};
    for (const f of readdirSync(funcDir)) if (f.endsWith('.fc')) sources[f] = readFileSync(join(funcDir, f), 'utf8');
    const out = {} as CompiledContracts;
    for (const [name, target] of Object.entries(TARGETS) as [keyof CompiledContracts, string][]) {
      out[name] = await compileOne(target, sources);
    }
    return out;
  })();
  return compiled;
}
