// The blockchain config the ledger is produced under: the emulator's (the sandbox's default, mainnet's
// at the sandbox's release), which the get methods run with too. The ledger holds no config of its
// own, so every masterchain block has this one. Imported on the first call, in a reader worker.
import { Cell, Dictionary } from '@ton/core';

let config: Promise<{ all: Cell; params: Dictionary<number, Cell> }> | null = null;

function load() {
  config ??= import('@ton/sandbox').then(({ defaultConfig }) => {
    const all = Cell.fromBase64(defaultConfig);
    return { all, params: Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), all) };
  });
  return config;
}

/** The whole config dictionary, as one cell. */
export async function configCell(): Promise<Cell> {
  return (await load()).all;
}

/** Config parameter `id`, or undefined when the config has none. */
export async function configParam(id: number): Promise<Cell | undefined> {
  return (await load()).params.get(id);
}
