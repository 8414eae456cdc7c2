import { describe, expect, it } from 'vitest';
import {
  Address,
  beginCell,
  Cell,
  Dictionary,
  loadTransaction,
  storeTransaction,
  type Transaction,
  type TransactionComputePhase,
  type TransactionActionPhase,
} from '@ton/core';
import type { V2Transaction } from '../../../api/model';
import { normalizeV2BlockTransactions } from '../../../api/normalize';
import { wireV2BlockTransactions } from '../../../api/wire';
import { readBody, summarizeV2Transaction } from './v2-transaction';
import mainnet from '../../../api/test-support/fixtures/ton-center/v2-block-transactions-ext-blockpi-mc39984096.json';

// Transactions written here with @ton/core, and TON Center's real ones: the block page's summary
// must name each kind, phase verdict, exit code, bounce flag, opcode and comment as v3 would.

const ME = Address.parse('0:' + '11'.repeat(32));
const PEER = Address.parse('0:' + '22'.repeat(32));

function vm(success: boolean, exitCode: number): TransactionComputePhase {
  return {
    type: 'vm',
    success,
    messageStateUsed: false,
    accountActivated: false,
    gasFees: 1000n,
    gasUsed: 300n,
    gasLimit: 10000n,
    gasCredit: null,
    mode: 0,
    exitCode,
    exitArg: null,
    vmSteps: 10,
    vmInitStateHash: 0n,
    vmFinalStateHash: 0n,
  };
}

function action(success: boolean, resultCode: number): TransactionActionPhase {
  return {
    success,
    valid: true,
    noFunds: false,
    statusChange: 'unchanged',
    totalFwdFees: 5n,
    totalActionFees: 2n,
    resultCode,
    resultArg: null,
    totalActions: 1,
    specActions: 0,
    skippedActions: 0,
    messagesCreated: 1,
    actionListHash: 7n,
    totalMessageSize: { cells: 1n, bits: 100n },
  };
}

function v2(opts: {
  compute: TransactionComputePhase;
  action?: TransactionActionPhase;
  aborted?: boolean;
  bounced?: boolean;
  body: Cell;
}): V2Transaction {
  const tx: Transaction = {
    address: BigInt('0x' + ME.hash.toString('hex')),
    lt: 10n,
    prevTransactionHash: 0n,
    prevTransactionLt: 0n,
    now: 1700000000,
    outMessagesCount: 0,
    oldStatus: 'active',
    endStatus: 'active',
    inMessage: {
      info: {
        type: 'internal',
        ihrDisabled: true,
        bounce: true,
        bounced: opts.bounced ?? false,
        src: PEER,
        dest: ME,
        value: { coins: 1_500_000_000n },
        ihrFee: 0n,
        forwardFee: 1n,
        createdLt: 9n,
        createdAt: 1700000000,
      },
      body: opts.body,
    },
    outMessages: Dictionary.empty(Dictionary.Keys.Uint(15), {
      serialize: () => undefined,
      parse: () => undefined,
    }) as never,
    totalFees: { coins: 123n },
    stateUpdate: { oldHash: Buffer.alloc(32), newHash: Buffer.alloc(32, 1) },
    description: {
      type: 'generic',
      creditFirst: false,
      storagePhase: { storageFeesCollected: 3n, storageFeesDue: undefined, statusChange: 'unchanged' },
      creditPhase: { dueFeesColelcted: undefined, credit: { coins: 1_500_000_000n } },
      computePhase: opts.compute,
      actionPhase: opts.action,
      bouncePhase: undefined,
      aborted: opts.aborted ?? false,
      destroyed: false,
    },
    raw: Cell.EMPTY,
    hash: () => Buffer.alloc(32),
  };
  const data = beginCell().store(storeTransaction(tx)).endCell().toBoc().toString('base64');
  const msg = {
    hash: null,
    source: PEER.toString(),
    destination: ME.toString(),
    value: '1500000000',
    fwdFee: '1',
    ihrFee: '0',
    createdLt: '9',
    bodyHash: null,
    body: opts.body.toBoc().toString('base64'),
    initState: null,
  };
  return {
    account: ME.toRawString(),
    address: ME.toString(),
    utime: 1700000000,
    data,
    lt: '10',
    hash: '',
    fee: '123',
    storageFee: '3',
    otherFee: '120',
    inMsg: msg,
    outMsgs: [],
  };
}

