// The jetton and NFT tables (schema version 5), derived from transactions by one function for both
// engines and for both ways a ledger gets them: the producer derives each batch's rows as it writes
// it (`LedgerBatch.tokenRows`), and the 4 -> 5 migration derives the same rows from what a ledger
// already stores (each token contract's transactions, their states after and inbound bodies).
//
// - State tables (jetton_masters, jetton_wallets, nft_collections, nft_items, nft_sales) hold each
//   contract's newest state, read from its data cell; a row is replaced by a later transaction's
//   only (the lt decides, as `account_balances`'). Which contract an account is comes from its code
//   hash, as the address book says (`accounts.interfaces`).
// - Event tables (jetton_transfers, jetton_burns, nft_transfers) hold one row per transaction of a
//   jetton wallet or NFT item that processed the request, read from its inbound body. Only
//   transactions that were not aborted: an aborted one rolled its state back and moved nothing
//   (TON Center lists jetton transfers the same way).
import { Cell } from '@ton/core';
import { decodeBody } from '../ton/decode/decode-body';
import { toRaw } from '../ton/address';
import {
  readJettonMinterData,
  readJettonWalletData,
  readNftCollectionData,
  readNftItemData,
  readNftSaleData,
  readOnchainMetadata,
} from './contract-data';
import type { InterfaceName, TransactionRecord } from './records';
import { balanceKey } from './account-balances';

/** Where a state row stands: the transaction that made it. */
export interface StateStamp {
  address: string;
  codeHash: Buffer | null;
  dataHash: Buffer | null;
  lt: bigint;
  mcSeqno: number;
}

export interface JettonMasterRow extends StateStamp {
  totalSupply: bigint;
  mintable: boolean;
  admin: string | null;
  /** TEP-64 metadata as JSON (name, symbol, decimals, description, image). */
  content: string;
  walletCodeHash: Buffer;
}

export interface JettonWalletRow extends StateStamp {
  balance: bigint;
  owner: string;
  jetton: string;
}

export interface NftCollectionRow extends StateStamp {
  owner: string | null;
  nextItemIndex: bigint;
  content: string;
}

export interface NftItemRow extends StateStamp {
  /** '' for an item without a collection. */
  collection: string;
  index: bigint;
  owner: string | null;
  content: string;
  init: boolean;
}

/** A sale contract holding an NFT for its seller: what makes an NFT `on_sale`. */
export interface NftSaleRow extends StateStamp {
  nft: string;
  seller: string;
  price: bigint;
  marketplace: string;
}

/** Of a transaction: where it is. */
export interface EventStamp {
  txHash: Buffer;
  lt: bigint;
  now: number;
  mcSeqno: number;
  traceId: Buffer;
  queryId: bigint;
}

export interface JettonTransferRow extends EventStamp {
  amount: bigint;
  /** The owner who asked (the message's sender). */
  source: string;
  /** The owner the jettons go to. */
  destination: string;
  sourceWallet: string;
  jettonMaster: string;
  responseDestination: string | null;
  customPayload: string | null;
  forwardTonAmount: bigint;
  forwardPayload: string | null;
}

export interface JettonBurnRow extends EventStamp {
  owner: string;
  jettonWallet: string;
  jettonMaster: string;
  amount: bigint;
  responseDestination: string | null;
  customPayload: string | null;
}

export interface NftTransferRow extends EventStamp {
  nft: string;
  collection: string;
  oldOwner: string;
  newOwner: string;
  responseDestination: string | null;
  customPayload: string | null;
  forwardAmount: bigint;
  forwardPayload: string | null;
}

export interface TokenRows {
  jettonMasters: JettonMasterRow[];
  jettonWallets: JettonWalletRow[];
  nftCollections: NftCollectionRow[];
  nftItems: NftItemRow[];
  nftSales: NftSaleRow[];
  jettonTransfers: JettonTransferRow[];
  jettonBurns: JettonBurnRow[];
  nftTransfers: NftTransferRow[];
}

