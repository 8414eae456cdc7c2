import { a, line, obj, on, str, ton, who, type Details, type Summarizer } from './parts';

// NFTs, their sales and auctions (Getgems, Fragment...), and TON DNS domains (NFTs of the .ton
// collection): ton-index-go's ActionDetailsNftMint, ...NftTransfer (also for nft_purchase),
// ...NftPutOnSale, ...NftPutOnAuction (also teleitem_start_auction), ...NftCancelSale,
// ...NftCancelAuction, ...NftFinishAuction, ...NftUpdateSale, ...NftDiscovery, ...AuctionBid,
// ...AuctionOutbid, ...DnsPurchase, ...DnsRelease, ...ChangeDns, ...DeleteDns, ...RenewDns.

const item = (d: Details) => who(d.nft_item ?? d.nft_address, 'an NFT');

/** The value a DNS record was set to, by its kind (TON Center names the record's TL-B constructor). */
function dnsValue(v: Details): string | null {
  const kind = str(v.sum_type);
  const value =
    str(v.dns_smc_address) ??
    str(v.dns_next_resolver_address) ??
    str(v.dns_adnl_address) ??
    str(v.dns_storage_address) ??
    str(v.dns_text);
  const what: Record<string, string> = {
    DNSSmcAddress: 'wallet',
    DNSNextResolver: 'next resolver',
    DNSAdnlAddress: 'ADNL address',
    DNSStorageAddress: 'storage bag',
    DNSText: 'text',
  };
  if (!kind && !value) return null;
  return ` to ${kind ? (what[kind] ?? kind) : 'value'}${value ? ` ${value}` : ''}`;
}

/** "A set record K of domain D": a DNS record's change or deletion. */
const dnsRecord = (d: Details, verb: string, key: unknown) => [
  who(d.source, 'someone'),
  verb,
  str(key) ? `record ${str(key)}` : 'a record',
  ' of domain ',
  who(d.asset, 'a domain'),
];

const purchase: Summarizer = (d) =>
  line(
    who(d.new_owner, 'someone'),
    ' bought ',
    item(d),
    [' from ', a(d.real_old_owner ?? d.old_owner)],
    [' for ', ton(d.price)],
    on(d.marketplace),
  );

const auction: Summarizer = (d) =>
  line(
    who(d.owner, 'someone'),
    ' put ',
    item(d),
    ' up for auction',
    on(d.marketplace),
    [', from ', ton(d.min_bid)],
    str(d.max_bid) && str(d.max_bid) !== '0' ? [', sold at once for ', ton(d.max_bid)] : null,
  );

const cancelAuction: Summarizer = (d) =>
  line(who(d.owner, 'someone'), ' cancelled the auction of ', item(d), on(d.marketplace));

export const NFT: Record<string, Summarizer> = {
  nft_mint: (d) =>
    line(who(d.nft_collection, 'a collection'), ' minted NFT ', item(d), [' to ', a(d.owner ?? d.new_owner)]),
  nft_transfer: (d, m) =>
    d.is_purchase === true
      ? purchase(d, m)
      : line(
          str(d.old_owner) ? a(d.old_owner) : 'someone',
          ' transferred NFT ',
          item(d),
          [' to ', a(d.new_owner)],
          str(d.comment) ? ` with comment “${str(d.comment)}”` : null,
        ),
  nft_purchase: purchase,
  nft_put_on_sale: (d) =>
    line(who(d.owner, 'someone'), ' put ', item(d), ' on sale', [' for ', ton(d.full_price)], on(d.marketplace), [
      ' (sale contract ',
      a(d.sale_address),
      ')',
    ]),
  nft_update_sale: (d) =>
    line(who(d.source, 'someone'), ' changed the price of ', item(d), [' to ', ton(d.full_price)], on(d.marketplace)),
  nft_cancel_sale: (d) => line(who(d.owner, 'someone'), ' took ', item(d), ' off sale', on(d.marketplace)),
  nft_put_on_auction: auction,
  teleitem_start_auction: auction,
  nft_cancel_auction: cancelAuction,
  teleitem_cancel_auction: cancelAuction,
  nft_finish_auction: (d) =>
    line('the auction of ', item(d), ' ended', on(d.marketplace), [' (owner ', a(d.owner), ')']),
  nft_discovery: (d) =>
    line(
      who(d.source, 'someone'),
      ' asked ',
      who(d.nft_collection, 'a collection'),
      ' to confirm ',
      item(d),
      str(d.nft_item_index) ? ` (index ${str(d.nft_item_index)})` : null,
    ),
  auction_bid: (d) =>
    line(
      who(d.bidder, 'someone'),
      ' bid ',
      ton(d.amount) ?? 'on',
      [' on ', a(d.nft_item)],
      [' (auction ', a(d.auction), ')'],
    ),
  auction_outbid: (d) =>
    line(
      who(d.new_bidder, 'someone'),
      ' outbid ',
      who(d.bidder, 'the previous bidder'),
      [' on ', a(d.nft_item)],
      [' with ', ton(d.amount)],
      on(d.marketplace),
    ),
  dns_purchase: (d) => line(who(d.new_owner, 'someone'), ' bought domain ', item(d), [' for ', ton(d.price)]),
  dns_release: (d) => line(who(d.source, 'someone'), ' released domain ', item(d), [', getting back ', ton(d.value)]),
  change_dns: (d) => line(...dnsRecord(d, ' set ', d.key), dnsValue(obj(d.value))),
  delete_dns: (d) => line(...dnsRecord(d, ' deleted ', d.hash)),
  renew_dns: (d) => line(who(d.source, 'someone'), ' renewed domain ', who(d.asset, 'a domain')),
};
