// TON Center's message and action lists (messages, actions, pendingActions) and its account reads
// (accountStates, walletStates, addressBook, metadata) against the real server on the generated
// ledger. Every answer goes through the published contract and our strict schemas (startTestServer's
// `get`); the values are checked against the transactions that carry them, the traces that hold
// them and the store, never against pinned figures.
import { Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(async () => s?.close());

const q = encodeURIComponent;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, checked field by field
type Json = any;
async function ok(path: string): Promise<Json> {
  const r = await s.get(path);
  expect(r.status, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(200);
  return r.body;
}
const count = (sql: string, ...args: unknown[]) =>
  Number(
    s.sql
      .prepare(sql)
      .pluck()
      .get(...args),
  );

/** Every page of a list, `limit` at a time, until a short page. */
async function walk(path: string, key: string, limit: number): Promise<Json[]> {
  const all: Json[] = [];
  for (let offset = 0; ; offset += limit) {
    const r = await ok(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`);
    all.push(...r[key]);
    if (r[key].length < limit) return all;
  }
}

/** Every transaction of the ledger by hash, read through `transactions`. */
let txByHash: Map<string, Json>;
/** Every message, ascending, read through `messages`. */
let allMessages: Json[];

/** A message's lt and time as the list orders and bounds it: its own, or its receiver's (external-in). */
function ltOf(m: Json): bigint {
  return m.created_lt !== null ? BigInt(m.created_lt) : BigInt(txByHash.get(m.in_msg_tx_hash).lt);
}
function utimeOf(m: Json): number {
  return m.created_at !== null ? Number(m.created_at) : txByHash.get(m.in_msg_tx_hash).now;
}
const hashesOf = (ms: Json[]) => ms.map((m) => m.hash);

describe('messages', () => {
  beforeAll(async () => {
    txByHash = new Map((await walk('/api/v3/transactions?sort=asc', 'transactions', 1000)).map((t) => [t.hash, t]));
    allMessages = await walk('/api/v3/messages?sort=asc', 'messages', 1000);
  }, 300_000);

  it('each message once, in a stable total order (lt, then hash), both ways', async () => {
    // every message of every transaction, counted from the transactions that carry them
    const carried = new Set<string>();
    for (const t of txByHash.values()) for (const m of [t.in_msg, ...t.out_msgs]) if (m) carried.add(m.hash);
    expect(allMessages).toHaveLength(carried.size);
    expect(new Set(hashesOf(allMessages))).toEqual(carried);
    for (let i = 1; i < allMessages.length; i += 1) {
      const [a, b] = [allMessages[i - 1], allMessages[i]];
      const cmp =
        ltOf(a) !== ltOf(b)
          ? ltOf(a) < ltOf(b)
            ? -1
            : 1
          : Buffer.compare(Buffer.from(a.hash, 'base64'), Buffer.from(b.hash, 'base64'));
      expect(cmp, `${a.hash} then ${b.hash}`).toBe(-1);
    }
    const desc = await walk('/api/v3/messages', 'messages', 997);
    expect(hashesOf(desc)).toEqual(hashesOf(allMessages).reverse());
  }, 300_000);

  it("a message's fields are those of the transactions that sent and received it", () => {
    for (const m of allMessages) {
      const sender = m.out_msg_tx_hash && txByHash.get(m.out_msg_tx_hash);
      const receiver = m.in_msg_tx_hash && txByHash.get(m.in_msg_tx_hash);
      expect(sender || receiver, m.hash).toBeTruthy();
      if (sender) expect(sender.out_msgs.find((x: Json) => x.hash === m.hash)).toEqual(m);
      if (receiver) expect(receiver.in_msg).toEqual(m);
    }
  });

  it('decoded_opcode names the standard opcodes (TEP-74, TEP-62) and comments; unknown ones are null', () => {
    // the standards' opcodes, written out here rather than taken from the server's decoder
    const named: Record<number, string> = {
      0x00000000: 'text_comment',
      0x0f8a7ea5: 'jetton_transfer',
      0x178d4519: 'jetton_internal_transfer',
      0x7362d09c: 'jetton_notify',
      0xd53276db: 'excess',
      0x595f07bc: 'jetton_burn',
      0x7bdd97de: 'jetton_burn_notification',
      0x5fcc3d14: 'nft_transfer',
      0x05138d91: 'nft_ownership_assigned',
    };
    const nameOf = (m: Json): string | null | undefined => (m.opcode === null ? null : named[m.opcode >>> 0]);
    const known = allMessages.filter((m) => nameOf(m) !== undefined);
    const others = allMessages.filter((m) => nameOf(m) === undefined);
    for (const m of known) expect(m.decoded_opcode, m.hash).toBe(nameOf(m));
    // not a standard one (our contracts', a wallet's signed request): the name the decoder gives is the
    // type it reads the body as, or none
    expect(others.length).toBeGreaterThan(0);
    for (const m of others) expect([null, m.message_content.decoded?.type], m.hash).toContain(m.decoded_opcode);
    const seen = new Set(known.map((m) => m.decoded_opcode));
    // the ledger's traffic carries comments, jetton transfers and NFT transfers
    expect([...seen]).toEqual(expect.arrayContaining(['text_comment', 'jetton_transfer', 'nft_transfer']));
  });

  it('each filter: exactly the messages of the whole list that match it, in its order', async () => {
    const external = allMessages.find((m) => m.source === null)!;
    const internal = allMessages.filter((m) => m.source !== null && m.destination !== null);
    const busy = internal[Math.floor(internal.length / 2)];
    const withOpcode = allMessages.find((m) => m.opcode !== null && m.opcode !== 0) ?? busy;
    const mid = allMessages[Math.floor(allMessages.length / 2)];
    const cases: [string, (m: Json) => boolean][] = [
      [`source=${busy.source}`, (m) => m.source === busy.source],
      [`destination=${busy.destination}`, (m) => m.destination === busy.destination],
      ['source=null', (m) => m.source === null],
      ['destination=null', (m) => m.destination === null],
      [`opcode=${withOpcode.opcode}`, (m) => m.opcode === withOpcode.opcode],
      [`body_hash=${q(busy.message_content.hash)}`, (m) => m.message_content.hash === busy.message_content.hash],
      ['direction=in', (m) => m.in_msg_tx_hash !== undefined],
      ['direction=out', (m) => m.out_msg_tx_hash !== undefined],
      ['exclude_externals=true', (m) => m.source !== null && m.destination !== null],
      ['only_externals=true', (m) => m.source === null || m.destination === null],
      [`start_lt=${ltOf(mid)}`, (m) => ltOf(m) >= ltOf(mid)],
      [`end_lt=${ltOf(mid)}`, (m) => ltOf(m) <= ltOf(mid)],
      [`start_utime=${utimeOf(mid)}`, (m) => utimeOf(m) >= utimeOf(mid)],
      [`end_utime=${utimeOf(mid)}`, (m) => utimeOf(m) <= utimeOf(mid)],
      [
        `start_utime=${utimeOf(mid)}&end_utime=${utimeOf(mid) + 3}&source=${busy.source}`,
        (m) => utimeOf(m) >= utimeOf(mid) && utimeOf(m) <= utimeOf(mid) + 3 && m.source === busy.source,
      ],
      [`msg_hash=${q(external.hash)},${q(busy.hash)}`, (m) => m.hash === external.hash || m.hash === busy.hash],
    ];
    for (const [query, match] of cases) {
      const expected = hashesOf(allMessages.filter(match));
      // our traffic sends no external-out message: that filter's answer is empty, the rest are not
      if (query !== 'destination=null') expect(expected.length, query).toBeGreaterThan(0);
      expect(hashesOf(await walk(`/api/v3/messages?sort=asc&${query}`, 'messages', 1000)), query).toEqual(expected);
      const desc = hashesOf((await ok(`/api/v3/messages?${query}&limit=7&offset=1`)).messages);
      expect(desc, query).toEqual([...expected].reverse().slice(1, 8));
    }
    // an external-in message by its normalized hash too
    const norm = allMessages.find((m) => m.hash_norm !== undefined && m.hash_norm !== m.hash);
    if (norm)
      expect(hashesOf((await ok(`/api/v3/messages?msg_hash=${q(norm.hash_norm)}`)).messages)).toContain(norm.hash);
    expect((await ok(`/api/v3/messages?msg_hash=${'0'.repeat(64)}`)).messages).toEqual([]);
  }, 300_000);

  it('the address book names every address of the page', async () => {
    const r = await ok('/api/v3/messages?limit=50');
    for (const m of r.messages)
      for (const a of [m.source, m.destination]) if (a !== null) expect(r.address_book[a], a).toBeDefined();
  });

  it('refuses a bad value by its name', async () => {
    for (const [path, named] of [
      ['/api/v3/messages?source=0:zz', /source/],
      ['/api/v3/messages?destination=nul', /destination/],
      ['/api/v3/messages?opcode=0xZZ', /opcode/],
      ['/api/v3/messages?direction=both', /direction/],
      ['/api/v3/messages?exclude_externals=true&only_externals=true', /exclude_externals and only_externals/],
      ['/api/v3/messages?limit=1001', /limit/],
      ['/api/v3/messages?hash=1', /hash/],
      ['/api/v3/messages?msg_hash=1', /msg_hash/],
    ] as const) {
      const r = await s.get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.error, path).toMatch(named);
    }
  });
});

describe('actions', () => {
  /** Every completed trace's actions, read through `traces` (with their accounts), ascending. */
  let viaTraces: Json[];
  let all: Json[];
  /** Traces over the per-trace cap: printed without actions, as TON Center prints them. */
  let cut: Set<string>;
  beforeAll(async () => {
    const traces = await walk('/api/v3/traces?sort=asc&include_actions=true', 'traces', 20);
    viaTraces = traces.flatMap((t) => t.actions ?? []);
    cut = new Set(traces.filter((t) => t.is_incomplete).map((t) => t.trace_id));
    all = await walk('/api/v3/actions?sort=asc&include_accounts=true', 'actions', 1000);
  }, 300_000);

  it('the actions the traces hold, in their order, both ways; accounts only when asked for', async () => {
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((a) => !cut.has(a.trace_id))).toEqual(viaTraces);
    // the cut trace's actions are listed by the actions endpoint alone
    expect(cut.size).toBeGreaterThan(0);
    expect(all.some((a) => cut.has(a.trace_id))).toBe(true);
    const desc = await walk('/api/v3/actions', 'actions', 333);
    expect(desc.map((a) => a.action_id)).toEqual(all.map((a) => a.action_id).reverse());
    expect(desc.every((a) => a.accounts === undefined)).toBe(true);
  }, 300_000);

  it('each filter: exactly the actions of the whole list that match it', async () => {
    const jetton = all.find((a) => a.type === 'jetton_transfer') ?? all[0];
    const account = jetton.accounts[0];
    const tx = jetton.transactions[jetton.transactions.length - 1];
    const msg = txByHash.get(tx)?.in_msg?.hash;
    const mid = all[Math.floor(all.length / 2)];
    const cases: [string, (a: Json) => boolean][] = [
      [`account=${account}`, (a) => a.accounts.includes(account)],
      [`trace_id=${q(jetton.trace_id)}`, (a) => a.trace_id === jetton.trace_id],
      [`tx_hash=${q(tx)}`, (a) => a.transactions.includes(tx)],
      [
        `action_id=${q(jetton.action_id)},${q(mid.action_id)}`,
        (a) => [jetton.action_id, mid.action_id].includes(a.action_id),
      ],
      ['action_type=jetton_transfer,nft_mint', (a) => ['jetton_transfer', 'nft_mint'].includes(a.type)],
      ['exclude_action_type=contract_deploy', (a) => a.type !== 'contract_deploy'],
      [`mc_seqno=${mid.trace_mc_seqno_end}`, (a) => a.trace_mc_seqno_end === mid.trace_mc_seqno_end],
      [`start_lt=${mid.trace_end_lt}`, (a) => BigInt(a.trace_end_lt) >= BigInt(mid.trace_end_lt)],
      [`end_lt=${mid.trace_end_lt}`, (a) => BigInt(a.trace_end_lt) <= BigInt(mid.trace_end_lt)],
    ];
    if (msg) cases.push([`msg_hash=${q(msg)}`, (a) => a.transactions.includes(tx) && a.trace_id === jetton.trace_id]);
    for (const [query, match] of cases) {
      const expected = all.filter(match).map((a) => a.action_id);
      expect(expected.length, query).toBeGreaterThan(0);
      const listed = await walk(`/api/v3/actions?sort=asc&include_accounts=true&${query}`, 'actions', 1000);
      expect(
        listed.map((a) => a.action_id),
        query,
      ).toEqual(expected);
    }
  }, 300_000);

  it('supported_action_types: a parent it does not name is replaced by its parts', async () => {
    const parts = await walk(
      '/api/v3/actions?sort=asc&supported_action_types=call_contract,ton_transfer',
      'actions',
      1000,
    );
    expect(parts.every((a) => ['call_contract', 'ton_transfer'].includes(a.type))).toBe(true);
    expect(parts.length).toBeGreaterThanOrEqual(
      all.filter((a) => ['call_contract', 'ton_transfer'].includes(a.type)).length,
    );
  }, 300_000);

  it('include_transactions: each action with its transactions as transactions prints them', async () => {
    const r = await ok('/api/v3/actions?include_transactions=true&limit=20&action_type=jetton_transfer,ton_transfer');
    expect(r.actions.length).toBeGreaterThan(0);
    for (const a of r.actions) {
      expect(a.transactions_full.map((t: Json) => t.hash)).toEqual(a.transactions);
      for (const t of a.transactions_full) expect(t).toEqual(txByHash.get(t.hash));
    }
  });

  it('pendingActions: the actions stored for the traces in flight (none until a trace completes)', async () => {
    const pending = count(
      "SELECT count(*) FROM actions a JOIN traces t ON t.trace_id = a.trace_id WHERE t.state = 'pending'",
    );
    const r = await ok('/api/v3/pendingActions');
    expect(r.actions).toHaveLength(pending);
    expect(
      (await ok('/api/v3/pendingActions?include_transactions=true&supported_action_types=latest')).actions,
    ).toEqual(r.actions);
  });

  it('refuses a bad value by its name', async () => {
    for (const [path, named] of [
      ['/api/v3/actions?action_type=swap', /action_type/],
      ['/api/v3/actions?exclude_action_type=x', /exclude_action_type/],
      ['/api/v3/actions?supported_action_types=x', /supported_action_types/],
      [`/api/v3/actions?account=0:${'0'.repeat(64)}&trace_id=${'0'.repeat(64)}`, /account and trace_id/],
      ['/api/v3/actions?account=a,b', /account/],
      ['/api/v3/actions?include_accounts=yes', /include_accounts/],
      ['/api/v3/pendingActions?ext_msg_hash=1', /ext_msg_hash/],
      ['/api/v3/pendingActions?limit=1', /limit/],
    ] as const) {
      const r = await s.get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.error, path).toMatch(named);
    }
  });
});

describe('account reads', () => {
  const latest = () => Number(s.sql.prepare('SELECT max(seqno) FROM blocks WHERE workchain = -1').pluck().get());
  /** The account's newest transaction committed by the snapshot's masterchain block, read through `transactions`. */
  async function newest(account: string): Promise<Json | undefined> {
    const h = s.sql
      .prepare('SELECT hash FROM transactions WHERE account = ? AND mc_seqno <= ? ORDER BY lt DESC LIMIT 1')
      .pluck()
      .get(account, latest()) as Buffer | undefined;
    return h && (await ok(`/api/v3/transactions?hash=${h.toString('hex')}`)).transactions[0];
  }
  const accountsOf = (interfaces: string) =>
    (
      s.sql.prepare('SELECT account FROM accounts WHERE interfaces = ? ORDER BY account LIMIT 3').all(interfaces) as {
        account: string;
      }[]
    ).map((r) => r.account);
  const nobody = `0:${'AB'.repeat(32)}`;

  it("accountStates: each account's newest transaction's state after, in the order asked; unknown ones left out", async () => {
    const asked = [
      ...accountsOf('["wallet_v4r2"]'),
      ...accountsOf('["wallet_v5r1"]'),
      ...accountsOf('["jetton_wallet"]'),
      ...accountsOf('["jetton_master"]'),
      ...accountsOf('[]'),
    ];
    const r = await ok(`/api/v3/accountStates?address=${[nobody, ...asked].join(',')}`);
    expect(r.accounts.map((a: Json) => a.address)).toEqual(asked);
    for (const a of r.accounts) {
      const tx = await newest(a.address);
      const after = tx.account_state_after;
      expect(a, a.address).toMatchObject({
        account_state_hash: after.hash,
        balance: after.balance,
        status: after.account_status,
        last_transaction_hash: tx.hash,
        last_transaction_lt: tx.lt,
      });
      expect(a.code_hash ?? null).toBe(after.code_hash);
      expect(a.data_hash ?? null).toBe(after.data_hash);
      // the BOCs are the cells those hashes name
      if (a.code_boc)
        expect(Cell.fromBoc(Buffer.from(a.code_boc, 'base64'))[0]!.hash().toString('base64')).toBe(a.code_hash);
      if (a.data_boc)
        expect(Cell.fromBoc(Buffer.from(a.data_boc, 'base64'))[0]!.hash().toString('base64')).toBe(a.data_hash);
      expect(r.address_book[a.address]).toBeDefined();
    }
    expect(r.accounts.some((a: Json) => a.code_boc !== undefined)).toBe(true);
    const bare = await ok(`/api/v3/accountStates?address=${asked.join(',')}&include_boc=false`);
    expect(bare.accounts.every((a: Json) => a.code_boc === undefined && a.data_boc === undefined)).toBe(true);
    // any spelling of an address names the same account
    const friendly = r.address_book[asked[0]!].user_friendly;
    expect((await ok(`/api/v3/accountStates?address=${friendly}`)).accounts).toEqual([r.accounts[0]]);
  });

  it("walletStates: a wallet's seqno and id as its own get methods answer; other accounts are no wallets", async () => {
    const wallets = [...accountsOf('["wallet_v4r2"]'), ...accountsOf('["wallet_v5r1"]')];
    const others = [...accountsOf('["jetton_wallet"]'), ...accountsOf('[]')];
    const r = await ok(`/api/v3/walletStates?address=${[...wallets, ...others, nobody].join(',')}`);
    expect(r.wallets.map((w: Json) => w.address)).toEqual([...wallets, ...others]);
    const get = async (address: string, method: string) => {
      const v2 = await ok(`/api/v2/runGetMethod?address=${address}&method=${method}`);
      expect(v2.result.exit_code, `${address} ${method}`).toBe(0);
      return Number(BigInt(v2.result.stack[0][1]));
    };
    for (const w of r.wallets) {
      const state = (await ok(`/api/v3/accountStates?address=${w.address}&include_boc=false`)).accounts[0];
      expect(w).toMatchObject({
        balance: state.balance,
        status: state.status,
        last_transaction_hash: state.last_transaction_hash,
      });
      if (!wallets.includes(w.address)) {
        expect(w.is_wallet, w.address).toBe(false);
        expect(w.seqno).toBeUndefined();
        continue;
      }
      expect(w.is_wallet, w.address).toBe(true);
      expect(w.wallet_type).toBe(accountsOf('["wallet_v4r2"]').includes(w.address) ? 'wallet_v4r2' : 'wallet_v5r1');
      expect(w.seqno, w.address).toBe(await get(w.address, 'seqno'));
      const id = await get(w.address, 'get_subwallet_id');
      expect(w.wallet_id >>> 0, w.address).toBe(id >>> 0);
    }
  });

  it('addressBook and metadata: the entries the lists print for those addresses', async () => {
    const asked = [
      ...accountsOf('["jetton_wallet"]'),
      ...accountsOf('["jetton_master"]'),
      ...accountsOf('["nft_item"]'),
    ];
    const book = await ok(`/api/v3/addressBook?address=${[...asked, nobody].join(',')}`);
    expect(Object.keys(book).sort()).toEqual([...asked, nobody].sort());
    const meta = await ok(`/api/v3/metadata?address=${[...asked, nobody].join(',')}`);
    expect(Object.keys(meta).sort()).toEqual([...asked].sort());
    // as the lists print them: the book and metadata of an accountStates answer for the same accounts
    const states = await ok(`/api/v3/accountStates?address=${asked.join(',')}`);
    for (const a of asked) {
      expect(book[a]).toEqual(states.address_book[a]);
      expect(meta[a]).toEqual(states.metadata[a]);
    }
    expect(book[nobody].interfaces).toEqual([]);
  });

  it("topAccountsByBalance: every account by its state's balance as of the snapshot, largest first, then by address", async () => {
    // each account's newest transaction committed by the snapshot, and its state after, from the store
    const expected = (
      s.sql
        .prepare(
          `SELECT t.account, s.balance FROM transactions t JOIN account_states s ON s.hash = t.state_after
           WHERE t.mc_seqno <= ? AND t.lt = (SELECT max(x.lt) FROM transactions x WHERE x.account = t.account AND x.mc_seqno <= ?)`,
        )
        .all(latest(), latest()) as { account: string; balance: string }[]
    )
      .map((r) => ({ account: r.account, balance: String(r.balance) }))
      .sort((a, b) =>
        BigInt(a.balance) !== BigInt(b.balance)
          ? BigInt(a.balance) > BigInt(b.balance)
            ? -1
            : 1
          : a.account < b.account
            ? -1
            : 1,
      );
    const all: Json[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await ok(`/api/v3/topAccountsByBalance?limit=1000&offset=${offset}`);
      all.push(...page);
      if (page.length < 1000) break;
    }
    expect(all).toEqual(expected);
    expect(await ok('/api/v3/topAccountsByBalance')).toEqual(expected.slice(0, 10));
    expect(await ok('/api/v3/topAccountsByBalance?limit=7&offset=3')).toEqual(expected.slice(3, 10));
    // the same balance accountStates gives
    const [top] = expected;
    expect((await ok(`/api/v3/accountStates?address=${top!.account}`)).accounts[0].balance).toBe(top!.balance);
  });

  it('refuses a bad value by its name', async () => {
    for (const [path, named] of [
      ['/api/v3/accountStates', /address is required/],
      ['/api/v3/accountStates?address=0:zz', /address/],
      [`/api/v3/accountStates?address=0:${'0'.repeat(64)}&include_boc=maybe`, /include_boc/],
      ['/api/v3/walletStates?account=0:00', /unknown parameter "account"/],
      ['/api/v3/addressBook', /address is required/],
      ['/api/v3/metadata?address=', /address/],
      ['/api/v3/topAccountsByBalance?limit=1001', /limit/],
      ['/api/v3/topAccountsByBalance?sort=asc', /unknown parameter "sort"/],
    ] as const) {
      const r = await s.get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.error, path).toMatch(named);
    }
  });
});
