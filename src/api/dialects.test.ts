// Hand-written samples of one small trace (an external message to a wallet, which sends a jetton
// notification on) in our dialect, checked against the strict schemas the server is tested with,
// and the same trace as the public TON Center indexer prints it. Both must normalize to one model.
import { describe, expect, it } from 'vitest';
import {
  normalizeTrace,
  normalizeV2BlockTransactions,
  normalizeAddressBook,
  normalizeMetadata,
  normalizeShard,
} from './normalize';
import { getBlockTransactionsExt } from './operations/get-block-transactions-ext';
import { masterchainBlockShardState } from './operations/masterchain-block-shard-state';
import { traces } from './operations/traces';
import { transactionsByMessage } from './operations/transactions-by-message';
import { v2Error } from './operations/v2-shapes';
import { v3Error } from './operations/v3-shapes';
import { wireError, wireShardStateResponse, wireTracesResponse, wireV2BlockTransactions } from './wire';

const blockTransactionsExtResponse = getBlockTransactionsExt.response;
const masterchainBlockShardStateResponse = masterchainBlockShardState.response;
const tracesResponse = traces.response;
const transactionsByMessageResponse = transactionsByMessage.response;

const h = (n: number) => Buffer.alloc(32, n).toString('base64');
const WALLET = '0:' + 'A1'.repeat(32);
const JETTON = '0:' + 'B2'.repeat(32);
const FULL = '-9223372036854775808';
const block = { workchain: 0, shard: FULL, seqno: 41 };
const extra = {};

const state = (n: number, balance: string) => ({
  hash: h(n),
  balance,
  extra_currencies: extra,
  account_status: 'active',
  frozen_hash: null,
  data_hash: h(n + 1),
  code_hash: h(n + 2),
});
const body = (n: number, decoded: unknown = null) => ({ hash: h(n), body: 'te6cckEBAQEAAgAAAEysuc0=', decoded });

const external = {
  hash: h(10),
  hash_norm: h(11),
  source: null,
  destination: WALLET,
  value: null,
  value_extra_currencies: extra,
  fwd_fee: null,
  ihr_fee: null,
  extra_flags: null,
  import_fee: '0',
  created_lt: null,
  created_at: null,
  opcode: null,
  decoded_opcode: null,
  ihr_disabled: null,
  bounce: null,
  bounced: null,
  in_msg_tx_hash: h(1),
  message_content: body(12),
  init_state: null,
};
const internal = {
  hash: h(20),
  source: WALLET,
  destination: JETTON,
  value: '50000000',
  value_extra_currencies: extra,
  fwd_fee: '266669',
  ihr_fee: '0',
  extra_flags: '0',
  import_fee: null,
  created_lt: '1001',
  created_at: '1700000000',
  opcode: 0x7362d09c,
  decoded_opcode: 'jetton_notify',
  ihr_disabled: true,
  bounce: true,
  bounced: false,
  in_msg_tx_hash: h(2),
  out_msg_tx_hash: h(1),
  message_content: body(21),
  init_state: null,
};
const comment = {
  ...internal,
  hash: h(30),
  destination: WALLET,
  source: JETTON,
  opcode: 0,
  decoded_opcode: 'text_comment',
  in_msg_tx_hash: undefined,
  out_msg_tx_hash: h(2),
  message_content: body(31, { type: 'text_comment', comment: 'hi' }),
};

const description = (aborted: boolean, exit: number) => ({
  type: 'ord',
  aborted,
  destroyed: false,
  credit_first: true,
  storage_ph: { storage_fees_collected: '10', status_change: 'unchanged' },
  compute_ph: {
    skipped: false,
    success: exit === 0,
    msg_state_used: false,
    account_activated: false,
    gas_fees: '2000',
    gas_used: '500',
    gas_limit: '0',
    gas_credit: '10000',
    mode: 0,
    exit_code: exit,
    vm_steps: 30,
    vm_init_state_hash: h(40),
    vm_final_state_hash: h(41),
  },
  action: {
    success: true,
    valid: true,
    no_funds: false,
    status_change: 'unchanged',
    total_fwd_fees: '266669',
    total_action_fees: '88889',
    result_code: 0,
    tot_actions: 1,
    spec_actions: 0,
    skipped_actions: 0,
    msgs_created: 1,
    action_list_hash: h(42),
    tot_msg_size: { cells: '1', bits: '700' },
  },
});

