// Every opcode our contracts speak, as unsigned 32-bit values (the API prints them signed:
// `toSignedOpcode` in src/ton/opcode). TEP-74 and TEP-62 fix the standard ones; the mint opcodes
// and those of our own test contracts are ours.
export const OP = {
  comment: 0x00000000,
  jettonTransfer: 0x0f8a7ea5,
  jettonInternalTransfer: 0x178d4519,
  jettonTransferNotification: 0x7362d09c,
  excesses: 0xd53276db,
  jettonBurn: 0x595f07bc,
  jettonBurnNotification: 0x7bdd97de,
  jettonMint: 0x642b7d07,
  nftTransfer: 0x5fcc3d14,
  nftOwnershipAssigned: 0x05138d91,
  nftGetStaticData: 0x2fcb26a2,
  nftReportStaticData: 0x8b771735,
  nftDeployItem: 0x00000001,
  saleBuy: 0x62757921,
  saleCancel: 0x73616c63,
  throwExit: 0x7468726f,
  forwardChain: 0x63686e31,
  forwardFan: 0x66616e31,
} as const;

/** Human names of the opcodes, as an explorer labels messages. */
export const OPCODE_NAMES: Record<number, string> = {
  [OP.jettonTransfer]: 'jetton_transfer',
  [OP.jettonInternalTransfer]: 'jetton_internal_transfer',
  [OP.jettonTransferNotification]: 'jetton_notify',
  [OP.excesses]: 'excess',
  [OP.jettonBurn]: 'jetton_burn',
  [OP.jettonBurnNotification]: 'jetton_burn_notification',
  [OP.jettonMint]: 'jetton_mint',
  [OP.nftTransfer]: 'nft_transfer',
  [OP.nftOwnershipAssigned]: 'nft_ownership_assigned',
  [OP.nftGetStaticData]: 'get_static_data',
  [OP.nftReportStaticData]: 'report_static_data',
  [OP.nftDeployItem]: 'nft_deploy_item',
  [OP.saleBuy]: 'nft_sale_buy',
  [OP.saleCancel]: 'nft_sale_cancel',
  [OP.throwExit]: 'throw_exit',
  [OP.forwardChain]: 'forward_chain',
  [OP.forwardFan]: 'forward_fan',
};
