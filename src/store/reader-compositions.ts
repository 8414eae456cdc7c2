import type { LedgerReader, Page } from './interface';
import type { BlockRef, TransactionRecord } from './records';

/**
 * The reads composed of an engine's queries, written once: an engine's reader extends this class
 * and implements `LedgerQueries`, and is then a whole `LedgerReader`.
 */
export abstract class ComposedReader implements Pick<
  LedgerReader,
  'getBlockTransactions' | 'getTransactionsByMcSeqno'
> {
  abstract getBlockTransactionHashes(
    ref: BlockRef,
    after: { account: string; lt: bigint } | null,
    count: number,
  ): Promise<{ hashes: Buffer[]; incomplete: boolean }>;
  abstract getTransactionHashesByMcSeqno(seqno: number, page: Page): Promise<Buffer[]>;
  abstract getTransactions(hashes: Buffer[]): Promise<TransactionRecord[]>;

  async getBlockTransactions(
    ref: BlockRef,
    after: { account: string; lt: bigint } | null,
    count: number,
  ): Promise<{ transactions: TransactionRecord[]; incomplete: boolean }> {
    const page = await this.getBlockTransactionHashes(ref, after, count);
    return { transactions: await this.getTransactions(page.hashes), incomplete: page.incomplete };
  }

  async getTransactionsByMcSeqno(seqno: number, page: Page): Promise<TransactionRecord[]> {
    return this.getTransactions(await this.getTransactionHashesByMcSeqno(seqno, page));
  }
}
