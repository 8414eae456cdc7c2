// The published contract of each operation the service implements: its parameters as TON Center's
// OpenAPI lists them and the schema of its 200 and error responses. The tests hold every response
// to these (src/server/test-support/contract.ts) and send every listed parameter. It is TON Center's
// spec, written apart from the operations' own schemas (src/api/operations) on purpose: derived
// from them, it would hold our answers to themselves. The paths are the operations'.
//
// A new operation adds its entry to OPERATIONS, and its shapes to a definitions file beside
// v3-definitions.ts (streaming payloads, for instance, in their own file), merged in DEFINITIONS.
import { array, boolean, integer, map, nullable, object, ref, shape, string, type JsonSchema } from './json-schema';
import { v3Definitions } from './v3-definitions';
import { balanceChanges } from '../../operations/balance-changes';
import { getBlockTransactionsExt } from '../../operations/get-block-transactions-ext';
import { getAddressBalance, getAddressInformation, getAddressState } from '../../operations/get-address-information';
import { getMasterchainInfo } from '../../operations/get-masterchain-info';
import { getTransactions } from '../../operations/get-transactions';
import { masterchainBlockShardState } from '../../operations/masterchain-block-shard-state';
import { traces } from '../../operations/traces';
import { transactions } from '../../operations/transactions';
import { adjacentTransactions } from '../../operations/adjacent-transactions';
import { blocks } from '../../operations/blocks';
import { masterchainBlockShards } from '../../operations/masterchain-block-shards';
import { masterchainInfo } from '../../operations/masterchain-info';
import { pendingTraces } from '../../operations/pending-traces';
import { pendingTransactions } from '../../operations/pending-transactions';
import { transactionsByMasterchainBlock } from '../../operations/transactions-by-masterchain-block';
import { transactionsByMessage } from '../../operations/transactions-by-message';
import { V2_METHOD_CONTRACTS, V3_ACCOUNT_INFORMATION_CONTRACTS } from './v2-methods';
import { messages } from '../../operations/messages';
import { actions, pendingActions } from '../../operations/actions';
import {
  accountStates,
  addressBookOperation,
  metadataOperation,
  topAccountsByBalance,
  walletStates,
} from '../../operations/account-states';
import { jettonBurns, jettonMasters, jettonTransfers, jettonWallets } from '../../operations/jetton-lists';
import { nftCollections, nftItems, nftTransfers } from '../../operations/nft-lists';
import { jettonSearch } from '../../operations/jetton-search';

export interface ContractParameter {
  name: string;
  type: 'integer' | 'string' | 'boolean' | 'array';
  required?: boolean;
  enum?: string[];
  minimum?: number;
  maximum?: number;
}

export interface ContractOperation {
  path: string;
  parameters: ContractParameter[];
  /** Schema of a 200 answer. */
  response: JsonSchema;
  /** Schema of any other answer. */
  error: JsonSchema;
}

const v2Definitions: Record<string, JsonSchema> = {
  // ton-http-api wraps every answer: `ok`, then `result` or `error` and `code`
  TonResponse: {
    type: 'object',
    required: ['ok'],
    properties: {
      ok: boolean,
      result: { anyOf: [string, array({}), object] },
      error: string,
      code: integer,
      '@extra': string,
    },
  },
  // a JSON-RPC answer (`DeprecatedTonResponseJsonRPC`): the call's id is required
  TonResponseJsonRPC: {
    type: 'object',
    required: ['ok', 'id'],
    properties: { ok: boolean, result: {}, error: string, code: integer, id: string, jsonrpc: string },
  },
  TonError: {
    type: 'object',
    required: ['ok', 'error', 'code'],
    properties: { ok: { const: false }, error: string, code: integer },
  },
};

export const DEFINITIONS: Record<string, JsonSchema> = { ...v3Definitions, ...v2Definitions };

const limit: ContractParameter = { name: 'limit', type: 'integer', minimum: 1, maximum: 1000 };
const offset: ContractParameter = { name: 'offset', type: 'integer', minimum: 0 };
const sort: ContractParameter = { name: 'sort', type: 'string', enum: ['asc', 'desc'] };
const v3Error = ref('RequestError');
/** The time and lt bounds of the v3 lists. */
const ranges: ContractParameter[] = [
  { name: 'start_utime', type: 'integer', minimum: 0 },
  { name: 'end_utime', type: 'integer', minimum: 0 },
  { name: 'start_lt', type: 'integer', minimum: 0 },
  { name: 'end_lt', type: 'integer', minimum: 0 },
];
/** A block by workchain, shard and seqno (v3 lists). */
const block: ContractParameter[] = [
  { name: 'workchain', type: 'integer' },
  { name: 'shard', type: 'string' },
  { name: 'seqno', type: 'integer' },
];
const actionsResponse = shape({
  always: { actions: nullable(array(ref('Action'))), address_book: ref('AddressBook'), metadata: ref('Metadata') },
});
const transactionsResponse = shape({
  always: { transactions: nullable(array(ref('Transaction'))), address_book: ref('AddressBook') },
});

