import { beginCell, Cell } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { OP } from '../contracts/opcodes';
import type { TraceClassifier } from '../network/ledger-assembler';
import { LedgerNetwork, type TraceSummary } from '../test-support/ledger-network';
import { Traffic, type TraceKind } from '../traffic/traffic';
import { selectActions } from '../../server/actions-select';
import type {
  AccountInfoRecord,
  ActionRecord,
  ActionType,
  TokenInfoWrite,
  TransactionRecord,
} from '../../store/records';
import { createTraceClassifier } from './trace-classifier';
import { tokenInfo } from './token-info';

// Real traces: the emulator runs our traffic (wallets, the jetton, the NFT collection, the thrower)
// and the network hands each finished trace to the classifier, whose answer we keep per trace.

// a trace's classification, and the token readings of its transactions (as the producer writes them)
type Out = ReturnType<TraceClassifier['classify']> & { tokens: TokenInfoWrite[] };
const outputs = new Map<string, Out>();
const inputs = new Map<string, Parameters<TraceClassifier['classify']>[0]>();
let classifier: TraceClassifier;
let net: LedgerNetwork;
let traffic: Traffic;
const hex = (b: Buffer) => b.toString('hex');
const sgn = (op: number) => op | 0;

async function run(kind: TraceKind): Promise<{ sum: TraceSummary; out: Out }> {
  // the trace runs over as many blocks as its messages need
  const sum = await net.settle(await traffic.trace(kind));
  const out = outputs.get(hex(sum.traceId));
  if (!out) throw new Error(`trace ${kind} was not classified`);
  return { sum, out };
}

const top = (out: Out) => out.actions.filter((a) => a.parentActionId === null);
const childrenOf = (out: Out, a: ActionRecord) => out.actions.filter((c) => c.parentActionId?.equals(a.actionId));
const txOf = (sum: TraceSummary, h: Buffer) => sum.records.find((t) => t.hash.equals(h))!;
const inOp = (sum: TraceSummary, h: Buffer) => txOf(sum, h).inMsg?.opcode ?? null;
const rootWalletTx = (sum: TraceSummary): TransactionRecord => sum.records.find((t) => t.inMsg?.source === null)!;

let kinds: Partial<
  Record<TraceKind | 'jetton_transfer_ok' | 'jetton_transfer_refused', { sum: TraceSummary; out: Out }>
> = {};

beforeAll(async () => {
  classifier = await createTraceClassifier();
  const capture: TraceClassifier = {
    describe: classifier.describe,
    tokenOf: classifier.tokenOf,
    classify(trace, lookup) {
      const out = classifier.classify(trace, lookup);
      const tokens = trace.transactions.flatMap((t) => classifier.tokenOf(t) ?? []);
      outputs.set(hex(trace.record.traceId), { ...out, tokens });
      inputs.set(hex(trace.record.traceId), trace);
      return out;
    },
  };
  net = await LedgerNetwork.create({ writer: null, genesisTime: 1_700_000_000, classify: capture });
  traffic = new Traffic(net, 5);
  await traffic.genesis();
  await traffic.bootstrap();
  kinds = {};
  for (const k of [
    'transfer',
    'deploy',
    'bounce_nonexistent',
    'compute_failure',
    'jetton_mint',
    'jetton_burn',
    'nft_mint',
    'nft_transfer',
  ] as const) {
    kinds[k] = await run(k);
  }
  // the traffic now and then sends more than the balance (the jetton wallet refuses it): keep one of each
  for (let i = 0; i < 40 && !(kinds.jetton_transfer_ok && kinds.jetton_transfer_refused); i++) {
    const r = await run('jetton_transfer');
    if (r.sum.anyFailed) kinds.jetton_transfer_refused ??= r;
    else kinds.jetton_transfer_ok ??= r;
  }
  // a text comment for the plain transfer (the traffic sometimes sends none)
  for (let i = 0; i < 20 && !rootWalletTx(kinds.transfer!.sum).outMsgs[0]?.comment; i++)
    kinds.transfer = await run('transfer');
}, 300_000);

