// TON Center's jetton and NFT lists (jetton/masters, jetton/wallets, jetton/transfers, jetton/burns,
// nft/collections, nft/items, nft/transfers) against the real server on the generated ledger. Every
// answer goes through the published contract and our strict schemas (startTestServer's `get`); the
// values are held to sums and owners computed here from the transactions themselves: each message
// body is parsed with @ton/core by its TL-B layout (TEP-74, TEP-62, the sale contract), not by the
// decoder the server uses.
import { Address, Cell, type Slice } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/test-server';

let s: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked field by field
type Json = any;

async function ok(path: string): Promise<Json> {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
}

/** Every page of a list, `limit` at a time, until a short page. */
async function walk(path: string, key: string, limit = 1000): Promise<Json[]> {
  const all: Json[] = [];
  for (let offset = 0; ; offset += limit) {
    const r = await ok(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`);
    all.push(...r[key]);
    if (r[key].length < limit) return all;
  }
}

const raw = (a: Address | null) => (a ? `${a.workChain}:${a.hash.toString('hex').toUpperCase()}` : null);
const big = (v: string) => BigInt(v);

const OP = {
  transfer: 0x0f8a7ea5,
  internalTransfer: 0x178d4519,
  burn: 0x595f07bc,
  burnNotification: 0x7bdd97de,
  mint: 0x642b7d07,
  nftTransfer: 0x5fcc3d14,
  nftDeploy: 0x00000001,
};

/** The inbound body of a transaction, past its opcode (and past 0xffffffff for a bounce). */
function inBody(t: Json): { op: number; s: Slice; bounced: boolean } | null {
  if (!t.in_msg || t.in_msg.source === null) return null;
  const s = Cell.fromBase64(t.in_msg.message_content.body).beginParse();
  if (s.remainingBits < 32) return null;
  let op = s.loadUint(32);
  const bounced = t.in_msg.bounced === true;
  if (bounced) op = s.loadUint(32);
  return { op, s, bounced };
}

/** Every transaction, oldest first, by account. */
let byAccount: Map<string, Json[]>;
let byTrace: Map<string, Json[]>;
let accountsOf: (iface: string) => string[];

beforeAll(async () => {
  s = await startTestServer();
  const txs = await walk('/api/v3/transactions?sort=asc', 'transactions');
  byAccount = new Map();
  byTrace = new Map();
  for (const t of txs) {
    byAccount.set(t.account, [...(byAccount.get(t.account) ?? []), t]);
    byTrace.set(t.trace_id, [...(byTrace.get(t.trace_id) ?? []), t]);
  }
  // the accounts whose state has the code the address book names so (a contract whose trace is still
  // in flight is not in the address book yet, but its state is in the ledger)
  accountsOf = (iface) =>
    s.sql
      .prepare(
        `SELECT DISTINCT t.account FROM transactions t JOIN account_states st ON st.hash = t.state_after
         WHERE st.code_hash = (SELECT code_hash FROM accounts WHERE interfaces = ? LIMIT 1) ORDER BY t.account`,
      )
      .pluck()
      .all(`["${iface}"]`) as string[];
}, 600_000);
afterAll(async () => s?.close());

const ok200 = (t: Json) => !t.description.aborted;
const newestLt = (account: string) => byAccount.get(account)!.at(-1)!.lt;

describe('jettons', () => {
  let wallets: Json[];
  let master: string;
  beforeAll(async () => {
    wallets = await walk('/api/v3/jetton/wallets', 'jetton_wallets');
    [master] = accountsOf('jetton_master');
  }, 300_000);

  it('jetton/wallets: every jetton wallet, by address; each balance is its mints and transfers in, minus its transfers out and burns, from its own transactions', () => {
    expect(wallets.map((w) => w.address)).toEqual(accountsOf('jetton_wallet'));
    expect(wallets.length).toBeGreaterThan(10);
    for (const w of wallets) {
      let balance = 0n;
      for (const t of byAccount.get(w.address)!.filter(ok200)) {
        const b = inBody(t);
        if (!b) continue;
        b.s.loadUintBig(64);
        if (b.bounced) {
          // a transfer or burn notification that came back: the wallet takes its amount back
          if (b.op === OP.internalTransfer || b.op === OP.burnNotification) balance += b.s.loadCoins();
        } else if (b.op === OP.internalTransfer) balance += b.s.loadCoins();
        else if (b.op === OP.transfer || b.op === OP.burn) balance -= b.s.loadCoins();
      }
      expect(big(w.balance), w.address).toBe(balance);
      expect(w.jetton).toBe(master);
      expect(w.last_transaction_lt).toBe(newestLt(w.address));
    }
  });

  it('jetton/transfers and jetton/burns: exactly the requests the wallets carried out, each with what its body and its trace say', async () => {
    const transfers = await walk('/api/v3/jetton/transfers?sort=asc', 'jetton_transfers');
    const burns = await walk('/api/v3/jetton/burns?sort=asc', 'jetton_burns');
    const owners = new Map(wallets.map((w) => [w.address, w.owner]));
    const expectedTransfers: Json[] = [];
    const expectedBurns: Json[] = [];
    for (const w of wallets) {
      for (const t of byAccount.get(w.address)!.filter(ok200)) {
        const b = inBody(t);
        if (!b || b.bounced || (b.op !== OP.transfer && b.op !== OP.burn)) continue;
        const queryId = b.s.loadUintBig(64).toString();
        const amount = b.s.loadCoins().toString();
        const stamp = { transaction_hash: t.hash, transaction_lt: t.lt, transaction_now: t.now, trace_id: t.trace_id };
        if (b.op === OP.transfer) {
          const destination = raw(b.s.loadAddress());
          expectedTransfers.push({ ...stamp, query_id: queryId, amount, source: t.in_msg.source, destination });
        } else expectedBurns.push({ ...stamp, query_id: queryId, amount, owner: t.in_msg.source });
        // the owner asked: only its requests go through
        expect(t.in_msg.source).toBe(w.owner);
      }
    }
    const byLt = (a: Json, b: Json) => (big(a.transaction_lt) < big(b.transaction_lt) ? -1 : 1);
    expect(transfers.length).toBeGreaterThan(0);
    expect(burns.length).toBeGreaterThan(0);
    expect(transfers).toEqual(expectedTransfers.sort(byLt).map((e) => expect.objectContaining(e)));
    expect(burns).toEqual(expectedBurns.sort(byLt).map((e) => expect.objectContaining(e)));
    for (const x of transfers) {
      expect(x.jetton_master).toBe(master);
      expect(x.transaction_aborted).toBe(false);
      // the destination is the owner of the wallet whose internal transfer of that amount the trace carries
      const received = byTrace
        .get(x.trace_id)!
        .find((t) => t.account !== x.source_wallet && inBody(t)?.op === OP.internalTransfer && !inBody(t)!.bounced);
      if (received) expect(owners.get(received.account)).toBe(x.destination);
      else expect((await ok(`/api/v3/pendingTraces?account=${x.source_wallet}`)).traces.length).toBeGreaterThan(0);
    }
    // newest first: the same list reversed; pages cut it where asked
    expect(await walk('/api/v3/jetton/transfers', 'jetton_transfers', 7)).toEqual([...transfers].reverse());
    expect((await ok('/api/v3/jetton/burns?limit=3&offset=1')).jetton_burns).toEqual([...burns].reverse().slice(1, 4));
  }, 300_000);

  it("each wallet's balance equals its mints and transfers in, minus the lists' transfers out and burns of it", async () => {
    for (const w of wallets) {
      let minted = 0n;
      let received = 0n;
      for (const t of byAccount.get(w.address)!.filter(ok200)) {
        const b = inBody(t);
        if (!b || (b.op !== OP.internalTransfer && !(b.bounced && b.op === OP.burnNotification))) continue;
        b.s.loadUintBig(64);
        // a mint comes from the minter; what bounced back is the wallet's own again
        if (t.in_msg.source === master && !b.bounced) minted += b.s.loadCoins();
        else received += b.s.loadCoins();
      }
      const out = await walk(`/api/v3/jetton/transfers?jetton_wallet=${w.address}`, 'jetton_transfers');
      const burned = await walk(`/api/v3/jetton/burns?jetton_wallet=${w.address}`, 'jetton_burns');
      const sum = (xs: Json[]) => xs.reduce((a, x) => a + big(x.amount), 0n);
      expect(big(w.balance), w.address).toBe(minted + received - sum(out) - sum(burned));
    }
  }, 300_000);

  it('holders: a jetton wallets list by balance pages past 10, largest first (then address), and back', async () => {
    const holders = wallets
      .filter((w) => w.jetton === master)
      .sort((a, b) =>
        big(a.balance) !== big(b.balance) ? (big(a.balance) > big(b.balance) ? -1 : 1) : a.address > b.address ? -1 : 1,
      );
    expect(holders.length).toBeGreaterThan(10);
    const paged = await walk(`/api/v3/jetton/wallets?jetton_address=${master}&sort=desc`, 'jetton_wallets', 10);
    expect(paged).toEqual(holders);
    expect(await walk(`/api/v3/jetton/wallets?jetton_address=${master}&sort=asc`, 'jetton_wallets', 10)).toEqual(
      [...holders].reverse(),
    );
    expect(await walk('/api/v3/jetton/wallets?sort=desc&exclude_zero_balance=true', 'jetton_wallets', 10)).toEqual(
      holders.filter((w) => big(w.balance) > 0n),
    );
    // by owner (several), by address: the whole list's rows that match, by address
    const [a, b] = [holders[0], holders[holders.length - 1]];
    expect((await ok(`/api/v3/jetton/wallets?owner_address=${b.owner},${a.owner}`)).jetton_wallets).toEqual(
      [a, b].sort((x, y) => (x.address < y.address ? -1 : 1)),
    );
    expect((await ok(`/api/v3/jetton/wallets?address=${a.address}`)).jetton_wallets).toEqual([a]);
  });

  it('jetton/masters: the supply is every mint less every burn, the admin the one who mints', async () => {
    const [m] = (await ok('/api/v3/jetton/masters')).jetton_masters;
    let supply = 0n;
    let admin: string | null = null;
    for (const t of byAccount.get(master)!.filter(ok200)) {
      const b = inBody(t);
      if (!b || b.bounced) continue;
      b.s.loadUintBig(64);
      if (b.op === OP.mint) {
        admin = t.in_msg.source;
        b.s.loadAddress();
        supply += b.s.loadCoins();
      } else if (b.op === OP.burnNotification) supply -= b.s.loadCoins();
    }
    expect(m).toMatchObject({ address: master, total_supply: supply.toString(), admin_address: admin, mintable: true });
    expect(m.last_transaction_lt).toBe(newestLt(master));
    expect(m.jetton_wallet_code_hash).toBe(wallets[0].code_hash);
    // the content the metadata of the same master gives
    const meta = await ok(`/api/v3/metadata?address=${master}`);
    expect(m.jetton_content.symbol).toBe(meta[master].token_info[0].symbol);
    expect((await ok(`/api/v3/jetton/masters?admin_address=${admin}`)).jetton_masters).toEqual([m]);
    expect((await ok(`/api/v3/jetton/masters?admin_address=${wallets[0].address}`)).jetton_masters).toEqual([]);
  });

  it('transfers by owner: sent, received, and either way once each', async () => {
    const all = await walk('/api/v3/jetton/transfers?sort=asc', 'jetton_transfers');
    const [x, y] = [all[0].source, all[0].destination];
    const cases: [string, (t: Json) => boolean][] = [
      [`owner_address=${x}&direction=out`, (t) => t.source === x],
      [`owner_address=${x}&direction=in`, (t) => t.destination === x],
      [`owner_address=${x},${y}`, (t) => [x, y].includes(t.source) || [x, y].includes(t.destination)],
      [
        `jetton_master=${all[0].jetton_master}&start_lt=${all[1].transaction_lt}`,
        (t) => big(t.transaction_lt) >= big(all[1].transaction_lt),
      ],
      [
        `start_utime=${all[1].transaction_now}&end_utime=${all.at(-1).transaction_now}`,
        (t) => t.transaction_now >= all[1].transaction_now,
      ],
    ];
    for (const [query, match] of cases) {
      const expected = all.filter(match);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(await walk(`/api/v3/jetton/transfers?sort=asc&${query}`, 'jetton_transfers', 5), query).toEqual(expected);
    }
  }, 300_000);
});

describe('NFTs', () => {
  let items: Json[];
  let collection: string;
  beforeAll(async () => {
    items = await walk('/api/v3/nft/items', 'nft_items');
    [collection] = accountsOf('nft_collection');
  }, 300_000);

  /** The owner an item got from its collection's deploy message: its first transaction's body. */
  function mintedOwner(item: string): string {
    const [first] = byAccount.get(item)!;
    return raw(Cell.fromBase64(first.in_msg.message_content.body).beginParse().loadAddress())!;
  }

  it('nft/items: every item by index; each owner is the new owner of its last transfer, or its minted owner', async () => {
    expect(items.map((i) => i.address).sort()).toEqual(accountsOf('nft_item'));
    expect(items.length).toBeGreaterThan(1);
    expect(items.map((i) => Number(i.index))).toEqual(items.map((_, n) => n));
    const transfers = await walk('/api/v3/nft/transfers?sort=asc', 'nft_transfers');
    for (const i of items) {
      const last = transfers.filter((t) => t.nft_address === i.address).at(-1);
      expect(i.owner_address, i.address).toBe(last ? last.new_owner : mintedOwner(i.address));
      expect(i).toMatchObject({ init: true, collection_address: collection, last_transaction_lt: newestLt(i.address) });
      expect(i.collection.address).toBe(collection);
      // the item's own name, from its collection's deploy message
      const [first] = byAccount.get(i.address)!;
      const deployed = Cell.fromBase64(first.in_msg.message_content.body).beginParse();
      deployed.loadAddress();
      expect(i.content.name).toBe(deployed.loadRef().beginParse().loadStringTail());
    }
  }, 300_000);

  it('an NFT on sale: its owner is the sale contract, its real owner the seller who handed it over', async () => {
    const onSale = items.filter((i) => i.on_sale);
    expect(onSale.length).toBeGreaterThan(0);
    for (const i of onSale) {
      expect(i.sale_contract_address).toBe(i.owner_address);
      const [last] = (await ok(`/api/v3/nft/transfers?item_address=${i.address}&limit=1`)).nft_transfers;
      expect(last.new_owner).toBe(i.owner_address);
      expect(i.real_owner).toBe(last.old_owner);
      // the sale contract's own data: nft, seller, marketplace, price
      const [sale] = (await ok(`/api/v3/accountStates?address=${i.owner_address}`)).accounts;
      const data = Cell.fromBase64(sale.data_boc).beginParse();
      expect(raw(data.loadAddress())).toBe(i.address);
      expect(raw(data.loadAddress())).toBe(i.real_owner);
      expect((await ok(`/api/v3/addressBook?address=${i.owner_address}`))[i.owner_address].interfaces).toEqual([
        'nft_sale',
      ]);
    }
    for (const i of items.filter((x) => !x.on_sale)) {
      expect(i).not.toHaveProperty('real_owner');
      expect(i).not.toHaveProperty('sale_contract_address');
    }
  });

  it('nft/items filters: by owner, collection and index, address; by last transaction', async () => {
    const [a, b] = [items[0], items[items.length - 1]];
    expect((await ok(`/api/v3/nft/items?owner_address=${a.owner_address}&limit=1000`)).nft_items).toEqual(
      items.filter((i) => i.owner_address === a.owner_address),
    );
    expect(
      (await ok(`/api/v3/nft/items?collection_address=${collection}&index=${b.index},${a.index}`)).nft_items,
    ).toEqual([a, b]);
    expect((await ok(`/api/v3/nft/items?address=${b.address},${a.address}`)).nft_items).toEqual([a, b]);
    const byLt = [...items].sort((x, y) =>
      big(x.last_transaction_lt) !== big(y.last_transaction_lt)
        ? big(x.last_transaction_lt) > big(y.last_transaction_lt)
          ? -1
          : 1
        : x.address > y.address
          ? -1
          : 1,
    );
    expect(await walk('/api/v3/nft/items?sort_by_last_transaction_lt=true', 'nft_items', 3)).toEqual(byLt);
  });

  it('nft/transfers: exactly the transfers the items carried out, by lt; by owner either way once each', async () => {
    const transfers = await walk('/api/v3/nft/transfers?sort=asc', 'nft_transfers');
    const expected: Json[] = [];
    for (const i of items) {
      for (const t of byAccount.get(i.address)!.filter(ok200)) {
        const b = inBody(t);
        if (!b || b.bounced || b.op !== OP.nftTransfer) continue;
        const queryId = b.s.loadUintBig(64).toString();
        const newOwner = raw(b.s.loadAddress());
        expected.push({
          transaction_hash: t.hash,
          transaction_lt: t.lt,
          query_id: queryId,
          nft_address: i.address,
          nft_collection: collection,
          old_owner: t.in_msg.source,
          new_owner: newOwner,
        });
      }
    }
    expect(transfers.length).toBeGreaterThan(0);
    expect(transfers).toEqual(
      expected
        .sort((x, y) => (big(x.transaction_lt) < big(y.transaction_lt) ? -1 : 1))
        .map((e) => expect.objectContaining(e)),
    );
    const [x, y] = [transfers[0].old_owner, transfers[0].new_owner];
    for (const [query, match] of [
      [`owner_address=${x}&direction=out`, (t: Json) => t.old_owner === x],
      [`owner_address=${x}&direction=in`, (t: Json) => t.new_owner === x],
      [`owner_address=${x},${y}`, (t: Json) => [x, y].includes(t.old_owner) || [x, y].includes(t.new_owner)],
      [`collection_address=${collection}`, () => true],
    ] as const) {
      expect(await walk(`/api/v3/nft/transfers?sort=asc&${query}`, 'nft_transfers', 4), query).toEqual(
        transfers.filter(match),
      );
    }
  }, 300_000);

  it('decoded payloads: a forward payload that is a text comment reads as one; none, null', async () => {
    const lists = [
      ...(await walk('/api/v3/jetton/transfers?sort=asc', 'jetton_transfers')),
      ...(await walk('/api/v3/nft/transfers?sort=asc', 'nft_transfers')),
    ];
    /** A text comment read from the payload's cell by its TL-B layout, or null when it is none. */
    const comment = (boc: string): string | null => {
      const s = Cell.fromBase64(boc).beginParse();
      return s.remainingBits >= 32 && s.loadUint(32) === 0 ? s.loadStringTail() : null;
    };
    const commented = lists.filter((x) => x.forward_payload !== null && comment(x.forward_payload) !== null);
    expect(commented.length).toBeGreaterThan(0);
    for (const x of commented)
      expect(x.decoded_forward_payload).toEqual({ type: 'text_comment', comment: comment(x.forward_payload) });
    for (const x of lists.filter((y) => y.forward_payload === null)) expect(x.decoded_forward_payload).toBeNull();
    for (const x of lists.filter((y) => y.custom_payload === null)) expect(x.decoded_custom_payload).toBeNull();
  }, 300_000);

  it('nft/collections: the collection, its next index the number of its items', async () => {
    const { nft_collections: cs } = await ok('/api/v3/nft/collections');
    expect(cs.map((c: Json) => c.address)).toEqual([collection]);
    expect(cs[0].next_item_index).toBe(String(items.length));
    expect(cs[0].last_transaction_lt).toBe(newestLt(collection));
    expect(items[0].collection).toEqual(cs[0]);
    expect((await ok(`/api/v3/nft/collections?owner_address=${cs[0].owner_address}`)).nft_collections).toEqual(cs);
    expect((await ok(`/api/v3/nft/collections?collection_address=${items[0].address}`)).nft_collections).toEqual([]);
  });
});

describe('refuses a bad value by its name', () => {
  it('422 naming the parameter', async () => {
    for (const [path, named] of [
      ['/api/v3/jetton/transfers?direction=in', /direction needs owner_address/],
      ['/api/v3/nft/transfers?direction=out', /direction needs owner_address/],
      ['/api/v3/nft/items?index=1', /index needs collection_address/],
      [`/api/v3/nft/items?collection_address=0:${'0'.repeat(64)}&index=-1`, /index/],
      ['/api/v3/jetton/wallets?sort=up', /sort/],
      ['/api/v3/jetton/wallets?owner_address=0:zz', /owner_address/],
      ['/api/v3/jetton/masters?limit=1001', /limit/],
      ['/api/v3/jetton/burns?owner_address=0:00', /unknown parameter "owner_address"/],
      ['/api/v3/nft/collections?jetton_master=0:00', /unknown parameter "jetton_master"/],
      ['/api/v3/jetton/transfers?jetton_master=0:00,0:11', /jetton_master/],
    ] as const) {
      const r = await s.get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.error, path).toMatch(named);
    }
  });
});