export const emptyTokenRows = (): TokenRows => ({
  jettonMasters: [],
  jettonWallets: [],
  nftCollections: [],
  nftItems: [],
  nftSales: [],
  jettonTransfers: [],
  jettonBurns: [],
  nftTransfers: [],
});

/** What a transaction must tell for its token rows: a `TransactionRecord` has it, and so do stored rows. */
export interface TokenTransaction {
  hash: Buffer;
  lt: bigint;
  now: number;
  mcSeqno: number;
  traceId: Buffer;
  account: string;
  aborted: boolean;
  /** The state after: code and data hashes, the data cell's BOC. */
  codeHash: Buffer | null;
  dataHash: Buffer | null;
  dataBoc: Buffer | null;
  /** The inbound message: its sender (null: external) and body BOC. */
  inSource: string | null;
  inBody: Buffer | null;
}

export const tokenTransactionOf = (tx: TransactionRecord): TokenTransaction => ({
  hash: tx.hash,
  lt: tx.lt,
  now: tx.now,
  mcSeqno: tx.mcSeqno,
  traceId: tx.traceId,
  account: tx.account,
  aborted: tx.description.aborted,
  codeHash: tx.stateAfter.codeHash,
  dataHash: tx.stateAfter.dataHash,
  dataBoc: tx.stateAfter.dataBoc,
  inSource: tx.inMsg?.source ?? null,
  inBody: tx.inMsg?.body.boc ?? null,
});

/** A NFT collection's, jetton's or item's TEP-64 content as JSON: the fields it has, in a fixed order. */
function contentJson(meta: Record<string, string | undefined>): string {
  const out: Record<string, string> = {};
  for (const k of ['name', 'symbol', 'decimals', 'description', 'image']) if (meta[k] !== undefined) out[k] = meta[k]!;
  return JSON.stringify(out);
}

const cellOf = (boc: Buffer | null): Cell | null => {
  if (!boc) return null;
  try {
    return Cell.fromBoc(boc)[0] ?? null;
  } catch {
    return null;
  }
};