describe('jetton_transfer', () => {
  it('is one top-level action over the wallet->wallet transfer: transfer, internal_transfer, notification, excesses', () => {
    const { sum, out } = kinds.jetton_transfer_ok!;
    const jt = top(out).filter((a) => a.type === 'jetton_transfer');
    expect(jt).toHaveLength(1);
    const a = jt[0]!;
    expect(a.success).toBe(true);
    expect(a.transactions.length).toBeGreaterThanOrEqual(4);
    const ops = a.transactions.map((h) => inOp(sum, h));
    for (const op of [OP.jettonTransfer, OP.jettonInternalTransfer, OP.jettonTransferNotification, OP.excesses])
      expect(ops).toContain(sgn(op));
    // every transaction of the trace but the owner's wallet (run by the external) belongs to it
    const root = rootWalletTx(sum);
    expect(new Set(a.transactions.map(hex))).toEqual(
      new Set(sum.records.filter((t) => t !== root).map((t) => hex(t.hash))),
    );
    // its transactions in lt order bound it
    expect(a.startLt).toBe(txOf(sum, a.transactions[0]!).lt);
    expect(a.endLt).toBe(txOf(sum, a.transactions[a.transactions.length - 1]!).lt);
  });

  it('carries TON Center details read from the real messages', () => {
    const { sum, out } = kinds.jetton_transfer_ok!;
    const a = top(out).find((x) => x.type === 'jetton_transfer')!;
    const d = a.details;
    const root = rootWalletTx(sum);
    const transferTx = sum.records.find((t) => t.inMsg?.opcode === sgn(OP.jettonTransfer))!;
    const internalTx = sum.records.find((t) => t.inMsg?.opcode === sgn(OP.jettonInternalTransfer))!;
    const notifyTx = sum.records.find((t) => t.inMsg?.opcode === sgn(OP.jettonTransferNotification))!;
    expect(d.sender).toBe(root.account);
    expect(d.sender_jetton_wallet).toBe(transferTx.account);
    expect(d.receiver_jetton_wallet).toBe(internalTx.account);
    expect(d.receiver).toBe(notifyTx.account);
    expect(d.response_destination).toBe(root.account);
    expect(d.forward_amount).toBe('10000000');
    expect(d.amount).toMatch(/^[1-9]\d*$/);
    expect(d.query_id).toMatch(/^\d+$/);
    // the asset is the master the wallets were made by, known as a jetton_master by its code
    const master = net.info(d.asset as string);
    expect(master?.interfaces).toEqual(['jetton_master']);
    for (const w of [d.sender_jetton_wallet, d.receiver_jetton_wallet] as string[])
      expect(net.info(w)?.interfaces).toEqual(['jetton_wallet']);
    for (const acc of [d.sender, d.receiver, d.sender_jetton_wallet, d.receiver_jetton_wallet, d.asset] as string[]) {
      expect(acc).toMatch(/^0:[0-9A-F]{64}$/);
      expect(a.accounts).toContain(acc);
    }
    // the amount on the wire is the amount of the notification the receiver's owner got
    const notify = Cell.fromBoc(notifyTx.inMsg!.body.boc)[0]!.beginParse();
    notify.skip(32 + 64);
    expect(d.amount).toBe(notify.loadCoins().toString());
  });

  it('is made of call_contract children (a contract_deploy for a new receiver wallet), one per message, and selectActions falls back to them', () => {
    const { sum, out } = kinds.jetton_transfer_ok!;
    const a = top(out).find((x) => x.type === 'jetton_transfer')!;
    const kids = childrenOf(out, a);
    expect(kids.length).toBe(a.transactions.length);
    // a receiver's first jetton arrives with the StateInit of its jetton wallet: that message deploys it
    for (const k of kids) {
      if (k.type === 'contract_deploy') expect(k.details.destination).toBe(a.details.receiver_jetton_wallet);
      else expect(k.type).toBe('call_contract');
    }
    expect(kids.map((k) => hex(k.transactions[0]!)).sort()).toEqual(a.transactions.map(hex).sort());
    for (const k of kids) expect(k.details.opcode).toBe(inOp(sum, k.transactions[0]!));

    const all: ActionType[] = [
      'ton_transfer',
      'contract_deploy',
      'call_contract',
      'jetton_transfer',
      'jetton_mint',
      'jetton_burn',
      'nft_mint',
      'nft_transfer',
    ];
    const withJetton = selectActions(out.actions, new Set(all));
    expect(withJetton.map((x) => x.type)).toEqual(top(out).map((x) => x.type));
    const without = selectActions(out.actions, new Set(all.filter((t) => t !== 'jetton_transfer')));
    expect(without.filter((x) => x.type === 'jetton_transfer')).toHaveLength(0);
    expect(without.filter((x) => x.parentActionId?.equals(a.actionId))).toHaveLength(kids.length);
    expect(selectActions(out.actions, new Set(['ton_transfer']))).toEqual([]);
  });

  it('fails when the sender jetton wallet refuses it, and takes the bounce with it', () => {
    const r = kinds.jetton_transfer_refused;
    if (!r) return expect.fail('40 jetton transfers of seed 5 held no refused one');
    const a = top(r.out).find((x) => x.type === 'jetton_transfer')!;
    expect(a.success).toBe(false);
    const bounced = r.sum.records.find((t) => t.inMsg?.bounced)!;
    expect(bounced).toBeDefined();
    expect(a.transactions.map(hex)).toContain(hex(bounced.hash));
    expect(a.details.receiver_jetton_wallet).toBeNull();
  });
});