const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

describe('reading v2 transactions in the browser', () => {
  it('names a successful transfer with its comment and value', () => {
    const s = summarizeV2Transaction(
      v2({ compute: vm(true, 0), action: action(true, 0), body: comment('rent, March') }),
    );
    expect(s.type).toBe('ord');
    expect(s.verdict).toMatchObject({ success: true, exitCode: 0, actionResultCode: 0, aborted: false });
    expect(s.inMsg).toMatchObject({
      comment: 'rent, March',
      opcode: 0,
      value: '1500000000',
      source: PEER.toRawString().toUpperCase(),
      bounced: false,
      bounce: true,
    });
  });

  it('reads a thrown exit code, a failed action phase, a skipped compute phase and a bounced inbound', () => {
    const threw = summarizeV2Transaction(
      v2({
        compute: vm(false, 333),
        aborted: true,
        body: beginCell().storeUint(0x0f8a7ea5, 32).storeUint(1, 64).endCell(),
      }),
    );
    expect(threw.verdict).toMatchObject({ success: false, exitCode: 333, actionResultCode: null, aborted: true });
    expect(threw.inMsg?.opcode).toBe(0x0f8a7ea5);
    const actionFailed = summarizeV2Transaction(
      v2({ compute: vm(true, 0), action: action(false, 37), aborted: true, body: Cell.EMPTY }),
    );
    expect(actionFailed.verdict).toMatchObject({ success: false, exitCode: 0, actionResultCode: 37 });
    expect(actionFailed.inMsg?.opcode).toBeNull();
    const skipped = summarizeV2Transaction(
      v2({
        compute: { type: 'skipped', reason: 'no-state' },
        aborted: true,
        bounced: true,
        body: beginCell().storeUint(0xffffffff, 32).endCell(),
      }),
    );
    expect(skipped.verdict).toMatchObject({
      success: false,
      computeSkipped: true,
      computeSkipReason: 'no_state',
      exitCode: null,
    });
    expect(skipped.inMsg).toMatchObject({ bounced: true, opcode: -1 });
  });

  it('reads a long comment across its snake cells, and no comment from a body that is not UTF-8', () => {
    const long = 'x'.repeat(300) + ' ünïcödé';
    expect(readBody(comment(long).toBoc().toString('base64'))).toEqual({ opcode: 0, comment: long });
    expect(readBody(beginCell().storeUint(0, 32).storeUint(0xff, 8).endCell().toBoc().toString('base64'))).toEqual({
      opcode: 0,
      comment: null,
    });
    expect(readBody('not a boc')).toEqual({ opcode: null, comment: null });
  });

  it('agrees with @ton/core on TON Center mainnet transactions (tick-tock and ordinary)', () => {
    const block = normalizeV2BlockTransactions(wireV2BlockTransactions.parse(mainnet));
    expect(block.transactions.length).toBeGreaterThan(0);
    for (const t of block.transactions) {
      const ref = loadTransaction(Cell.fromBase64(t.data).beginParse());
      const s = summarizeV2Transaction(t);
      const d = ref.description;
      if (d.type !== 'generic' && d.type !== 'tick-tock') continue;
      expect(s.type).toBe(d.type === 'generic' ? 'ord' : 'tick_tock');
      const c = d.computePhase;
      expect(s.verdict?.computeSkipped).toBe(c.type === 'skipped');
      if (c.type === 'vm') expect(s.verdict?.exitCode).toBe(c.exitCode);
      expect(s.verdict?.aborted).toBe(d.aborted);
      expect(s.verdict?.actionResultCode ?? null).toBe(d.actionPhase?.resultCode ?? null);
      expect(s.inMsg === null).toBe(!ref.inMessage);
    }
  });
});
