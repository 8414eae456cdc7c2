// The shapes of TON Center's v3 API ("TON Index (Go)" 1.2.4) that the five REST operations use, written
// from its published OpenAPI definitions (field names and types) and from how its server prints
// them (see json-schema.ts). Names match the published definitions, so a reader can compare them.
import { array, boolean, integer, map, nullable, object, ref, shape, string, type JsonSchema } from './json-schema';

const ns = nullable(string);
const strings = map(string);

export const v3Definitions: Record<string, JsonSchema> = {
  BlockId: shape({ always: { workchain: integer, shard: string, seqno: integer } }),

  Block: shape({
    always: {
      workchain: integer,
      shard: string,
      seqno: integer,
      root_hash: string,
      file_hash: string,
      global_id: integer,
      version: integer,
      after_merge: boolean,
      before_split: boolean,
      after_split: boolean,
      want_merge: boolean,
      want_split: boolean,
      key_block: boolean,
      vert_seqno_incr: boolean,
      flags: integer,
      gen_utime: string,
      start_lt: string,
      end_lt: string,
      validator_list_hash_short: integer,
      gen_catchain_seqno: integer,
      min_ref_mc_seqno: integer,
      prev_key_block_seqno: integer,
      vert_seqno: integer,
      master_ref_seqno: integer,
      rand_seed: string,
      created_by: string,
      tx_count: integer,
      masterchain_block_ref: ref('BlockId'),
      prev_blocks: nullable(array(ref('BlockId'))),
    },
  }),

  AccountState: shape({
    always: {
      hash: string,
      balance: ns,
      extra_currencies: nullable(strings),
      account_status: ns,
      frozen_hash: ns,
      data_hash: ns,
      code_hash: ns,
    },
    omitempty: { data_boc: string, code_boc: string },
  }),

  // `decoded`: null, a text comment `{type: "text_comment", comment}`, or a body a decoder knows,
  // `{type: "<TL-B constructor>", data: {...}}`
  MessageContent: shape({
    always: {
      hash: ns,
      body: ns,
      decoded: nullable({
        anyOf: [
          shape({ always: { type: string, comment: string } }),
          shape({ always: { type: string, data: object } }),
        ],
      }),
    },
  }),

  Message: shape({
    always: {
      hash: string,
      source: ns,
      destination: ns,
      value: ns,
      value_extra_currencies: nullable(strings),
      fwd_fee: ns,
      ihr_fee: ns,
      created_lt: ns,
      created_at: ns,
      opcode: nullable(integer),
      ihr_disabled: nullable(boolean),
      bounce: nullable(boolean),
      bounced: nullable(boolean),
      import_fee: ns,
      message_content: nullable(ref('MessageContent')),
      init_state: nullable(ref('MessageContent')),
    },
    omitempty: { in_msg_tx_hash: string, out_msg_tx_hash: string, hash_norm: string },
    // recent builds print them (null when unset), older ones (mainnet, September 2025) leave them
    // out. We print `extra_flags`; `decoded_opcode` (the name TON Center's decoder gives an opcode)
    // waits for a decoder of opcodes on this side (docs/api.md)
    recent: { extra_flags: ns, decoded_opcode: ns },
  }),

  MsgSize: shape({ always: { cells: ns, bits: ns } }),

  StoragePhase: shape({
    omitempty: { storage_fees_collected: string, storage_fees_due: string, status_change: string },
  }),

  CreditPhase: shape({ omitempty: { due_fees_collected: string, credit: string, credit_extra_currencies: strings } }),

  ComputePhase: shape({
    omitempty: {
      skipped: boolean,
      reason: string,
      success: boolean,
      msg_state_used: boolean,
      account_activated: boolean,
      gas_fees: string,
      gas_used: string,
      gas_limit: string,
      gas_credit: string,
      mode: integer,
      exit_code: integer,
      exit_arg: integer,
      vm_steps: integer,
      vm_init_state_hash: string,
      vm_final_state_hash: string,
    },
  }),

  ActionPhase: shape({
    omitempty: {
      success: boolean,
      valid: boolean,
      no_funds: boolean,
      status_change: string,
      total_fwd_fees: string,
      total_action_fees: string,
      result_code: integer,
      result_arg: integer,
      tot_actions: integer,
      spec_actions: integer,
      skipped_actions: integer,
      msgs_created: integer,
      action_list_hash: string,
      tot_msg_size: ref('MsgSize'),
    },
  }),

  BouncePhase: shape({
    always: { type: ns },
    omitempty: { msg_size: ref('MsgSize'), req_fwd_fees: string, msg_fees: string, fwd_fees: string },
  }),

  SplitInfo: shape({
    omitempty: { cur_shard_pfx_len: integer, acc_split_depth: integer, this_addr: string, sibling_addr: string },
  }),

  TransactionDescr: shape({
    always: { type: string },
    omitempty: {
      aborted: boolean,
      destroyed: boolean,
      credit_first: boolean,
      is_tock: boolean,
      installed: boolean,
      storage_ph: ref('StoragePhase'),
      credit_ph: ref('CreditPhase'),
      compute_ph: ref('ComputePhase'),
      action: ref('ActionPhase'),
      bounce: ref('BouncePhase'),
      split_info: ref('SplitInfo'),
    },
  }),

  Transaction: shape({
    always: {
      account: string,
      hash: string,
      lt: string,
      now: integer,
      mc_block_seqno: integer,
      prev_trans_hash: string,
      prev_trans_lt: string,
      orig_status: string,
      end_status: string,
      total_fees: string,
      total_fees_extra_currencies: nullable(strings),
      description: ref('TransactionDescr'),
      block_ref: ref('BlockId'),
      in_msg: nullable(ref('Message')),
      out_msgs: nullable(array(ref('Message'))),
      account_state_before: nullable(ref('AccountState')),
      account_state_after: nullable(ref('AccountState')),
      emulated: boolean,
    },
    omitempty: { trace_id: string, trace_external_hash: string },
  }),

  AddressBookRow: shape({
    always: { user_friendly: ns, domain: ns },
    // printed by recent builds (their published definition does not list it); we always print it
    recent: { interfaces: nullable(array(string)) },
  }),

  TokenInfo: shape({
    omitempty: {
      valid: boolean,
      type: string,
      name: string,
      symbol: string,
      description: string,
      image: string,
      nft_index: string,
      extra: object,
    },
  }),

  AddressMetadata: shape({ always: { is_indexed: boolean, token_info: nullable(array(ref('TokenInfo'))) } }),

  Action: shape({
    always: {
      trace_id: ns,
      action_id: string,
      start_lt: string,
      end_lt: string,
      start_utime: integer,
      end_utime: integer,
      trace_end_lt: string,
      trace_end_utime: integer,
      trace_mc_seqno_end: integer,
      transactions: nullable(array(string)),
      success: nullable(boolean),
      type: string,
      details: {},
    },
    omitempty: {
      trace_external_hash: string,
      trace_external_hash_norm: string,
      accounts: array(string),
      transactions_full: array(ref('Transaction')),
    },
  }),

  TraceMeta: shape({
    always: {
      trace_state: string,
      messages: integer,
      transactions: integer,
      pending_messages: integer,
      classification_state: string,
    },
  }),

  TraceNode: shape({
    always: { children: nullable(array(ref('TraceNode'))) },
    omitempty: { tx_hash: string, in_msg_hash: string, transaction: ref('Transaction'), in_msg: ref('Message') },
    // the node's transaction at a glance, so a tree can be drawn without the `transactions` map
    ours: { transaction_hash: string, transaction_lt: string, transaction_now: integer, transaction_aborted: boolean },
  }),

  Trace: shape({
    always: {
      trace_id: ns,
      external_hash: ns,
      mc_seqno_start: string,
      mc_seqno_end: string,
      start_lt: string,
      start_utime: integer,
      end_lt: ns,
      end_utime: nullable(integer),
      trace_info: ref('TraceMeta'),
      is_incomplete: boolean,
    },
    omitempty: {
      warning: string,
      actions: array(ref('Action')),
      trace: ref('TraceNode'),
      transactions_order: array(string),
      transactions: map(ref('Transaction')),
    },
  }),

  // accountStates / walletStates: TON Center's models hold pointers with omitempty throughout; what
  // every state has is always printed, hashes and BOCs an account may lack are left out without it
  AccountStateFull: shape({
    always: {
      address: string,
      account_state_hash: string,
      balance: string,
      extra_currencies: nullable(strings),
      status: string,
      last_transaction_hash: string,
      last_transaction_lt: string,
    },
    omitempty: {
      frozen_hash: string,
      data_hash: string,
      code_hash: string,
      data_boc: string,
      code_boc: string,
      contract_methods: array(integer),
      interfaces: array(string),
    },
  }),

  WalletState: shape({
    always: {
      address: string,
      is_wallet: boolean,
      balance: string,
      extra_currencies: nullable(strings),
      status: string,
      last_transaction_hash: string,
      last_transaction_lt: string,
    },
    omitempty: {
      wallet_type: string,
      seqno: integer,
      wallet_id: integer,
      is_signature_allowed: boolean,
      code_hash: string,
    },
  }),

  AccountBalance: shape({ always: { account: string, balance: string } }),

  // the jetton and NFT lists: TON Center's Go models print a pointer as null, never leave it out;
  // an item's sale fields are omitempty; `jetton_content` and the like are objects of strings
  JettonMaster: shape({
    always: {
      address: string,
      total_supply: string,
      mintable: boolean,
      admin_address: ns,
      jetton_content: object,
      jetton_wallet_code_hash: string,
      code_hash: ns,
      data_hash: ns,
      last_transaction_lt: string,
    },
  }),
  JettonWallet: shape({
    always: {
      address: string,
      balance: string,
      owner: string,
      jetton: string,
      last_transaction_lt: string,
      code_hash: ns,
      data_hash: ns,
    },
    omitempty: { mintless_info: object },
  }),
  JettonTransfer: shape({
    always: {
      query_id: string,
      source: string,
      destination: string,
      amount: string,
      source_wallet: string,
      jetton_master: string,
      transaction_hash: string,
      transaction_lt: string,
      transaction_now: integer,
      transaction_aborted: boolean,
      response_destination: ns,
      custom_payload: ns,
      decoded_custom_payload: nullable(object),
      forward_ton_amount: ns,
      forward_payload: ns,
      decoded_forward_payload: nullable(object),
      trace_id: ns,
    },
  }),
  JettonBurn: shape({
    always: {
      query_id: string,
      owner: string,
      jetton_wallet: string,
      jetton_master: string,
      transaction_hash: string,
      transaction_lt: string,
      transaction_now: integer,
      transaction_aborted: boolean,
      amount: string,
      response_destination: ns,
      custom_payload: ns,
      decoded_custom_payload: nullable(object),
      trace_id: ns,
    },
  }),
  NFTCollection: shape({
    always: {
      address: string,
      owner_address: ns,
      last_transaction_lt: string,
      next_item_index: string,
      collection_content: nullable(object),
      data_hash: string,
      code_hash: string,
    },
  }),
  NFTItem: shape({
    always: {
      address: string,
      init: boolean,
      index: string,
      collection_address: ns,
      owner_address: ns,
      content: nullable(object),
      last_transaction_lt: string,
      code_hash: string,
      data_hash: string,
      collection: nullable(ref('NFTCollection')),
      on_sale: boolean,
    },
    omitempty: { sale_contract_address: string, auction_contract_address: string, real_owner: string },
  }),
  NFTTransfer: shape({
    always: {
      query_id: string,
      nft_address: string,
      nft_collection: string,
      transaction_hash: string,
      transaction_lt: string,
      transaction_now: integer,
      transaction_aborted: boolean,
      old_owner: string,
      new_owner: string,
      response_destination: ns,
      custom_payload: ns,
      decoded_custom_payload: nullable(object),
      forward_amount: ns,
      forward_payload: ns,
      decoded_forward_payload: nullable(object),
      trace_id: ns,
    },
  }),

  AddressBook: map(ref('AddressBookRow')),
  Metadata: map(ref('AddressMetadata')),

  RequestError: shape({ always: { error: string }, omitempty: { code: integer } }),
};