describe('the other shapes', () => {
  it('a plain transfer with a comment is a successful ton_transfer', () => {
    const { sum, out } = kinds.transfer!;
    const msg = rootWalletTx(sum).outMsgs[0]!;
    expect(top(out)).toHaveLength(1);
    const a = top(out)[0]!;
    expect(a.type).toBe('ton_transfer');
    expect(a.success).toBe(true);
    expect(a.details).toEqual({
      source: msg.source,
      destination: msg.destination,
      value: msg.value!.toString(),
      comment: msg.comment,
      encrypted: false,
    });
    expect(typeof a.details.comment).toBe('string');
  });

  it('a bounce from a nonexistent account fails the transfer it answers, over both transactions', () => {
    const { sum, out } = kinds.bounce_nonexistent!;
    const a = top(out).find((x) => x.type === 'ton_transfer')!;
    expect(a.success).toBe(false);
    expect(a.transactions).toHaveLength(2);
    expect(txOf(sum, a.transactions[1]!).inMsg?.bounced).toBe(true);
    // the bounce is no action of its own
    expect(out.actions.filter((x) => x.transactions.some((h) => txOf(sum, h).inMsg?.bounced))).toEqual([a]);
  });

  it('a thrower failure is a failed call_contract', () => {
    const { sum, out } = kinds.compute_failure!;
    const a = top(out).find((x) => x.type === 'call_contract')!;
    expect(a.success).toBe(false);
    expect(a.details.opcode).toBe(sgn(OP.throwExit));
    expect(sum.anyFailed).toBe(true);
  });

  it('a deploy is a contract_deploy of the new account', () => {
    const { sum, out } = kinds.deploy!;
    const deployed = sum.records.find(
      (t) => t.origStatus !== 'active' && t.endStatus === 'active' && t.inMsg?.source !== null,
    )!;
    const a = top(out).find((x) => x.type === 'contract_deploy')!;
    expect(a.success).toBe(true);
    expect(a.details.destination).toBe(deployed.account);
    expect(out.accounts.find((x) => x.account === deployed.account)?.status).toBe('active');
  });

  it('a jetton mint, burn, NFT mint and NFT transfer are one top-level action each, with their details', () => {
    const mint = top(kinds.jetton_mint!.out).find((x) => x.type === 'jetton_mint')!;
    expect(mint.success).toBe(true);
    expect(net.info(mint.details.asset as string)?.interfaces).toEqual(['jetton_master']);
    expect(net.info(mint.details.receiver_jetton_wallet as string)?.interfaces).toEqual(['jetton_wallet']);
    expect(mint.details.amount).toMatch(/^[1-9]\d*$/);

    const burn = top(kinds.jetton_burn!.out).find((x) => x.type === 'jetton_burn')!;
    expect(burn.success).toBe(true);
    expect(burn.details.owner).toBe(rootWalletTx(kinds.jetton_burn!.sum).account);
    const burnOps = burn.transactions.map((h) => inOp(kinds.jetton_burn!.sum, h));
    expect(burnOps).toContain(sgn(OP.jettonBurnNotification));

    const nm = top(kinds.nft_mint!.out).find((x) => x.type === 'nft_mint')!;
    expect(nm.success).toBe(true);
    expect(net.info(nm.details.nft_item as string)?.interfaces).toEqual(['nft_item']);
    expect(nm.details.nft_collection).toBe(rootWalletTx(kinds.nft_mint!.sum).outMsgs[0]!.destination);

    const nt = top(kinds.nft_transfer!.out).find((x) => x.type === 'nft_transfer')!;
    expect(nt.success).toBe(true);
    expect(nt.details.old_owner).toBe(rootWalletTx(kinds.nft_transfer!.sum).account);
    expect(nt.details.comment).toBe('enjoy');
    expect(nt.details.nft_collection).toBe(nm.details.nft_collection);
    const ops = nt.transactions.map((h) => inOp(kinds.nft_transfer!.sum, h));
    expect(ops).toContain(sgn(OP.nftOwnershipAssigned));
  });
});

