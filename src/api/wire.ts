// Lenient "wire" schemas: what either dialect may send. Ours (see ./operations/) is strict; the public
// TON Center API differs: `ton.` type prefixes, opcodes as hex strings, mc seqnos and times as
// strings, shards as unsigned hex in v3 blocks, older layouts (`compute_ph.type = "skipped"`), and
// fields left out. These schemas accept both and ./normalize.ts maps them to ./model.ts.
//
// zod/mini, not zod: the same validation without zod's method-chaining layer, whose ~10 KB
// (compressed) the home page would otherwise download before it can parse its first answer.
import { z } from 'zod/mini';
import type { ResponseOf } from './operations/api-operation';
import type { balanceChanges } from './operations/balance-changes';
import type { getBlockTransactionsExt } from './operations/get-block-transactions-ext';
import type { masterchainBlockShardState } from './operations/masterchain-block-shard-state';
import type { masterchainInfo } from './operations/masterchain-info';
import type { runGetMethod } from './operations/run-get-method';
import type { traces } from './operations/traces';
import type { transactionsByMessage } from './operations/transactions-by-message';
import type { transactions } from './operations/transactions';
import type { addressInformation, walletInformation } from './operations/v3-account-information';
import type { jettonBurns, jettonMasters, jettonTransfers, jettonWallets } from './operations/jetton-lists';
import type { nftCollections, nftItems, nftTransfers } from './operations/nft-lists';

const str = z.string();
const num = z.number();
/** A number that one dialect prints as a JSON number and the other as a decimal string. */
export const numberish = z.pipe(
  z.union([num, z.string().check(z.regex(/^-?\d+$/))]),
  z.transform((v: number | string) => Number(v)),
);
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));
/** A field one dialect leaves out where the other sends an empty list or map. */
const orEmpty = <T extends z.ZodMiniType<unknown[] | Record<string, unknown>>>(
  t: T,
  empty: [] | Record<string, never>,
) => z._default(z.optional(t), () => (Array.isArray(empty) ? [] : {}) as never);
const toText = z.pipe(
  z.union([str, num]),
  z.transform((v: string | number) => String(v)),
);

export const wireMessageBody = z.looseObject({
  hash: str,
  body: opt(str),
  // read by the normalizer, which keeps only a well-formed one: a zod pass over every message's
  // decoded fields (a wallet's nests its inner messages) cost a large trace page tens of ms
  decoded: z.optional(z.unknown()),
});

export const wireMessage = z.looseObject({
  hash: str,
  hash_norm: opt(str),
  source: opt(str),
  destination: opt(str),
  value: opt(str),
  fwd_fee: opt(str),
  ihr_fee: opt(str),
  import_fee: opt(str),
  created_lt: opt(str),
  created_at: opt(z.union([str, num])),
  opcode: opt(z.union([num, str])),
  bounce: opt(z.boolean()),
  bounced: opt(z.boolean()),
  ihr_disabled: opt(z.boolean()),
  in_msg_tx_hash: opt(str),
  out_msg_tx_hash: opt(str),
  message_content: opt(wireMessageBody),
  init_state: opt(wireMessageBody),
});

export const wireAccountState = z.looseObject({
  hash: str,
  balance: opt(str),
  account_status: opt(str),
  code_hash: opt(str),
  data_hash: opt(str),
  frozen_hash: opt(str),
});

export const wireBlockRef = z.looseObject({ workchain: num, shard: str, seqno: numberish });

export const wireTransaction = z.looseObject({
  account: str,
  hash: str,
  lt: str,
  now: numberish,
  mc_block_seqno: opt(numberish),
  trace_id: opt(str),
  trace_external_hash: opt(str),
  prev_trans_hash: opt(str),
  prev_trans_lt: opt(str),
  orig_status: opt(str),
  end_status: opt(str),
  total_fees: str,
  description: z.looseObject({ type: str, aborted: opt(z.boolean()) }),
  block_ref: wireBlockRef,
  in_msg: opt(wireMessage),
  out_msgs: orEmpty(z.array(wireMessage), []),
  account_state_before: opt(wireAccountState),
  account_state_after: opt(wireAccountState),
});

export const wireAddressBook = z.record(
  str,
  z.looseObject({ user_friendly: str, domain: opt(str), interfaces: opt(z.array(str)) }),
);

export const wireMetadata = z.record(
  str,
  z.looseObject({
    is_indexed: opt(z.boolean()),
    token_info: opt(
      z.array(
        z.looseObject({
          type: str,
          name: opt(str),
          symbol: opt(str),
          decimals: opt(numberish),
          description: opt(str),
          image: opt(str),
          extra: opt(z.record(str, z.unknown())),
        }),
      ),
    ),
  }),
);

