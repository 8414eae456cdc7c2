import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerReader } from './interface';
import type { LedgerBatch, TransactionRecord } from './records';
import { writeBothEngines, type BothEngines } from './test-support/both-engines';
import { syntheticBatches } from './test-support/synthetic-ledger';

// An account's latest state as of a masterchain block, and its transactions newest first, read from
// both engines and compared with what the written batches say: the state after the account's
// newest transaction committed by that block, with the code and data cells the producer wrote.

let engines: BothEngines;
const batches: LedgerBatch[] = [];

beforeAll(async () => {
  engines = await writeBothEngines(
    'states',
    syntheticBatches({ batches: 10, txPerBatch: 20, accounts: 12, withCells: true }),
    batches,
  );
});

afterAll(async () => engines?.close());

const all = (): TransactionRecord[] => batches.flatMap((b) => b.transactions);
const accounts = (): string[] => [...new Set(all().map((t) => t.account))];
/** The account's transactions committed by masterchain block `mc`, newest first. */
const committed = (account: string, mc: number) =>
  all()
    .filter((t) => t.account === account && t.mcSeqno <= mc)
    .sort((a, b) => (a.lt < b.lt ? 1 : -1));

describe.each([
  ['SQLite', () => engines.lite.reader],
  ['PostgreSQL', () => engines.pg.reader],
] as [string, () => LedgerReader][])('%s: account states as of a snapshot', (_name, reader) => {
  it('is the state after the newest transaction committed by that block, code and data included', async () => {
    const asked = [...accounts(), '0:' + 'F'.repeat(64)];
    for (let mc = 0; mc < batches.length; mc++) {
      const got = await reader().getAccountStates(asked, mc);
      const expected = accounts().flatMap((a) => {
        const newest = committed(a, mc)[0];
        if (!newest) return [];
        const s = newest.stateAfter;
        return [
          {
            account: a,
            state: { ...s, account: a },
            lastTransaction: { hash: newest.hash, lt: newest.lt, now: newest.now, mcSeqno: newest.mcSeqno },
          },
        ];
      });
      expect(got).toEqual(expected);
      for (const g of got) {
        expect(g.state.codeBoc).not.toBeNull();
        expect(g.state.dataBoc).not.toBeNull();
      }
    }
  });

  it('lists an account transactions newest first, from an lt down to another, never past the snapshot', async () => {
    const account = accounts()[0]!;
    const mc = batches.length - 3;
    const txs = committed(account, mc);
    expect(txs.length).toBeGreaterThan(3);
    const hashes = (list: TransactionRecord[]) => list.map((t) => t.hash);
    expect(await reader().getAccountTransactionHashes(account, { mcSeqno: mc }, 1000)).toEqual(hashes(txs));
    expect(await reader().getAccountTransactionHashes(account, { mcSeqno: mc }, 2)).toEqual(hashes(txs.slice(0, 2)));
    expect(await reader().getAccountTransactionHashes(account, { mcSeqno: mc, fromLt: txs[1]!.lt }, 1000)).toEqual(
      hashes(txs.slice(1)),
    );
    expect(
      await reader().getAccountTransactionHashes(account, { mcSeqno: mc, fromLt: txs[1]!.lt, toLt: txs[3]!.lt }, 1000),
    ).toEqual(hashes(txs.slice(1, 3)));
  });
});
