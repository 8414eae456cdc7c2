import { Address } from '@ton/core';
import { expect, test, type Page } from '@playwright/test';
import {
  hashHex,
  rawAddress,
  recorded,
  startTonCenterFixtures,
  type Recording,
  type TonCenterFixtures,
} from './ton-center-fixtures';

/** What the specs read of a recorded v3 transaction. */
interface RecordedTx {
  hash: string;
  account: string;
  account_state_before?: { balance: string | null } | null;
  account_state_after?: { balance: string | null } | null;
  in_msg: { hash: string } | null;
  out_msgs: { hash: string }[];
}
const messagesOf = (t: RecordedTx) => [...(t.in_msg ? [t.in_msg] : []), ...t.out_msgs].map((m) => hashHex(m.hash));

const traces = recorded('v3-traces-cookbook-mainnet.json');
const trace = traces.traces[0];
const txs = Object.values(trace.transactions as Record<string, RecordedTx>);
const txHashes = new Set(txs.map((t) => hashHex(t.hash)));
const accounts = new Set(txs.map((t) => t.account));
const messages = new Set(txs.flatMap(messagesOf));
const byMessage = recorded<{
  transactions: (RecordedTx & { in_msg: { hash: string; opcode: string; fwd_fee: string } })[];
}>('v3-transactions-1.json');
const blocks = recorded('v3-blocks-javadoc.json');
const v2Block = recorded('v2-block-transactions-ext-blockpi-mc39984096.json');
const kab = recorded('v3-jetton-masters-kabacoin-testnet.json');
const kabMaster = kab.jetton_masters[0];

const RECORDINGS: Recording[] = [
  {
    path: '/api/v3/traces',
    file: 'v3-traces-cookbook-mainnet.json',
    answers: (q) => {
      if (q.has('trace_id')) return hashHex(q.get('trace_id')) === hashHex(trace.trace_id);
      if (q.has('tx_hash')) return txHashes.has(hashHex(q.get('tx_hash')));
      if (q.has('msg_hash')) return messages.has(hashHex(q.get('msg_hash')));
      if (q.has('account')) return accounts.has(rawAddress(q.get('account')) ?? '') && !q.has('start_lt');
      return !q.has('mc_seqno') && !q.has('start_lt');
    },
  },
  {
    path: '/api/v3/transactionsByMessage',
    file: 'v3-transactions-1.json',
    answers: (q) => byMessage.transactions.some((t) => messagesOf(t).includes(hashHex(q.get('msg_hash')))),
  },
  {
    path: '/api/v3/masterchainBlockShardState',
    file: 'v3-blocks-javadoc.json',
    answers: (q) => q.get('seqno') === String(blocks.blocks[0].masterchain_block_ref.seqno),
  },
  {
    path: '/api/v3/jetton/masters',
    file: 'v3-jetton-masters-kabacoin-testnet.json',
    answers: (q) => q.getAll('address').some((a) => rawAddress(a) === kabMaster.address),
  },
  {
    path: '/api/v2/getBlockTransactionsExt',
    file: 'v2-block-transactions-ext-blockpi-mc39984096.json',
    answers: (q) =>
      q.get('workchain') === String(v2Block.result.id.workchain) &&
      q.get('shard') === v2Block.result.id.shard &&
      q.get('seqno') === String(v2Block.result.id.seqno),
  },
];

let tc: TonCenterFixtures;
test.beforeAll(async () => {
  tc = await startTonCenterFixtures(RECORDINGS);
});
test.afterAll(async () => tc?.close());

/** Nanotons as the decimal TON amount the JSON means (`7545322` → `0.007545322`). */
function ton(nano: string): string {
  const v = BigInt(nano);
  const frac = (v % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${v / 1_000_000_000n}${frac ? `.${frac}` : ''} TON`;
}
/** A v3 shard in TON Center's unsigned hex as the signed decimal the explorer prints. */
const signedShard = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();
const friendly = (raw: string) => Address.parseRaw(raw).toString({ bounceable: true });

/** Opens a page on the recorded deployment; fails the test on any uncaught error in the page. */
async function open(
  page: Page,
  path: string,
): Promise<{ errors: string[]; requests: () => TonCenterFixtures['requests'] }> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const before = tc.requests.length;
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}api=${encodeURIComponent(tc.base)}`);
  return { errors, requests: () => tc.requests.slice(before) };
}

