// Synthetic ledger batches for the store's own tests and bench/store.ts: records in the producer's
// shapes, with real cells where it is cheap (bodies, init states, transaction BOCs are real cells and
// their hashes are the cells' hashes), without running the emulator. Traces are chains: an external
// message starts the root transaction, each transaction sends one internal message to the next one;
// the last transaction of every `pendingEvery`-th trace sends a message that is only delivered in the
// next batch, so that trace is written `pending` first and `complete` later (the upsert path).
import { createHash } from 'node:crypto';
import { beginCell } from '@ton/core';
import type {
  AccountStateRecord,
  BlockRecord,
  BlockRef,
  LedgerBatch,
  MessageRecord,
  TraceRecord,
  TransactionRecord,
} from '../records';

export const FULL_SHARD = -9223372036854775808n;
/** Logical times grow by this step per transaction, like the producer's. */
const LT_STEP = 1_000_000n;

function sha(...parts: (string | number | bigint)[]): Buffer {
  return createHash('sha256').update(parts.join('/')).digest();
}

export interface SyntheticOptions {
  batches: number;
  txPerBatch: number;
  accounts?: number;
  /** Longest trace chain (transactions). */
  maxChain?: number;
  pendingEvery?: number;
  seed?: number;
  /** States carry their code and data BOCs, as the producer's do (off: records equal read-back ones). */
  withCells?: boolean;
}

interface Pending {
  trace: TraceRecord;
  message: MessageRecord;
  sender: TransactionRecord;
}

