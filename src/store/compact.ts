import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ACTION_DICTIONARY, BOC_DICTIONARY, DESCRIPTION_DICTIONARY } from './codec-dictionaries';
import type { TransactionDescription } from './records';

// The store's large values, each kept once and compactly: deflated against a preset dictionary of
// values of its kind (codec-dictionaries.ts). Values of one kind share long runs (keys, common
// values, the cells of wallet messages), which a dictionary finds even in a single short value:
// a description ~940 -> ~70 bytes, a transaction BOC ~780 -> ~400, an action ~430 -> ~180.
// Inflating costs tens of microseconds. The bytes come back exactly as written.
//
// Why the description is stored at all, though the BOC holds it: deriving it at read time costs
// about a millisecond per transaction (@ton/core hashes every cell it parses), too slow for pages
// of a thousand transactions.

const deflate = (data: Buffer | string, dictionary: Buffer) => deflateRawSync(data, { dictionary, level: 9 });
const inflate = (stored: Buffer, dictionary: Buffer) => inflateRawSync(stored, { dictionary });

/** A description given as its JSON text (version 1 stored that text). */
export const encodeDescriptionJson = (json: string): Buffer => deflate(json, DESCRIPTION_DICTIONARY);
export const encodeDescription = (description: TransactionDescription): Buffer =>
  encodeDescriptionJson(JSON.stringify(description));
export const decodeDescription = (stored: Buffer): TransactionDescription =>
  JSON.parse(inflate(stored, DESCRIPTION_DICTIONARY).toString('utf8')) as TransactionDescription;

export const encodeBoc = (boc: Buffer): Buffer => deflate(boc, BOC_DICTIONARY);
export const decodeBoc = (stored: Buffer): Buffer => inflate(stored, BOC_DICTIONARY);

/** An action's lists and details, as the JSON text of `[transactions, accounts, details]`. */
export const encodeActionJson = (json: string): Buffer => deflate(json, ACTION_DICTIONARY);
export function encodeAction(transactions: string[], accounts: string[], details: Record<string, unknown>): Buffer {
  return encodeActionJson(JSON.stringify([transactions, accounts, details]));
}
export function decodeAction(stored: Buffer): {
  transactions: string[];
  accounts: string[];
  details: Record<string, unknown>;
} {
  const [transactions, accounts, details] = JSON.parse(inflate(stored, ACTION_DICTIONARY).toString('utf8')) as [
    string[],
    string[],
    Record<string, unknown>,
  ];
  return { transactions, accounts, details };
}