/** A v2 method as the published spec gives it: its parameters, a `TonResponse` with `ok: true`, `TonError`. */
const v2Method = (path: string, parameters: ContractParameter[]): ContractOperation => ({
  path,
  parameters,
  response: {
    allOf: [ref('TonResponse'), { type: 'object', properties: { ok: { const: true } }, required: ['result'] }],
  },
  error: ref('TonError'),
});
const address: ContractParameter = { name: 'address', type: 'string', required: true };
/** An address list of the token lists (the spec allows 1000 or 1024; we take 100, docs/api.md). */
const addresses = (name: string): ContractParameter => ({ name, type: 'array' });
const direction: ContractParameter = { name: 'direction', type: 'string', enum: ['in', 'out'] };
/** A token list's answer: its entries, the address book and the metadata. */
const tokenList = (key: string, entry: string) =>
  shape({ always: { [key]: array(ref(entry)), address_book: ref('AddressBook'), metadata: ref('Metadata') } });
const atSeqno: ContractParameter = { name: 'seqno', type: 'integer' };

export const OPERATIONS: ContractOperation[] = [
  v2Method(getMasterchainInfo.path, []),
  v2Method(getAddressInformation.path, [address, atSeqno]),
  v2Method(getAddressBalance.path, [address, atSeqno]),
  v2Method(getAddressState.path, [address, atSeqno]),
  v2Method(getTransactions.path, [
    address,
    { name: 'limit', type: 'integer', minimum: 1, maximum: 100 },
    { name: 'lt', type: 'integer' },
    { name: 'hash', type: 'string' },
    { name: 'to_lt', type: 'integer' },
    { name: 'archival', type: 'boolean' },
  ]),
  {
    path: getBlockTransactionsExt.path,
    parameters: [
      { name: 'workchain', type: 'integer', required: true },
      { name: 'shard', type: 'integer', required: true },
      { name: 'seqno', type: 'integer', required: true },
      { name: 'root_hash', type: 'string' },
      { name: 'file_hash', type: 'string' },
      { name: 'after_lt', type: 'integer' },
      { name: 'after_hash', type: 'string' },
      { name: 'count', type: 'integer' },
    ],
    response: {
      allOf: [
        ref('TonResponse'),
        { type: 'object', properties: { ok: { const: true }, result: object }, required: ['result'] },
      ],
    },
    error: ref('TonError'),
  },
  {
    path: masterchainBlockShardState.path,
    parameters: [{ name: 'seqno', type: 'integer', required: true }],
    // the published answer is a TransactionsResponse; TON Center's server also returns the blocks,
    // and so do we (`blocks`, each a published Block)
    response: shape({
      always: { transactions: nullable(array(ref('Transaction'))), address_book: ref('AddressBook') },
      ours: { blocks: array(ref('Block')) },
    }),
    error: v3Error,
  },
  {
    path: traces.path,
    parameters: [
      { name: 'account', type: 'string' },
      { name: 'trace_id', type: 'array' },
      { name: 'tx_hash', type: 'array' },
      { name: 'msg_hash', type: 'array' },
      { name: 'mc_seqno', type: 'integer' },
      ...ranges,
      { name: 'include_actions', type: 'boolean' },
      { name: 'supported_action_types', type: 'array' },
      limit,
      offset,
      sort,
    ],
    response: shape({
      always: { traces: nullable(array(ref('Trace'))), address_book: ref('AddressBook'), metadata: ref('Metadata') },
    }),
    error: v3Error,
  },
  {
    path: transactionsByMessage.path,
    parameters: [
      { name: 'msg_hash', type: 'string' },
      { name: 'body_hash', type: 'string' },
      { name: 'opcode', type: 'string' },
      { name: 'direction', type: 'string', enum: ['in', 'out'] },
      limit,
      offset,
    ],
    response: transactionsResponse,
    error: v3Error,
  },
  {
    path: transactions.path,
    parameters: [
      ...block,
      { name: 'mc_seqno', type: 'integer' },
      { name: 'account', type: 'array' },
      { name: 'exclude_account', type: 'array' },
      { name: 'hash', type: 'string' },
      { name: 'lt', type: 'integer' },
      ...ranges,
      limit,
      offset,
      sort,
    ],
    response: transactionsResponse,
    error: v3Error,
  },
  {
    path: masterchainInfo.path,
    parameters: [],
    response: shape({ always: { first: ref('Block'), last: ref('Block') } }),
    error: v3Error,
  },
  {
    path: blocks.path,
    parameters: [
      ...block,
      { name: 'root_hash', type: 'string' },
      { name: 'file_hash', type: 'string' },
      { name: 'mc_seqno', type: 'integer' },
      ...ranges,
      limit,
      offset,
      sort,
    ],
    response: shape({ always: { blocks: nullable(array(ref('Block'))) } }),
    error: v3Error,
  },
  {
    path: masterchainBlockShards.path,
    parameters: [{ name: 'seqno', type: 'integer', required: true }, limit, offset],
    // the published spec names a TransactionsResponse here; TON Center's server and its client
    // libraries answer a BlocksResponse, the blocks the masterchain block committed
    response: shape({ always: { blocks: nullable(array(ref('Block'))) } }),
    error: v3Error,
  },
  {
    path: transactionsByMasterchainBlock.path,
    parameters: [{ name: 'seqno', type: 'integer', required: true }, limit, offset, sort],
    response: transactionsResponse,
    error: v3Error,
  },
  {
    path: adjacentTransactions.path,
    // the spec marks nothing required, but there is nothing to answer without a transaction
    parameters: [
      { name: 'hash', type: 'string', required: true },
      { name: 'direction', type: 'string', enum: ['in', 'out'] },
    ],
    response: transactionsResponse,
    error: v3Error,
  },
  {
    path: pendingTraces.path,
    parameters: [
      { name: 'account', type: 'array' },
      { name: 'ext_msg_hash', type: 'array' },
    ],
    response: shape({
      always: { traces: nullable(array(ref('Trace'))), address_book: ref('AddressBook'), metadata: ref('Metadata') },
    }),
    error: v3Error,
  },
  {
    path: pendingTransactions.path,
    parameters: [
      { name: 'account', type: 'array' },
      { name: 'trace_id', type: 'array' },
    ],
    response: transactionsResponse,
    error: v3Error,
  },
  {
    path: messages.path,
    parameters: [
      { name: 'msg_hash', type: 'array' },
      { name: 'body_hash', type: 'string' },
      { name: 'source', type: 'string' },
      { name: 'destination', type: 'string' },
      { name: 'opcode', type: 'string' },
      ...ranges,
      { name: 'direction', type: 'string', enum: ['in', 'out'] },
      { name: 'exclude_externals', type: 'boolean' },
      { name: 'only_externals', type: 'boolean' },
      limit,
      offset,
      sort,
    ],
    response: shape({
      always: {
        messages: nullable(array(ref('Message'))),
        address_book: ref('AddressBook'),
        metadata: ref('Metadata'),
      },
    }),
    error: v3Error,
  },
  {
    path: actions.path,
    parameters: [
      { name: 'account', type: 'string' },
      { name: 'tx_hash', type: 'array' },
      { name: 'msg_hash', type: 'array' },
      { name: 'action_id', type: 'array' },
      { name: 'trace_id', type: 'array' },
      { name: 'mc_seqno', type: 'integer' },
      ...ranges,
      { name: 'action_type', type: 'array' },
      { name: 'exclude_action_type', type: 'array' },
      { name: 'supported_action_types', type: 'array' },
      { name: 'include_accounts', type: 'boolean' },
      { name: 'include_transactions', type: 'boolean' },
      limit,
      offset,
      sort,
    ],
    response: actionsResponse,
    error: v3Error,
  },
  {
    path: pendingActions.path,
    parameters: [
      { name: 'account', type: 'string' },
      { name: 'ext_msg_hash', type: 'array' },
      { name: 'supported_action_types', type: 'array' },
      { name: 'include_transactions', type: 'boolean' },
    ],
    response: actionsResponse,
    error: v3Error,
  },
  {
    path: accountStates.path,
    // the spec allows 1000 addresses; we take 100, the bound of every list (docs/api.md)
    parameters: [
      { name: 'address', type: 'array', required: true },
      { name: 'include_boc', type: 'boolean' },
    ],
    response: shape({
      always: {
        accounts: nullable(array(ref('AccountStateFull'))),
        address_book: ref('AddressBook'),
        metadata: ref('Metadata'),
      },
    }),
    error: v3Error,
  },
  {
    path: walletStates.path,
    parameters: [{ name: 'address', type: 'array', required: true }],
    response: shape({
      always: {
        wallets: nullable(array(ref('WalletState'))),
        address_book: ref('AddressBook'),
        metadata: ref('Metadata'),
      },
    }),
    error: v3Error,
  },
  {
    path: addressBookOperation.path,
    parameters: [{ name: 'address', type: 'array', required: true }],
    response: ref('AddressBook'),
    error: v3Error,
  },
  {
    path: metadataOperation.path,
    parameters: [{ name: 'address', type: 'array', required: true }],
    response: ref('Metadata'),
    error: v3Error,
  },
  {
    path: topAccountsByBalance.path,
    parameters: [limit, offset],
    response: array(ref('AccountBalance')),
    error: v3Error,
  },
  {
    path: jettonMasters.path,
    parameters: [addresses('address'), addresses('admin_address'), limit, offset],
    response: tokenList('jetton_masters', 'JettonMaster'),
    error: v3Error,
  },
  {
    path: jettonWallets.path,
    parameters: [
      addresses('address'),
      addresses('owner_address'),
      addresses('jetton_address'),
      { name: 'exclude_zero_balance', type: 'boolean' },
      limit,
      offset,
      sort,
    ],
    response: tokenList('jetton_wallets', 'JettonWallet'),
    error: v3Error,
  },
  {
    path: jettonTransfers.path,
    parameters: [
      addresses('owner_address'),
      addresses('jetton_wallet'),
      { name: 'jetton_master', type: 'string' },
      direction,
      ...ranges,
      limit,
      offset,
      sort,
    ],
    response: tokenList('jetton_transfers', 'JettonTransfer'),
    error: v3Error,
  },
  {
    path: jettonBurns.path,
    parameters: [
      addresses('address'),
      addresses('jetton_wallet'),
      { name: 'jetton_master', type: 'string' },
      ...ranges,
      limit,
      offset,
      sort,
    ],
    response: tokenList('jetton_burns', 'JettonBurn'),
    error: v3Error,
  },
  {
    path: nftCollections.path,
    parameters: [addresses('collection_address'), addresses('owner_address'), limit, offset],
    response: tokenList('nft_collections', 'NFTCollection'),
    error: v3Error,
  },
  {
    path: nftItems.path,
    parameters: [
      addresses('address'),
      addresses('owner_address'),
      addresses('collection_address'),
      addresses('index'),
      { name: 'sort_by_last_transaction_lt', type: 'boolean' },
      limit,
      offset,
    ],
    response: tokenList('nft_items', 'NFTItem'),
    error: v3Error,
  },
  {
    path: nftTransfers.path,
    parameters: [
      addresses('owner_address'),
      addresses('item_address'),
      { name: 'collection_address', type: 'string' },
      direction,
      ...ranges,
      limit,
      offset,
      sort,
    ],
    response: tokenList('nft_transfers', 'NFTTransfer'),
    error: v3Error,
  },
  {
    // Ours, not TON Center's (it has no search by symbol): answered in the shape of jetton/masters,
    // each entry a published `JettonMaster`.
    path: jettonSearch.path,
    parameters: [{ name: 'q', type: 'string', required: true }, limit, offset],
    response: tokenList('jetton_masters', 'JettonMaster'),
    error: v3Error,
  },
  {
    // Not in the published OpenAPI of the version we follow; TON Center's server has it, with this
    // shape: nanoton changes and fees as JSON integers, jetton changes as decimal strings.
    path: balanceChanges.path,
    parameters: [
      { name: 'trace_id', type: 'string' },
      { name: 'action_id', type: 'string' },
    ],
    response: shape({ always: { changes: map(integer), fees: map(integer), jettons: map(map(string)) } }),
    error: v3Error,
  },
  ...V2_METHOD_CONTRACTS.map(([path, parameters]) => v2Method(path, parameters)),
  ...V3_ACCOUNT_INFORMATION_CONTRACTS,
];

/** The operation a request path (query string allowed) belongs to, if any. */
export function operationOf(path: string): ContractOperation | undefined {
  const route = path.split('?')[0];
  return OPERATIONS.find((o) => o.path === route);
}
