import { Cell } from '@ton/core';
import { toRaw } from '../../ton/address';
import { readJettonMinterData, readJettonWalletData } from '../contracts/jetton';
import { readOnchainMetadata } from '../contracts/metadata';
import { readNftCollectionData, readNftItemData } from '../contracts/nft';
import type { AccountStateRecord, InterfaceName, TokenInfoRecord } from '../../store/records';

/** Token metadata read from a jetton or NFT contract's data; `null` when it does not parse. */
export function tokenInfo(state: AccountStateRecord, iface: InterfaceName): TokenInfoRecord | null {
  if (!state.dataBoc || iface === 'wallet_v4r2' || iface === 'wallet_v5r1') return null;
  let data: Cell;
  try {
    data = Cell.fromBoc(state.dataBoc)[0]!;
  } catch {
    return null;
  }
  const base = { account: state.account, name: null, symbol: null, decimals: null, description: null, image: null };
  switch (iface) {
    case 'jetton_master': {
      const m = readJettonMinterData(data);
      const meta = m ? readOnchainMetadata(m.content) : null;
      if (!m || !meta) return null;
      return {
        ...base,
        type: 'jetton_masters',
        name: meta.name ?? null,
        symbol: meta.symbol ?? null,
        decimals: meta.decimals !== undefined ? Number(meta.decimals) : 9,
        description: meta.description ?? null,
        image: meta.image ?? null,
        extra: { total_supply: m.totalSupply.toString(), admin: m.admin ? toRaw(m.admin) : null, mintable: true },
      };
    }
    case 'jetton_wallet': {
      const w = readJettonWalletData(data);
      if (!w) return null;
      return {
        ...base,
        type: 'jetton_wallets',
        extra: { jetton: toRaw(w.master), owner: toRaw(w.owner), balance: w.balance.toString() },
      };
    }
    case 'nft_collection': {
      const c = readNftCollectionData(data);
      const meta = c ? readOnchainMetadata(c.content) : null;
      if (!c || !meta) return null;
      return {
        ...base,
        type: 'nft_collections',
        name: meta.name ?? null,
        description: meta.description ?? null,
        image: meta.image ?? null,
        extra: { owner: c.owner ? toRaw(c.owner) : null, next_item_index: c.nextIndex.toString() },
      };
    }
    case 'nft_item': {
      const i = readNftItemData(data);
      if (!i) return null;
      return {
        ...base,
        type: 'nft_items',
        name: i.name,
        extra: {
          collection: toRaw(i.collection),
          index: i.index.toString(),
          owner: i.owner ? toRaw(i.owner) : null,
          initialized: i.owner !== null,
        },
      };
    }
    default:
      return null;
  }
}
