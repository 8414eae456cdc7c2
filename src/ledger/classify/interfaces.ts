import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { compileContracts } from '../contracts/compile';
import type { InterfaceName } from '../../store/records';

/** Interfaces are recognized by code hash, as indexers do: the same code, the same contract kind. */
export async function interfaceTable(): Promise<Map<string, InterfaceName>> {
  const c = await compileContracts();
  const key = Buffer.alloc(32);
  const table = new Map<string, InterfaceName>([
    [WalletContractV4.create({ workchain: 0, publicKey: key }).init.code.hash().toString('hex'), 'wallet_v4r2'],
    [WalletContractV5R1.create({ publicKey: key }).init.code.hash().toString('hex'), 'wallet_v5r1'],
    [c.jettonMinter.hash().toString('hex'), 'jetton_master'],
    [c.jettonWallet.hash().toString('hex'), 'jetton_wallet'],
    [c.nftCollection.hash().toString('hex'), 'nft_collection'],
    [c.nftItem.hash().toString('hex'), 'nft_item'],
    [c.nftSale.hash().toString('hex'), 'nft_sale'],
  ]);
  return table;
}