export type WireTraceNode = {
  tx_hash?: string | null;
  transaction_hash?: string | null;
  in_msg_hash?: string | null;
  children?: WireTraceNode[] | null;
};
export const wireTraceNode: z.ZodMiniType<WireTraceNode> = z.lazy(() =>
  z.looseObject({
    tx_hash: opt(str),
    transaction_hash: opt(str),
    in_msg_hash: opt(str),
    children: opt(z.array(wireTraceNode)),
  }),
);

export const wireAction = z.looseObject({
  action_id: str,
  type: str,
  success: opt(z.boolean()),
  start_lt: toText,
  end_lt: toText,
  start_utime: numberish,
  end_utime: numberish,
  trace_id: opt(str),
  transactions: orEmpty(z.array(str), []),
  accounts: opt(z.array(str)),
  details: z.unknown(),
});

export const wireTrace = z.looseObject({
  trace_id: str,
  external_hash: opt(str),
  mc_seqno_start: numberish,
  mc_seqno_end: numberish,
  start_lt: str,
  end_lt: str,
  start_utime: numberish,
  end_utime: numberish,
  trace_info: opt(
    z.looseObject({
      trace_state: opt(str),
      classification_state: opt(str),
      transactions: opt(numberish),
      messages: opt(numberish),
      pending_messages: opt(numberish),
    }),
  ),
  is_incomplete: opt(z.boolean()),
  warning: opt(str),
  trace: opt(wireTraceNode),
  transactions_order: opt(z.array(str)),
  transactions: orEmpty(z.record(str, wireTransaction), {}),
  actions: opt(z.array(wireAction)),
});

export const wireBlock = z.looseObject({
  workchain: num,
  shard: str,
  seqno: numberish,
  root_hash: str,
  file_hash: str,
  gen_utime: opt(numberish),
  start_lt: opt(str),
  end_lt: opt(str),
  tx_count: opt(numberish),
  global_id: opt(numberish),
  masterchain_block_ref: opt(wireBlockRef),
  prev_blocks: opt(z.array(wireBlockRef)),
  after_split: opt(z.boolean()),
  before_split: opt(z.boolean()),
  after_merge: opt(z.boolean()),
  want_split: opt(z.boolean()),
  want_merge: opt(z.boolean()),
  key_block: opt(z.boolean()),
});

/** v3 `masterchainInfo`: the first and the newest masterchain block. */
export const wireMasterchainInfo = z.looseObject({ first: wireBlock, last: wireBlock });

/** TON Center's `/api/v3/actions` answer (the explorer reads actions inside traces; the tests read this list). */
export const wireActionsResponse = z.looseObject({
  actions: z.array(wireAction),
  address_book: orEmpty(wireAddressBook, {}),
  metadata: orEmpty(wireMetadata, {}),
});

const tracesBookAndMetadata = { address_book: orEmpty(wireAddressBook, {}), metadata: orEmpty(wireMetadata, {}) };
export const wireTracesResponse = z.looseObject({ traces: z.array(wireTrace), ...tracesBookAndMetadata });
/** A `traces` answer with its traces not yet checked: the client checks them one at a time. */
export const wireTracesEnvelope = z.looseObject({ traces: z.array(z.unknown()), ...tracesBookAndMetadata });
export const wireTransactionsResponse = z.looseObject({
  transactions: orEmpty(z.array(wireTransaction), []),
  address_book: orEmpty(wireAddressBook, {}),
});
export const wireShardStateResponse = z.looseObject({
  transactions: orEmpty(z.array(wireTransaction), []),
  address_book: orEmpty(wireAddressBook, {}),
  blocks: orEmpty(z.array(wireBlock), []),
});

/** `accountAddress` objects, or a plain address string in older v2 responses. */
const v2Address = z.union([
  z.pipe(
    z.looseObject({ account_address: opt(str) }),
    z.transform((a: { account_address?: string | null }) => a.account_address ?? ''),
  ),
  str,
]);

export const wireV2Message = z.looseObject({
  hash: opt(str),
  source: v2Address,
  destination: v2Address,
  value: str,
  fwd_fee: opt(str),
  ihr_fee: opt(str),
  created_lt: opt(str),
  body_hash: opt(str),
  msg_data: opt(z.looseObject({ body: opt(str), text: opt(str), init_state: opt(str) })),
});

