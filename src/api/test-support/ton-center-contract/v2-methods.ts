// The published parameters of the v2 methods of src/api/operations/v2-methods.ts, as TON Center's
// v2 OpenAPI lists them (each answers its `TonResponse`: operations.ts wraps them with `v2Method`).
import type { ContractOperation, ContractParameter } from './operations';
import { integer, nullable, ref, shape, string } from './json-schema';
import { getBlockHeader, getBlockTransactions, getShards, lookupBlock } from '../../operations/v2-blocks';
import { getConfigAll, getConfigParam } from '../../operations/v2-config';
import { getTransactionsV2, tryLocateResultTx, tryLocateSourceTx, tryLocateTx } from '../../operations/v2-locate';
import { detectAddress, detectHash, packAddress, unpackAddress } from '../../operations/v2-utils';
import { getExtendedAddressInformation, getWalletInformation } from '../../operations/v2-wallets';
import { addressInformation, walletInformation } from '../../operations/v3-account-information';

const address: ContractParameter = { name: 'address', type: 'string', required: true };
const atSeqno: ContractParameter = { name: 'seqno', type: 'integer' };
const block: ContractParameter[] = [
  { name: 'workchain', type: 'integer', required: true },
  { name: 'shard', type: 'integer', required: true },
  { name: 'seqno', type: 'integer', required: true },
  { name: 'root_hash', type: 'string' },
  { name: 'file_hash', type: 'string' },
];
const locate: ContractParameter[] = [
  { name: 'source', type: 'string', required: true },
  { name: 'destination', type: 'string', required: true },
  { name: 'created_lt', type: 'integer', required: true },
];

export const V2_METHOD_CONTRACTS: [string, ContractParameter[]][] = [
  [getExtendedAddressInformation.path, [address, atSeqno]],
  [getWalletInformation.path, [address, atSeqno]],
  [getShards.path, [{ name: 'seqno', type: 'integer', required: true }]],
  [
    lookupBlock.path,
    [
      { name: 'workchain', type: 'integer', required: true },
      { name: 'shard', type: 'integer', required: true },
      { name: 'seqno', type: 'integer' },
      { name: 'lt', type: 'integer' },
      { name: 'unixtime', type: 'integer' },
    ],
  ],
  [getBlockHeader.path, block],
  [
    getBlockTransactions.path,
    [
      ...block,
      { name: 'after_lt', type: 'integer' },
      { name: 'after_hash', type: 'string' },
      { name: 'count', type: 'integer' },
    ],
  ],
  [detectAddress.path, [address]],
  [detectHash.path, [{ name: 'hash', type: 'string', required: true }]],
  [packAddress.path, [address]],
  [unpackAddress.path, [address]],
  [
    getTransactionsV2.path,
    [
      address,
      { name: 'count', type: 'integer', minimum: 1, maximum: 100 },
      { name: 'lt', type: 'integer' },
      { name: 'hash', type: 'string' },
      { name: 'to_lt', type: 'integer' },
      { name: 'archival', type: 'boolean' },
    ],
  ],
  [tryLocateTx.path, locate],
  [tryLocateResultTx.path, locate],
  [tryLocateSourceTx.path, locate],
  [getConfigParam.path, [{ name: 'config_id', type: 'integer', required: true }, atSeqno]],
  [getConfigAll.path, [atSeqno]],
];

/** v3's account methods in the v2 form: the published `V2AddressInformation` and `V2WalletInformation`. */
const v3AccountParameters: ContractParameter[] = [address, { name: 'use_v2', type: 'boolean' }];
export const V3_ACCOUNT_INFORMATION_CONTRACTS: ContractOperation[] = [
  {
    path: addressInformation.path,
    parameters: v3AccountParameters,
    response: shape({
      always: {
        balance: string,
        code: nullable(string),
        data: nullable(string),
        frozen_hash: nullable(string),
        last_transaction_hash: string,
        last_transaction_lt: string,
        status: string,
      },
    }),
    error: ref('RequestError'),
  },
  {
    path: walletInformation.path,
    parameters: v3AccountParameters,
    response: shape({
      always: {
        balance: string,
        last_transaction_hash: string,
        last_transaction_lt: string,
        status: string,
      },
      // TON Center's index leaves the wallet's fields out of an address with no code yet
      omitempty: { seqno: integer, wallet_id: integer, wallet_type: string },
    }),
    error: ref('RequestError'),
  },
];