const tx = (n: number, account: string, lt: string, inMsg: unknown, outMsgs: unknown[], exit: number) => ({
  account,
  hash: h(n),
  lt,
  now: 1700000000 + n,
  mc_block_seqno: 7,
  trace_id: h(1),
  trace_external_hash: h(10),
  prev_trans_hash: h(50 + n),
  prev_trans_lt: '900',
  orig_status: 'active',
  end_status: 'active',
  total_fees: '2010',
  total_fees_extra_currencies: extra,
  description: description(exit !== 0, exit),
  block_ref: block,
  in_msg: inMsg,
  out_msgs: outMsgs,
  account_state_before: state(60 + n * 3, '1000'),
  account_state_after: state(70 + n * 3, '990'),
  emulated: false,
});
const root = tx(1, WALLET, '1000', external, [internal], 0);
const child = tx(2, JETTON, '1002', internal, [comment], 0);

const nodeOf = (t: typeof root, children: unknown[]) => ({
  tx_hash: t.hash,
  transaction_hash: t.hash,
  transaction_lt: t.lt,
  transaction_now: t.now,
  transaction_aborted: false,
  in_msg_hash: (t.in_msg as { hash: string }).hash,
  in_msg: t.in_msg,
  transaction: t,
  children,
});

const ourTraces = {
  traces: [
    {
      trace_id: h(1),
      external_hash: h(10),
      mc_seqno_start: '7',
      mc_seqno_end: '7',
      start_lt: '1000',
      start_utime: 1700000001,
      end_lt: '1002',
      end_utime: 1700000002,
      trace_info: {
        trace_state: 'complete',
        messages: 3,
        transactions: 2,
        pending_messages: 0,
        classification_state: 'ok',
      },
      is_incomplete: false,
      trace: nodeOf(root, [nodeOf(child, [])]),
      transactions_order: [h(1), h(2)],
      transactions: { [h(1)]: root, [h(2)]: child },
      actions: [
        {
          action_id: h(80),
          type: 'call_contract',
          success: true,
          start_lt: '1000',
          end_lt: '1002',
          start_utime: 1700000001,
          end_utime: 1700000002,
          trace_id: h(1),
          trace_external_hash: h(10),
          trace_external_hash_norm: h(11),
          trace_end_lt: '1002',
          trace_end_utime: 1700000002,
          trace_mc_seqno_end: 7,
          transactions: [h(1), h(2)],
          accounts: [WALLET, JETTON],
          details: { source: WALLET, destination: JETTON, value: '50000000', opcode: '0x7362d09c' },
        },
      ],
    },
  ],
  address_book: {
    [WALLET]: {
      user_friendly: 'UQChoaGhoaGhoaGhoaGhoaGhoaGhoaGhoaGhoaGhoaGhoWcL',
      domain: null,
      interfaces: ['wallet_v4r2'],
    },
    [JETTON]: {
      user_friendly: 'EQCysrKysrKysrKysrKysrKysrKysrKysrKysrKysrKysm8M',
      domain: null,
      interfaces: ['jetton_wallet'],
    },
  },
  metadata: { [JETTON]: { is_indexed: true, token_info: [{ type: 'jetton_wallets', extra: { balance: '5' } }] } },
};