/** Builds `batches` batches lazily, so a bench can write millions of transactions without holding them. */
export function* syntheticBatches(opts: SyntheticOptions): Generator<LedgerBatch> {
  const accountsN = opts.accounts ?? 64;
  const maxChain = opts.maxChain ?? 4;
  const pendingEvery = opts.pendingEvery ?? 7;
  const seed = opts.seed ?? 1;
  const accounts = Array.from(
    { length: accountsN },
    (_, i) => `0:${sha(seed, 'account', i).toString('hex').toUpperCase()}`,
  );
  const lastTx = new Map<string, { hash: Buffer; lt: bigint; state: AccountStateRecord }>();
  const balances = new Map<string, bigint>();
  let lt = 1_000_000n;
  let traceN = 0;
  let carried: Pending | null = null;
  const now0 = 1_700_000_000;

  const state = (account: string, balance: bigint, lastLt: bigint | null, tag: string): AccountStateRecord => {
    const code = beginCell().storeUint(0xc0de, 16).storeStringTail(account.slice(2, 10)).endCell();
    const data = beginCell().storeCoins(balance).storeStringTail(tag).endCell();
    return {
      hash: sha(seed, 'state', account, balance, tag),
      account,
      balance,
      status: lastLt === null ? 'uninit' : 'active',
      codeHash: lastLt === null ? null : code.hash(),
      dataHash: lastLt === null ? null : data.hash(),
      codeBoc: opts.withCells && lastLt !== null ? code.toBoc() : null,
      dataBoc: opts.withCells && lastLt !== null ? data.toBoc() : null,
      frozenHash: null,
      lastTransLt: lastLt,
    };
  };

  for (let b = 0; b < opts.batches; b++) {
    const mcSeqno = b;
    const now = now0 + b * 3;
    const shardRef: BlockRef = { workchain: 0, shard: FULL_SHARD, seqno: b + 1 };
    const mcRef: BlockRef = { workchain: -1, shard: FULL_SHARD, seqno: mcSeqno };
    const startLt = lt;
    const txs: TransactionRecord[] = [];
    const traces: TraceRecord[] = [];

    const makeTx = (
      account: string,
      inMsg: MessageRecord,
      traceId: Buffer | null,
      ext: Buffer | null,
    ): TransactionRecord => {
      lt += LT_STEP;
      const prev = lastTx.get(account);
      const balanceBefore = balances.get(account) ?? 1_000_000_000_000n;
      const fees = 1_000_000n + (lt % 997n);
      const balanceAfter = balanceBefore + (inMsg.value ?? 0n) - fees;
      balances.set(account, balanceAfter);
      const before = prev?.state ?? state(account, balanceBefore, null, 'genesis');
      const after = state(account, balanceAfter, lt, `lt${lt}`);
      const cell = beginCell()
        .storeUint(7, 4)
        .storeUint(lt, 64)
        .storeBuffer(inMsg.hash)
        .storeStringTail(account)
        .endCell();
      const hash = cell.hash();
      const tx: TransactionRecord = {
        hash,
        lt,
        account,
        block: shardRef,
        mcSeqno,
        now,
        origStatus: before.status,
        endStatus: after.status,
        totalFees: fees,
        totalFeesExtraCurrencies: {},
        description: {
          type: 'ord',
          aborted: false,
          destroyed: false,
          credit_first: inMsg.source === null,
          compute_ph: {
            skipped: false,
            success: true,
            gas_used: String(1000n + (lt % 5000n)),
            exit_code: 0,
            vm_steps: 42,
          },
          action: { success: true, result_code: 0, tot_actions: 1 },
        },
        boc: cell.toBoc(),
        prevTransHash: prev?.hash ?? Buffer.alloc(32),
        prevTransLt: prev?.lt ?? 0n,
        stateBefore: before,
        stateAfter: after,
        traceId: traceId ?? hash,
        traceExternalHash: ext,
        inMsg: { ...inMsg, inMsgTxHash: hash },
        outMsgs: [],
      };
      lastTx.set(account, { hash, lt, state: after });
      txs.push(tx);
      return tx;
    };

    const internal = (from: TransactionRecord, to: string, n: number, opcode: number): MessageRecord => {
      const body =
        opcode === 0
          ? beginCell().storeUint(0, 32).storeStringTail(`hello ${n}`).endCell()
          : beginCell()
              .storeUint(opcode >>> 0, 32)
              .storeUint(n, 64)
              .endCell();
      const withInit = n % 11 === 0;
      const init = withInit
        ? beginCell().storeBit(0).storeBit(1).storeRef(beginCell().storeUint(n, 32).endCell()).endCell()
        : null;
      return {
        hash: sha(seed, 'msg', from.hash.toString('hex'), n),
        hashNorm: null,
        source: from.account,
        destination: to,
        value: 1_000_000_000n * BigInt(1 + (n % 5)) + 123n,
        valueExtraCurrencies: n % 13 === 0 ? { '100': '12345678901234567890' } : {},
        fwdFee: 266_669n,
        ihrFee: 0n,
        importFee: null,
        createdLt: from.lt + 1n,
        createdAt: from.now,
        opcode,
        bounce: n % 2 === 0,
        bounced: false,
        ihrDisabled: true,
        body: { hash: body.hash(), boc: body.toBoc() },
        initState: init ? { hash: init.hash(), boc: init.toBoc() } : null,
        comment: opcode === 0 ? `hello ${n}` : null,
        outMsgTxHash: from.hash,
        inMsgTxHash: null,
      };
    };

    const finishTrace = (
      root: TransactionRecord,
      chain: TransactionRecord[],
      pendingMsgs: number,
      ext: Buffer | null,
      norm: Buffer | null,
    ): TraceRecord => ({
      traceId: root.hash,
      externalHash: ext,
      externalHashNorm: norm,
      startLt: root.lt,
      endLt: chain[chain.length - 1]!.lt,
      startUtime: root.now,
      endUtime: chain[chain.length - 1]!.now,
      mcSeqnoStart: root.mcSeqno,
      mcSeqnoEnd: chain[chain.length - 1]!.mcSeqno,
      transactions: chain.length,
      messages: chain.length + pendingMsgs,
      pendingMessages: pendingMsgs,
      state: pendingMsgs > 0 ? 'pending' : 'complete',
      classificationState: 'ok',
      accounts: [...new Set(chain.map((t) => t.account))],
    });

    // First, deliver what the previous batch left in flight: that trace completes here.
    if (carried) {
      const { trace, message, sender } = carried;
      const tx = makeTx(message.destination!, message, trace.traceId, trace.externalHash);
      const chain = [sender, tx];
      traces.push({
        ...trace,
        endLt: tx.lt,
        endUtime: tx.now,
        mcSeqnoEnd: mcSeqno,
        transactions: trace.transactions + 1,
        pendingMessages: 0,
        state: 'complete',
        accounts: [...new Set([...trace.accounts, ...chain.map((t) => t.account)])],
      });
      carried = null;
    }

    while (txs.length < opts.txPerBatch) {
      const n = traceN++;
      const chainLen = 1 + (n % maxChain);
      const first = accounts[n % accountsN]!;
      const extCell = beginCell().storeUint(0x7369676e, 32).storeUint(n, 32).storeUint(seed, 16).endCell();
      const ext = extCell.hash();
      const norm = sha(seed, 'norm', n);
      const extMsg: MessageRecord = {
        hash: ext,
        hashNorm: norm,
        source: null,
        destination: first,
        value: null,
        valueExtraCurrencies: {},
        fwdFee: null,
        ihrFee: null,
        importFee: 0n,
        createdLt: null,
        createdAt: null,
        opcode: 0x7369676e,
        bounce: null,
        bounced: null,
        ihrDisabled: null,
        body: { hash: extCell.hash(), boc: extCell.toBoc() },
        initState: null,
        comment: null,
        outMsgTxHash: null,
        inMsgTxHash: null,
      };
      const root = makeTx(first, extMsg, null, ext);
      const chain = [root];
      for (let i = 1; i < chainLen && txs.length < opts.txPerBatch; i++) {
        const from = chain[chain.length - 1]!;
        const to = accounts[(n * 7 + i * 3) % accountsN]!;
        const msg = internal(from, to, n * 10 + i, i % 3 === 0 ? 0 : 0x0f8a7ea5 | 0);
        from.outMsgs.push({ ...msg });
        const tx = makeTx(to, msg, root.hash, ext);
        // the sender's copy learns who received it (the delivery fix-up)
        from.outMsgs[from.outMsgs.length - 1]!.inMsgTxHash = tx.hash;
        chain.push(tx);
      }
      const last = chain[chain.length - 1]!;
      if (n % pendingEvery === pendingEvery - 1 && b + 1 < opts.batches && !carried) {
        const msg = internal(last, accounts[(n + 5) % accountsN]!, n * 10 + 9, 0x178d4519);
        last.outMsgs.push(msg);
        const trace = finishTrace(root, chain, 1, ext, norm);
        carried = { trace, message: msg, sender: last };
        traces.push(trace);
      } else {
        traces.push(finishTrace(root, chain, 0, ext, norm));
      }
    }

    const shardBlock: BlockRecord = {
      ...shardRef,
      rootHash: sha(seed, 'block', 0, shardRef.seqno),
      fileHash: sha(seed, 'file', 0, shardRef.seqno),
      mcSeqno,
      genUtime: now,
      startLt,
      endLt: lt + 1n,
      txCount: txs.length,
      globalId: -217,
      prevBlocks: b === 0 ? [] : [{ workchain: 0, shard: FULL_SHARD, seqno: b }],
      afterSplit: false,
      beforeSplit: false,
      afterMerge: false,
      wantSplit: false,
      wantMerge: false,
      keyBlock: false,
    };
    const mcBlock: BlockRecord = {
      ...mcRef,
      rootHash: sha(seed, 'block', -1, mcSeqno),
      fileHash: sha(seed, 'file', -1, mcSeqno),
      mcSeqno,
      genUtime: now,
      startLt: lt + 2n,
      endLt: lt + 3n,
      txCount: 0,
      globalId: -217,
      prevBlocks: b === 0 ? [] : [{ workchain: -1, shard: FULL_SHARD, seqno: mcSeqno - 1 }],
      afterSplit: false,
      beforeSplit: false,
      afterMerge: false,
      wantSplit: false,
      wantMerge: false,
      keyBlock: b === 0,
      shards: [shardRef],
    };
    lt += LT_STEP;
    yield {
      blocks: [mcBlock, shardBlock],
      transactions: txs,
      traces,
      actions: traces
        .filter((t) => t.state === 'complete')
        .map((t) => ({
          actionId: sha(seed, 'action', t.traceId.toString('hex')),
          traceId: t.traceId,
          type: 'call_contract' as const,
          parentActionId: null,
          success: true,
          startLt: t.startLt,
          endLt: t.endLt,
          startUtime: t.startUtime,
          endUtime: t.endUtime,
          transactions: txs.filter((x) => x.traceId.equals(t.traceId)).map((x) => x.hash),
          accounts: t.accounts,
          details: { opcode: '0x0f8a7ea5', value: '1000000123', extra_currencies: null },
        })),
      accounts:
        b === 0
          ? accounts.map((account, i) => ({
              account,
              codeHash: sha(seed, 'code', i % 3),
              interfaces: i % 3 === 0 ? ['wallet_v5r1' as const] : [],
              status: 'active' as const,
            }))
          : [],
      tokens:
        b === 0
          ? [
              {
                account: accounts[1]!,
                type: 'jetton_masters' as const,
                name: 'Test Jetton',
                symbol: 'TJ',
                decimals: 9,
                description: null,
                image: null,
                extra: { total_supply: '1000000000000000000000', mintable: true },
                // as of the batch's end: no stored transaction of the account is newer
                mcSeqno,
                lt,
              },
            ]
          : [],
      meta: { batches: String(b + 1) },
    };
  }
}
