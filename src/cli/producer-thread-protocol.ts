// What the serving thread and the producer thread of one process say to each other
// (producer-thread.ts on the serving side, producer-thread-body.ts on the other).
import type { Config } from './config';
import type { Progress } from '../ledger/generate';

/** The thread's start: the process's configuration (a plain object, cloned into the thread). */
export interface ProducerThreadData {
  config: Config;
}

export type ToProducerThread = { cmd: 'nudge' } | { cmd: 'stop' };

export type FromProducerThread =
  /** History generation's progress, for the serving thread's terminal. */
  | { ev: 'progress'; progress: Progress }
  /** The ledger has its history (made now, or found): serving may begin. */
  | { ev: 'ready' }
  /** A live block is in the store. */
  | { ev: 'written' }
  /**
   * The ledger could not be opened or filled. `told`: the error names a setting or a ledger (a
   * wrong path, a database that does not answer) and is told as it is, without a stack.
   */
  | { ev: 'failed'; message: string; told: boolean }
  /** Stopped: the block in progress finished, the store closed. */
  | { ev: 'stopped' };