describe('accounts, tokens, determinism', () => {
  it('gives every account with a transaction an AccountInfoRecord, and token records that match its data', () => {
    const { sum, out } = kinds.jetton_transfer_ok!;
    expect(new Set(out.accounts.map((a) => a.account))).toEqual(new Set(sum.records.map((t) => t.account)));
    const jw = out.tokens.filter((t) => t.type === 'jetton_wallets');
    expect(jw).toHaveLength(2);
    const a = top(out).find((x) => x.type === 'jetton_transfer')!;
    const byAccount = new Map(jw.map((t) => [t.account, t]));
    expect((byAccount.get(a.details.sender_jetton_wallet as string)!.extra as Record<string, unknown>).owner).toBe(
      a.details.sender,
    );
    expect((byAccount.get(a.details.receiver_jetton_wallet as string)!.extra as Record<string, unknown>).owner).toBe(
      a.details.receiver,
    );
    for (const t of jw) expect((t.extra as Record<string, unknown>).jetton).toBe(a.details.asset);

    const item = kinds.nft_mint!.out.tokens.find((t) => t.type === 'nft_items')!;
    expect(item.name).toMatch(/^Shape #\d+$/);
    const master = kinds.jetton_mint!.out.tokens.find((t) => t.type === 'jetton_masters')!;
    expect([master.name, master.symbol, master.decimals]).toEqual(['Ledger Jetton', 'LJT', 9]);
  });

  it('returns no token record (and does not throw) for data that does not parse', () => {
    const state = kinds.jetton_mint!.sum.records.find((t) => t.stateAfter.dataBoc)!.stateAfter;
    const junk = { ...state, dataBoc: beginCell().storeUint(7, 3).endCell().toBoc() };
    for (const iface of ['jetton_master', 'jetton_wallet', 'nft_collection', 'nft_item'] as const)
      expect(tokenInfo(junk, iface)).toBeNull();
    expect(tokenInfo({ ...state, dataBoc: Buffer.from('not a boc') }, 'jetton_wallet')).toBeNull();
  });

  it('classifies the same trace to the same actions, ids included', () => {
    const { sum } = kinds.jetton_transfer_ok!;
    const first = outputs.get(hex(sum.traceId))!;
    const lookup = (a: string): AccountInfoRecord | undefined => net.info(a);
    const again = classifier.classify(inputs.get(hex(sum.traceId))!, lookup);
    expect(again.actions.map((a) => hex(a.actionId))).toEqual(first.actions.map((a) => hex(a.actionId)));
    expect(new Set(first.actions.map((a) => hex(a.actionId))).size).toBe(first.actions.length);
  });
});
