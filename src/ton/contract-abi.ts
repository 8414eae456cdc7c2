// A contract's ABI as a developer's tools hand it over, read by the reader of its language: Tolk's
// (the compiler's JSON with its flat `unique_types` table: Acton's bundles) or Tact's (a Tact
// wrapper's `abi`, which sandbox sends). Both read message bodies and storage into the same rows.
import type { CellAbi } from './abi-decoding';
import { TactAbi } from './tact-abi';
import { TolkAbi, isTolkAbi } from './tolk-abi';

/** The ABI's reader; throws naming what is wrong when the JSON is neither language's ABI. */
export function readContractAbi(json: unknown): CellAbi {
  return isTolkAbi(json) ? new TolkAbi(json) : new TactAbi(json);
}