/** The state row of one contract kind, read from its data; `null` when the data does not parse. */
export function tokenStateRow(
  iface: InterfaceName,
  stamp: StateStamp,
  dataBoc: Buffer | null,
): { table: 'jettonMasters' | 'jettonWallets' | 'nftCollections' | 'nftItems' | 'nftSales'; row: StateStamp } | null {
  const data = cellOf(dataBoc);
  if (!data) return null;
  switch (iface) {
    case 'jetton_master': {
      const m = readJettonMinterData(data);
      const meta = m && readOnchainMetadata(m.content);
      // the minter's data ends with the wallet code it deploys (func/jetton-minter.fc)
      const walletCode = data.refs[1];
      if (!m || !meta || !walletCode) return null;
      const row: JettonMasterRow = {
        ...stamp,
        totalSupply: m.totalSupply,
        // our minter mints whenever its admin asks, and nothing can stop it: always mintable
        mintable: true,
        admin: m.admin ? toRaw(m.admin) : null,
        content: contentJson(meta),
        walletCodeHash: walletCode.hash(),
      };
      return { table: 'jettonMasters', row };
    }
    case 'jetton_wallet': {
      const w = readJettonWalletData(data);
      if (!w) return null;
      const row: JettonWalletRow = { ...stamp, balance: w.balance, owner: toRaw(w.owner), jetton: toRaw(w.master) };
      return { table: 'jettonWallets', row };
    }
    case 'nft_collection': {
      const c = readNftCollectionData(data);
      const meta = c && readOnchainMetadata(c.content);
      if (!c || !meta) return null;
      const row: NftCollectionRow = {
        ...stamp,
        owner: c.owner ? toRaw(c.owner) : null,
        nextItemIndex: c.nextIndex,
        content: contentJson(meta),
      };
      return { table: 'nftCollections', row };
    }
    case 'nft_item': {
      const i = readNftItemData(data);
      if (!i) return null;
      const row: NftItemRow = {
        ...stamp,
        collection: toRaw(i.collection),
        index: i.index,
        owner: i.owner ? toRaw(i.owner) : null,
        // an item's content is its name (func/nft-item.fc); none until the collection initializes it
        content: i.name === null ? '{}' : contentJson({ name: i.name }),
        init: i.owner !== null,
      };
      return { table: 'nftItems', row };
    }
    case 'nft_sale': {
      const s = readNftSaleData(data);
      if (!s) return null;
      const row: NftSaleRow = {
        ...stamp,
        nft: toRaw(s.nft),
        seller: toRaw(s.seller),
        price: s.price,
        marketplace: toRaw(s.marketplace),
      };
      return { table: 'nftSales', row };
    }
    default:
      return null;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const payloadBoc = (v: unknown): string | null =>
  v && typeof v === 'object' && 'boc' in v ? (v as { boc: string }).boc : null;

/**
 * Adds what one transaction of a token contract (`iface`, from its code hash) makes: its state row,
 * and the event its inbound request was, if it processed one.
 */
export function addTokenRows(tx: TokenTransaction, iface: InterfaceName | undefined, into: TokenRows): void {
  if (!iface || iface === 'wallet_v4r2' || iface === 'wallet_v5r1') return;
  const state = tokenStateRow(
    iface,
    { address: tx.account, codeHash: tx.codeHash, dataHash: tx.dataHash, lt: tx.lt, mcSeqno: tx.mcSeqno },
    tx.dataBoc,
  );
  if (!state) return;
  (into[state.table] as StateStamp[]).push(state.row);
  if (tx.aborted || tx.inSource === null || !tx.inBody) return;
  const body = cellOf(tx.inBody);
  const decoded = body && decodeBody(body);
  if (!decoded || !('data' in decoded)) return;
  const d = decoded.data;
  const stamp: EventStamp = {
    txHash: tx.hash,
    lt: tx.lt,
    now: tx.now,
    mcSeqno: tx.mcSeqno,
    traceId: tx.traceId,
    queryId: BigInt(str(d.query_id) ?? '0'),
  };
  if (state.table === 'jettonWallets') {
    const wallet = state.row as JettonWalletRow;
    if (decoded.type === 'jetton_transfer' && str(d.destination)) {
      into.jettonTransfers.push({
        ...stamp,
        amount: BigInt(str(d.amount) ?? '0'),
        source: tx.inSource,
        destination: str(d.destination)!,
        sourceWallet: tx.account,
        jettonMaster: wallet.jetton,
        responseDestination: str(d.response_destination),
        customPayload: payloadBoc(d.custom_payload),
        forwardTonAmount: BigInt(str(d.forward_ton_amount) ?? '0'),
        forwardPayload: payloadBoc(d.forward_payload),
      });
    } else if (decoded.type === 'jetton_burn') {
      into.jettonBurns.push({
        ...stamp,
        owner: tx.inSource,
        jettonWallet: tx.account,
        jettonMaster: wallet.jetton,
        amount: BigInt(str(d.amount) ?? '0'),
        responseDestination: str(d.response_destination),
        customPayload: payloadBoc(d.custom_payload),
      });
    }
  } else if (state.table === 'nftItems' && decoded.type === 'nft_transfer' && str(d.new_owner)) {
    const item = state.row as NftItemRow;
    into.nftTransfers.push({
      ...stamp,
      nft: tx.account,
      collection: item.collection,
      oldOwner: tx.inSource,
      newOwner: str(d.new_owner)!,
      responseDestination: str(d.response_destination),
      customPayload: payloadBoc(d.custom_payload),
      forwardAmount: BigInt(str(d.forward_amount) ?? '0'),
      forwardPayload: payloadBoc(d.forward_payload),
    });
  }
}

/** An NFT item's index as the table holds it: zero-padded (a uint64), so text order is numeric order. */
export const itemIndexKey = (index: bigint): string => index.toString().padStart(20, '0');
export { balanceKey };
