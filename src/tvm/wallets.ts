// The wallet versions TON Center recognizes, by code hash (the codes @ton/ton deploys), and what it
// reads of them: the seqno and the wallet id, by running the wallet's own get methods on the stored
// state, in the reader worker. @ton/ton is imported on the first call, never by the accepting thread.
import { Address, Cell, crc16, parseTuple } from '@ton/core';
import type { WALLET_TYPES } from '../api/operations/v2-wallets';
import { runGetMethod } from './get-method';

export type WalletType = (typeof WALLET_TYPES)[number];

let byCodeHash: Promise<Map<string, WalletType>> | null = null;

/** The wallet type of a code hash (hex), or undefined when it is no wallet TON Center knows. */
export async function walletTypeOf(codeHash: Buffer | null): Promise<WalletType | undefined> {
  if (!codeHash) return undefined;
  byCodeHash ??= import('@ton/ton').then((t) => {
    const publicKey = Buffer.alloc(32);
    const workchain = 0;
    const codes: [WalletType, Cell][] = [
      ['wallet v1 r1', t.WalletContractV1R1.create({ workchain, publicKey }).init.code],
      ['wallet v1 r2', t.WalletContractV1R2.create({ workchain, publicKey }).init.code],
      ['wallet v1 r3', t.WalletContractV1R3.create({ workchain, publicKey }).init.code],
      ['wallet v2 r1', t.WalletContractV2R1.create({ workchain, publicKey }).init.code],
      ['wallet v2 r2', t.WalletContractV2R2.create({ workchain, publicKey }).init.code],
      ['wallet v3 r1', t.WalletContractV3R1.create({ workchain, publicKey }).init.code],
      ['wallet v3 r2', t.WalletContractV3R2.create({ workchain, publicKey }).init.code],
      ['wallet v4 r2', t.WalletContractV4.create({ workchain, publicKey }).init.code],
      ['wallet v5 beta', t.WalletContractV5Beta.create({ publicKey }).init.code],
      ['wallet v5 r1', t.WalletContractV5R1.create({ publicKey }).init.code],
    ];
    return new Map(codes.map(([type, code]) => [code.hash().toString('hex'), type]));
  });
  return (await byCodeHash).get(codeHash.toString('hex'));
}

export interface WalletFigures {
  seqno: number;
  /** v3 and later; v1 and v2 have none. */
  walletId?: number;
  /** v5 only: whether signed external messages are accepted. */
  isSignatureAllowed?: boolean;
}

export interface WalletState {
  address: string;
  code: Buffer;
  data: Buffer;
  balance: bigint;
  unixTime: number;
}

/** The first integer a get method leaves, or undefined when it has none or the method failed. */
async function getInt(s: WalletState, method: string): Promise<bigint | undefined> {
  const outcome = await runGetMethod({
    code: Cell.fromBoc(s.code)[0]!,
    data: Cell.fromBoc(s.data)[0]!,
    address: Address.parse(s.address),
    balance: s.balance,
    unixTime: s.unixTime,
    // the id the compilers derive from the method's name
    methodId: (crc16(Buffer.from(method, 'utf8')).readUInt16BE(0) & 0xffff) | 0x10000,
    stack: [],
  });
  if (!outcome.ok) throw new Error(`the emulator failed: ${outcome.error}`);
  if (outcome.exitCode !== 0 && outcome.exitCode !== 1) return undefined;
  const top = parseTuple(outcome.stack)[0];
  return top?.type === 'int' ? top.value : undefined;
}

/**
 * A wallet's seqno (get method `seqno`) and wallet id (`get_subwallet_id`); a version without the
 * method (v1 r1 and r2 have no `seqno`, v3 no `get_subwallet_id`) has them read from its data
 * (`seqno:uint32`, then v3's `subwallet_id:uint32`), where those versions keep them.
 */
export async function walletFigures(type: WalletType, s: WalletState): Promise<WalletFigures> {
  const data = Cell.fromBoc(s.data)[0]!.beginParse();
  const stored = { seqno: data.loadUint(32), walletId: data.remainingBits >= 32 ? data.loadUint(32) : undefined };
  const seqno = (await getInt(s, 'seqno')) ?? BigInt(stored.seqno);
  const figures: WalletFigures = { seqno: Number(seqno) };
  if (type.startsWith('wallet v1') || type.startsWith('wallet v2')) return figures;
  const walletId = await getInt(s, 'get_subwallet_id');
  figures.walletId = walletId !== undefined ? Number(walletId) : stored.walletId;
  if (type.startsWith('wallet v5')) {
    const allowed = await getInt(s, 'is_signature_allowed');
    if (allowed !== undefined) figures.isSignatureAllowed = allowed !== 0n;
  }
  return figures;
}
