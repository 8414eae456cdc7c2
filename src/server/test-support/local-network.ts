// What the tests of the local network share: the pre-funded wallets a server lists, a signed
// transfer of one of them (sent by the test as a developer's script would), and waiting for the
// trace an external message starts to be complete.
import {
  Address,
  beginCell,
  external,
  internal,
  storeMessage,
  toNano,
  type Cell,
  type MessageRelaxed,
} from '@ton/core';
import { mnemonicToWalletKey } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';

export interface ListedWallet {
  version: 'v4r2' | 'v5r1';
  address: string;
  friendly: string;
  mnemonic: string;
  network_id: number | null;
}

export async function listedWallets(base: string): Promise<ListedWallet[]> {
  const r = await fetch(`${base}/api/local/wallets`);
  if (r.status !== 200) throw new Error(`GET /api/local/wallets: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { wallets: ListedWallet[] }).wallets;
}

/**
 * The external message of a v4r2 wallet's transfer of `value` to `to` at `seqno`, bounceable when
 * `bounce` (the state init
 * when the wallet is not deployed yet: seqno 0), as a BOC in base64 and its cell.
 */
export async function v4Transfer(
  from: ListedWallet,
  to: string,
  seqno: number,
  value = toNano('0.1'),
  bounce = false,
): Promise<{ boc: string; cell: Cell }> {
  return v4Send(from, seqno, [internal({ to: Address.parse(to), value, bounce })]);
}

/** The external message of a v4r2 wallet sending `messages` at `seqno` (with its state init at 0). */
export async function v4Send(
  from: ListedWallet,
  seqno: number,
  messages: MessageRelaxed[],
): Promise<{ boc: string; cell: Cell }> {
  const keys = await mnemonicToWalletKey(from.mnemonic.split(' '));
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  const body = wallet.createTransfer({ seqno, secretKey: keys.secretKey, messages });
  const cell = beginCell()
    .store(storeMessage(external({ to: wallet.address, init: seqno === 0 ? wallet.init : undefined, body })))
    .endCell();
  return { boc: cell.toBoc().toString('base64'), cell };
}

export async function postJson(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/**
 * The transactions of the message `hash` once its trace is complete (polling the v3 traces listing),
 * with its tree and its actions (every type supported).
 */
export async function completedTraceOf(
  base: string,
  hash: Buffer,
  timeoutMs = 60_000,
): Promise<{
  trace_id: string;
  trace: unknown;
  actions: unknown[];
  transactions: Record<string, { account: string; in_msg: { hash: string } | null }>;
}> {
  const id = encodeURIComponent(hash.toString('base64'));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await fetch(`${base}/api/v3/traces?msg_hash=${id}&include_actions=true`);
    if (r.status === 200) {
      const body = (await r.json()) as { traces: unknown[] };
      if (body.traces.length === 1) return body.traces[0] as never;
    }
    if (Date.now() > deadline) throw new Error(`no completed trace of message ${hash.toString('hex')}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** How many transactions received the message `hash` (once, when it was included once). */
export async function receiversOf(base: string, hash: Buffer): Promise<number> {
  const r = await fetch(
    `${base}/api/v3/transactionsByMessage?msg_hash=${encodeURIComponent(hash.toString('base64'))}&direction=in`,
  );
  return ((await r.json()) as { transactions: unknown[] }).transactions.length;
}