/** TON Center prints the same trace: minimal nodes with `children: null` leaves, hex opcodes, fields left out. */
const tonCenterTraces = {
  traces: [
    {
      ...ourTraces.traces[0],
      trace_info: {
        trace_state: 'complete',
        messages: 3,
        transactions: 2,
        pending_messages: 0,
        classification_state: 'ok',
      },
      trace: { tx_hash: h(1), in_msg_hash: h(10), children: [{ tx_hash: h(2), in_msg_hash: h(20), children: null }] },
      transactions: Object.fromEntries(
        [root, child].map((t) => [
          t.hash,
          {
            ...t,
            block_ref: { workchain: 0, shard: '8000000000000000', seqno: 41 },
            emulated: undefined,
            in_msg:
              t === root ? { ...external, opcode: null, hash_norm: undefined } : { ...internal, opcode: '0x7362d09c' },
            out_msgs: t === root ? [{ ...internal, opcode: '0x7362d09c' }] : [{ ...comment, opcode: '0x00000000' }],
          },
        ]),
      ),
    },
  ],
  address_book: ourTraces.address_book,
  metadata: ourTraces.metadata,
};

describe('our dialect, hand-written from docs/api.md', () => {
  it('the sample satisfies the strict schemas the server is held to', () => {
    expect(tracesResponse.safeParse(ourTraces).error).toBeUndefined();
    expect(
      transactionsByMessageResponse.safeParse({ transactions: [root, child], address_book: ourTraces.address_book })
        .success,
    ).toBe(true);
    expect(v3Error.safeParse({ error: 'parameter limit must be from 1 to 1000, got "0"' }).success).toBe(true);
    expect(v2Error.safeParse({ ok: false, error: 'block not found', code: 404 }).success).toBe(true);
  });

  it('the strict schemas refuse what TON Center prints', () => {
    expect(tracesResponse.safeParse(tonCenterTraces).success).toBe(false);
    expect(masterchainBlockShardStateResponse.safeParse({ blocks: [] }).success).toBe(false);
    expect(v3Error.safeParse({ error: '' }).success).toBe(false);
  });

  it('reads a decoded body of either kind, and treats a decoded without type, comment or data as none', async () => {
    const { normalizeMessage } = await import('./normalize');
    const { wireMessage } = await import('./wire');
    const read = (m: unknown) => normalizeMessage(wireMessage.parse(m));
    const withData = read({ ...internal, message_content: body(40, { type: 'excess', data: { query_id: '5' } }) });
    expect(withData.body!.decoded).toEqual({ type: 'excess', data: { query_id: '5' } });
    expect(withData.body!.comment).toBeNull();
    for (const odd of [{ type: 'excess' }, { comment: 'x' }, { type: '', comment: 'x' }, null]) {
      expect(read({ ...internal, message_content: body(41, odd) }).body!.decoded).toBeNull();
    }
  });

  it('normalizes: external fields null, opcode signed, comment decoded, tree with [] leaves', () => {
    const [t] = wireTracesResponse.parse(ourTraces).traces.map(normalizeTrace);
    expect(t!.mcSeqnoStart).toBe(7);
    expect(t!.root).toEqual({
      txHash: h(1),
      inMsgHash: h(10),
      children: [{ txHash: h(2), inMsgHash: h(20), children: [] }],
    });
    const r = t!.transactions[h(1)]!;
    expect(r.inMsg).toMatchObject({
      source: null,
      value: null,
      opcode: null,
      hashNorm: h(11),
      importFee: '0',
      createdLt: null,
    });
    expect(r.outMsgs[0]!.opcode).toBe(0x7362d09c);
    expect(t!.transactions[h(2)]!.outMsgs[0]!.body).toEqual({
      hash: h(31),
      boc: 'te6cckEBAQEAAgAAAEysuc0=',
      comment: 'hi',
      decoded: { type: 'text_comment', comment: 'hi' },
    });
    expect(t!.transactions[h(2)]!.block.shard).toBe(FULL);
    expect(t!.actions![0]).toMatchObject({
      id: h(80),
      type: 'call_contract',
      accounts: [WALLET, JETTON],
      traceId: h(1),
    });
    expect(normalizeMetadata(ourTraces.metadata)[JETTON]!.tokens[0]!.extra).toEqual({ balance: '5' });
    expect(normalizeAddressBook(ourTraces.address_book)[WALLET]!.interfaces).toEqual(['wallet_v4r2']);
  });
});