export const wireV2Transaction = z.looseObject({
  address: v2Address,
  account: opt(str),
  utime: num,
  data: str,
  transaction_id: z.looseObject({ lt: str, hash: str }),
  fee: str,
  storage_fee: str,
  other_fee: str,
  in_msg: opt(wireV2Message),
  out_msgs: orEmpty(z.array(wireV2Message), []),
});

/** `chain.blockIdExt` in our dialect, `ton.blockIdExt` in TON Center's. */
export const wireV2BlockId = z.looseObject({
  '@type': z.string().check(z.regex(/^(ton|chain)\.blockIdExt$/)),
  workchain: num,
  shard: str,
  seqno: num,
  root_hash: str,
  file_hash: str,
});

export const wireV2BlockTransactions = z.looseObject({
  ok: z.literal(true),
  result: z.looseObject({
    id: wireV2BlockId,
    req_count: num,
    incomplete: z.boolean(),
    transactions: z.array(wireV2Transaction),
  }),
});

export const wireError = z.looseObject({ error: opt(str), code: opt(num) });

// The other v2 answers the explorer may read from a TON Center deployment (our server serves only
// getBlockTransactionsExt): getBlockTransactions (short ids), getBlockHeader, getTransactions.

export const wireV2BlockTransactionIds = z.looseObject({
  ok: z.literal(true),
  result: z.looseObject({
    id: wireV2BlockId,
    req_count: num,
    incomplete: z.boolean(),
    transactions: z.array(z.looseObject({ mode: opt(num), account: str, lt: str, hash: str })),
  }),
});

export const wireV2BlockHeader = z.looseObject({
  ok: z.literal(true),
  result: z.looseObject({
    id: wireV2BlockId,
    global_id: opt(num),
    after_merge: opt(z.boolean()),
    after_split: opt(z.boolean()),
    before_split: opt(z.boolean()),
    want_merge: opt(z.boolean()),
    want_split: opt(z.boolean()),
    is_key_block: opt(z.boolean()),
    start_lt: opt(str),
    end_lt: opt(str),
    gen_utime: opt(numberish),
    prev_blocks: orEmpty(z.array(wireV2BlockId), []),
  }),
});

export const wireV2Transactions = z.looseObject({ ok: z.literal(true), result: z.array(wireV2Transaction) });

/**
 * `balanceChanges`: TON figures are JSON integers in both dialects (TON Center's are int64; a value
 * past 2^53 loses precision in the browser's JSON parser, which no schema can undo), jetton figures
 * decimal strings.
 */
const integerish = z.pipe(
  z.union([z.int(), z.string().check(z.regex(/^-?\d+$/))]),
  z.transform((v: string | number) => String(v)),
);
export const wireBalanceChanges = z.looseObject({
  changes: opt(z.record(str, integerish)),
  fees: opt(z.record(str, integerish)),
  jettons: opt(z.record(str, z.record(str, integerish))),
});

/**
 * v2 `runGetMethod`: `exit_code`, `gas_used` and the stack, each entry a `[type, value]` pair
 * (`["num", "0x1f"]`, `["cell", {bytes, object}]`, `["tuple", {elements}]`, `["null"]`...), read
 * entry by entry by the normalizer: TON Center adds fields and kinds this reader need not know.
 */
export const wireRunGetMethod = z.looseObject({
  ok: z.literal(true),
  result: z.looseObject({
    gas_used: numberish,
    exit_code: numberish,
    stack: orEmpty(z.array(z.array(z.unknown())), []),
  }),
});

// The account, jetton and NFT reads of the account, jetton and NFT pages (v3). Token contents are
// kept as the API sent them (TEP-64 strings); the fields a page does not show are not read.

/** v3 `addressInformation`: balance, status and the last transaction (TON Center sends more). */
export const wireAddressInformation = z.looseObject({
  balance: str,
  status: str,
  frozen_hash: opt(str),
  last_transaction_hash: opt(str),
  last_transaction_lt: opt(str),
});

/** v3 `walletInformation`: a wallet's version, seqno and id (none of the three before its code). */
export const wireWalletInformation = z.looseObject({
  balance: str,
  status: str,
  seqno: opt(numberish),
  wallet_id: opt(numberish),
  wallet_type: opt(str),
});

/** A token's content: the TEP-64 fields as strings (anything else is left out by the normalizer). */
const wireContent = orEmpty(z.record(str, z.unknown()), {});
const wireBookAndMetadata = {
  address_book: orEmpty(wireAddressBook, {}),
  metadata: orEmpty(wireMetadata, {}),
};
/** The transaction a jetton or NFT event happened in. */
const wireEventTx = {
  transaction_hash: str,
  transaction_lt: str,
  transaction_now: numberish,
  transaction_aborted: opt(z.boolean()),
  trace_id: opt(str),
};

