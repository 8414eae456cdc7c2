// The messages between the receiver's thread and its frame reader threads (frame-readers.ts).
// A frame is read in two rounds, because a transaction's true hash is named by another transaction
// of its account, which another thread may have read: the threads parse their share and say how
// the transactions link (round 1); the receiver settles the true hashes over the whole frame and
// the threads finish their share with them (round 2), keeping their parsed cells in between.
import type { AccountStateRecord } from '../store/records';
import type { ReadContract, ReadTransaction, TransactionLink } from './read-transactions';

export interface ContractJob {
  i: number;
  account: string;
  boc: string;
}

export interface TransactionJob {
  index: number;
  boc: string;
  blockchainLogs?: string;
  vmLogs?: string;
  debugLogs?: string;
}

export type ToReader =
  | {
      type: 'read';
      job: number;
      workchainOf: [string, number][];
      contracts: ContractJob[];
      transactions: TransactionJob[];
    }
  | { type: 'finish'; job: number; want: [number, Buffer][] }
  | { type: 'drop'; job: number };

export interface ContractRead {
  i: number;
  state: AccountStateRecord | null;
  lastTransaction: ReadContract['lastTransaction'];
}

export type FromReader =
  | { type: 'links'; job: number; contracts: ContractRead[]; links: TransactionLink[] }
  | { type: 'finished'; job: number; transactions: Omit<ReadTransaction, 'frame'>[] }
  /** `frameError`: the frame is bad (refused with this reason); else the thread failed reading it. */
  | { type: 'error'; job: number; message: string; frameError: boolean };