describe('the TON Center dialect normalizes to the same model', () => {
  it('a trace', () => {
    const ours = wireTracesResponse.parse(ourTraces).traces.map(normalizeTrace);
    const theirs = wireTracesResponse.parse(tonCenterTraces).traces.map(normalizeTrace);
    // TON Center has no hash_norm on this message; everything else is identical
    const withoutNorm = structuredClone(ours);
    withoutNorm[0]!.transactions[h(1)]!.inMsg!.hashNorm = null;
    expect(theirs).toEqual(withoutNorm);
  });

  it('older builds print null where the current leave a key out: both read the same', () => {
    // every omitempty field of docs/api.md ("Null or absent"), sent as null instead
    const withNulls = structuredClone(ourTraces) as typeof ourTraces;
    const t = withNulls.traces[0]!;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON being rewritten
    for (const tx of Object.values(t.transactions) as Record<string, any>[]) {
      for (const m of [tx.in_msg, ...tx.out_msgs])
        Object.assign(m, { in_msg_tx_hash: m.in_msg_tx_hash ?? null, out_msg_tx_hash: m.out_msg_tx_hash ?? null });
      Object.assign(tx.description.storage_ph, { storage_fees_due: null });
      Object.assign(tx.description.compute_ph, { exit_arg: null });
      Object.assign(tx.description.action, { result_arg: null });
      Object.assign(tx.account_state_before, { code_boc: null, data_boc: null });
    }
    withNulls.metadata[JETTON]!.token_info[0] = {
      ...withNulls.metadata[JETTON]!.token_info[0]!,
      name: null,
      symbol: null,
      description: null,
      image: null,
    } as never;
    const read = (r: unknown) => wireTracesResponse.parse(r).traces.map(normalizeTrace);
    expect(read(withNulls)).toEqual(read(ourTraces));
    expect(normalizeMetadata(withNulls.metadata)).toEqual(normalizeMetadata(ourTraces.metadata));
  });

  it('masterchainBlockShardState: {blocks} only, unsigned hex shards, string numbers', () => {
    const r = wireShardStateResponse.parse({
      blocks: [
        {
          workchain: -1,
          shard: '8000000000000000',
          seqno: '7',
          root_hash: h(1),
          file_hash: h(2),
          gen_utime: '1700000000',
          tx_count: '3',
        },
        {
          workchain: 0,
          shard: 'C000000000000000',
          seqno: 41,
          root_hash: h(3),
          file_hash: h(4),
          masterchain_block_ref: { workchain: -1, shard: '8000000000000000', seqno: 7 },
        },
      ],
    });
    expect(r.transactions).toEqual([]);
    expect(r.address_book).toEqual({});
    expect(r.blocks[0]).toMatchObject({ seqno: 7, gen_utime: 1700000000, tx_count: 3 });
    expect(normalizeShard(r.blocks[1]!.shard)).toBe(String(0xc000000000000000n - (1n << 64n)));
  });

  it('v2: ton. and chain. prefixes read the same; another prefix is refused', () => {
    const v2 = (prefix: string) => ({
      ok: true,
      result: {
        '@type': 'blocks.transactionsExt',
        id: { '@type': `${prefix}.blockIdExt`, workchain: 0, shard: FULL, seqno: 41, root_hash: h(1), file_hash: h(2) },
        req_count: 40,
        incomplete: false,
        transactions: [],
        '@extra': '1:2',
      },
    });
    expect(blockTransactionsExtResponse.safeParse(v2('chain')).success).toBe(true);
    expect(blockTransactionsExtResponse.safeParse(v2('ton')).success).toBe(false);
    expect(normalizeV2BlockTransactions(wireV2BlockTransactions.parse(v2('ton')))).toEqual(
      normalizeV2BlockTransactions(wireV2BlockTransactions.parse(v2('chain'))),
    );
    expect(wireV2BlockTransactions.safeParse(v2('lite')).success).toBe(false);
  });

  it('errors of both versions carry the message', () => {
    expect(wireError.parse({ ok: false, error: 'LITE_SERVER_UNKNOWN: block not found', code: 500 }).error).toBe(
      'LITE_SERVER_UNKNOWN: block not found',
    );
    expect(wireError.parse({ error: 'masterchain block 9 not found' }).error).toBe('masterchain block 9 not found');
  });
});