export const wireJettonMasters = z.looseObject({
  jetton_masters: z.array(
    z.looseObject({
      address: str,
      total_supply: str,
      mintable: z.boolean(),
      admin_address: opt(str),
      jetton_content: wireContent,
    }),
  ),
  ...wireBookAndMetadata,
});

export const wireJettonWallets = z.looseObject({
  jetton_wallets: z.array(z.looseObject({ address: str, balance: str, owner: str, jetton: str })),
  ...wireBookAndMetadata,
});

export const wireJettonTransfers = z.looseObject({
  jetton_transfers: z.array(
    z.looseObject({
      source: opt(str),
      destination: opt(str),
      amount: str,
      jetton_master: opt(str),
      ...wireEventTx,
    }),
  ),
  ...wireBookAndMetadata,
});

export const wireJettonBurns = z.looseObject({
  jetton_burns: z.array(
    z.looseObject({ owner: str, amount: str, jetton_master: opt(str), jetton_wallet: opt(str), ...wireEventTx }),
  ),
  ...wireBookAndMetadata,
});

const wireNftCollection = z.looseObject({
  address: str,
  owner_address: opt(str),
  next_item_index: str,
  collection_content: wireContent,
});

export const wireNftCollections = z.looseObject({
  nft_collections: z.array(wireNftCollection),
  ...wireBookAndMetadata,
});

export const wireNftItems = z.looseObject({
  nft_items: z.array(
    z.looseObject({
      address: str,
      index: str,
      collection_address: opt(str),
      owner_address: opt(str),
      content: wireContent,
      on_sale: opt(z.boolean()),
      sale_contract_address: opt(str),
      real_owner: opt(str),
    }),
  ),
  ...wireBookAndMetadata,
});

export const wireNftTransfers = z.looseObject({
  nft_transfers: z.array(z.looseObject({ nft_address: str, old_owner: opt(str), new_owner: opt(str), ...wireEventTx })),
  ...wireBookAndMetadata,
});

// Each reader loosens its operation's strict response (./operations): every answer the strict
// schema allows, the reader accepts, which the compiler checks here. Types only: the strict
// schemas (zod, not zod/mini) stay out of the browser bundle.
export type Loosens<Strict, Lenient> = [Strict] extends [Lenient] ? true : false;
export type Holds<T extends true> = T;
export type WireLoosensStrict = [
  Holds<Loosens<ResponseOf<typeof getBlockTransactionsExt>, z.input<typeof wireV2BlockTransactions>>>,
  Holds<Loosens<ResponseOf<typeof masterchainBlockShardState>, z.input<typeof wireShardStateResponse>>>,
  Holds<Loosens<ResponseOf<typeof masterchainInfo>, z.input<typeof wireMasterchainInfo>>>,
  Holds<Loosens<ResponseOf<typeof traces>, z.input<typeof wireTracesResponse>>>,
  Holds<Loosens<ResponseOf<typeof transactionsByMessage>, z.input<typeof wireTransactionsResponse>>>,
  Holds<Loosens<ResponseOf<typeof balanceChanges>, z.input<typeof wireBalanceChanges>>>,
  Holds<Loosens<ResponseOf<typeof runGetMethod>, z.input<typeof wireRunGetMethod>>>,
  Holds<Loosens<ResponseOf<typeof transactions>, z.input<typeof wireTransactionsResponse>>>,
  Holds<Loosens<ResponseOf<typeof addressInformation>, z.input<typeof wireAddressInformation>>>,
  Holds<Loosens<ResponseOf<typeof walletInformation>, z.input<typeof wireWalletInformation>>>,
  Holds<Loosens<ResponseOf<typeof jettonMasters>, z.input<typeof wireJettonMasters>>>,
  Holds<Loosens<ResponseOf<typeof jettonWallets>, z.input<typeof wireJettonWallets>>>,
  Holds<Loosens<ResponseOf<typeof jettonTransfers>, z.input<typeof wireJettonTransfers>>>,
  Holds<Loosens<ResponseOf<typeof jettonBurns>, z.input<typeof wireJettonBurns>>>,
  Holds<Loosens<ResponseOf<typeof nftCollections>, z.input<typeof wireNftCollections>>>,
  Holds<Loosens<ResponseOf<typeof nftItems>, z.input<typeof wireNftItems>>>,
  Holds<Loosens<ResponseOf<typeof nftTransfers>, z.input<typeof wireNftTransfers>>>,
];