test.describe('the explorer on recorded TON Center answers', () => {
  test('home: the latest traces', async ({ page }) => {
    const { errors, requests } = await open(page, '/');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: new RegExp(hashHex(trace.trace_id)!.slice(0, 6)) }) });
    await expect(row).toContainText(String(trace.trace_info.transactions));
    await expect(row).toContainText(trace.mc_seqno_end);
    // no masterchainInfo was recorded (404 here): the head shown is the newest trace's block
    await expect(page.getByTestId('latest-mc')).toHaveText(trace.mc_seqno_end);
    expect(requests().some((r) => r.url.startsWith('/api/v3/masterchainInfo') && !r.file)).toBe(true);
    expect(requests().some((r) => r.url.startsWith('/api/v3/traces') && r.file)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('trace: its transactions and accounts', async ({ page }) => {
    const { errors } = await open(page, `/trace/${hashHex(trace.trace_id)}`);
    await expect(page.getByText(`${trace.trace_info.transactions} transactions`)).toBeVisible();
    await expect(page.getByText(hashHex(trace.trace_id)!.slice(0, 10))).toBeVisible();
    for (const account of accounts) await expect(page.getByText(friendly(account).slice(0, 8)).first()).toBeVisible();
    // TON Center has no balanceChanges (404): the panel says the API does not offer it, and offers
    // no Retry that could not help
    const balances = page.getByRole('region', { name: 'Balance changes' });
    await expect(balances).toContainText('This API does not offer balance changes');
    await expect(balances.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(balances.getByRole('alert')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("trace: TON balance changes derived from the trace's own states, exact where they carry balances", async ({
    page,
  }) => {
    // computed here from the recorded answer: per account, balance after minus before, summed;
    // an account any of whose states lacks its balance cannot be exact
    const change = new Map<string, bigint | null>();
    for (const tx of Object.values(trace.transactions as Record<string, RecordedTx>)) {
      const before = tx.account_state_before?.balance;
      const after = tx.account_state_after?.balance;
      const known = change.get(tx.account);
      change.set(
        tx.account,
        before == null || after == null || known === null ? null : (known ?? 0n) + BigInt(after) - BigInt(before),
      );
    }
    const unknown = [...change].filter(([, v]) => v === null).map(([a]) => a);
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.length).toBeLessThan(change.size);
    const { errors } = await open(page, `/trace/${hashHex(trace.trace_id)}`);
    const derived = page.getByTestId('balance-changes-derived');
    await expect(derived).toContainText(`Not offered for ${unknown.length} accounts`);
    const rows = derived.getByTestId('balance-row');
    await expect(rows).toHaveCount(change.size);
    for (const [account, delta] of change) {
      const row = rows.filter({
        has: page.locator(
          `a[title="${friendly(account)}"], a[title="${Address.parseRaw(account).toString({ bounceable: false })}"]`,
        ),
      });
      if (delta === null) await expect(row).toContainText('not offered');
      else await expect(row.locator(`[title="${delta} nanoton"]`)).toHaveCount(1);
    }
    expect(errors).toEqual([]);
  });

  test('transaction: hash, account, lt, block, fee', async ({ page }) => {
    const tx = trace.transactions[trace.trace.children[0].tx_hash];
    const { errors } = await open(page, `/tx/${hashHex(tx.hash)}`);
    await expect(page.getByRole('heading', { name: 'Transaction', exact: true })).toBeVisible();
    await expect(page.getByText(hashHex(tx.hash)!).first()).toBeVisible();
    await expect(page.getByText(tx.hash).first()).toBeVisible();
    await expect(page.getByText(friendly(tx.account)).first()).toBeVisible();
    await expect(page.getByText(tx.lt, { exact: true })).toBeVisible();
    await expect(
      page.getByText(`${tx.block_ref.workchain}:${signedShard(tx.block_ref.shard)}:${tx.block_ref.seqno}`),
    ).toBeVisible();
    await expect(page.getByText(ton(tx.total_fees)).first()).toBeVisible();
    // the BOC (v2) and the account's next transaction were not recorded: the page does without
    expect(errors).toEqual([]);
  });

  test('account: its address, state and traces', async ({ page }) => {
    const tx = trace.transactions[trace.trace_id];
    const { errors } = await open(page, `/account/${friendly(tx.account)}`);
    await expect(page.getByText(tx.account, { exact: true })).toBeVisible();
    await expect(page.getByText(ton(tx.account_state_after.balance)).first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(hashHex(trace.trace_id)!.slice(0, 6)) }).first(),
    ).toBeVisible();
    // no jetton list was recorded (404 here): the tab says the API does not offer it, calmly
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('This API does not offer jetton wallets');
    await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('message: who received it, its opcode and forward fee', async ({ page }) => {
    const receiver = byMessage.transactions[0];
    const msg = receiver.in_msg;
    const { errors } = await open(page, `/msg/${hashHex(msg.hash)}`);
    await expect(page.getByRole('heading', { name: 'Message' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: hashHex(receiver.hash)!.slice(0, 6) })).toBeVisible();
    await expect(page.getByText(msg.opcode).first()).toBeVisible();
    await expect(page.getByText(ton(msg.fwd_fee)).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('masterchain block: the shard blocks it lists', async ({ page }) => {
    const seqno = blocks.blocks[0].masterchain_block_ref.seqno;
    const { errors } = await open(page, `/mc/${seqno}`);
    await expect(page.getByRole('heading', { name: `Masterchain block ${seqno}` })).toBeVisible();
    for (const b of blocks.blocks)
      await expect(page.getByText(`${b.workchain}:${signedShard(b.shard)}:${b.seqno}`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('shard block (v2): every transaction with its account and lt', async ({ page }) => {
    const id = v2Block.result.id;
    const { errors } = await open(page, `/block/${id.workchain}/${id.shard}/${id.seqno}`);
    await expect(
      page.getByRole('heading', { name: new RegExp(`Block ${id.workchain}:${id.shard}:${id.seqno}`) }),
    ).toBeVisible();
    for (const t of v2Block.result.transactions) {
      const row = page.getByRole('row').filter({ hasText: t.transaction_id.lt });
      await expect(row).toContainText(t.address.account_address.slice(0, 6));
      if (!t.in_msg) await expect(row).toContainText('tick_tock');
    }
    expect(errors).toEqual([]);
  });

  test('jetton master: its supply in its decimals, name and symbol; the lists it lacks said calmly', async ({
    page,
  }) => {
    const { errors, requests } = await open(page, `/jetton/${kab.address_book[kabMaster.address].user_friendly}`);
    await expect(page.getByTestId('jetton-name')).toHaveText(kabMaster.jetton_content.name);
    await expect(page.getByTestId('jetton-symbol')).toHaveText(kabMaster.jetton_content.symbol);
    // 100000000000000 in 9 decimals, never TON
    const whole = (BigInt(kabMaster.total_supply) / 10n ** BigInt(kabMaster.jetton_content.decimals)).toLocaleString(
      'en-US',
    );
    await expect(page.getByTestId('jetton-supply')).toContainText(`${whole} ${kabMaster.jetton_content.symbol}`);
    await expect(page.getByTestId('jetton-supply')).not.toContainText('TON');
    // no jetton/wallets was recorded (404 here): the holders tab says the API does not offer them
    await expect(page.getByText('This API does not offer jetton holders')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(requests().some((r) => r.url.startsWith('/api/v3/jetton/masters') && r.file)).toBe(true);
    expect(requests().some((r) => r.url.startsWith('/api/v3/jetton/wallets') && !r.file)).toBe(true);
    // the account page stays one link away
    await expect(page.getByTestId('account-page-link')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('NFT item and NFT collection pages: nothing of theirs recorded, each says so calmly', async ({ page }) => {
    // a real mainnet account of the recorded trace: TON Center has no NFT or jetton answer of it here
    const account = friendly([...accounts][0]!);
    for (const [path, what] of [
      [`/nft/${account}`, 'This API does not offer NFT items'],
      [`/nft-collection/${account}`, 'This API does not offer NFT collections'],
    ] as const) {
      const { errors } = await open(page, path);
      await expect(page.getByText(what).first()).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await expect(page.getByTestId('account-page-link')).toBeVisible();
      expect(errors).toEqual([]);
    }
  });
});
