// `npm run sandbox`'s configuration: the service's own (PORT, HOST, API_*, STREAM_*; LEDGER_DB
// defaults to data/sandbox.db and must be a SQLite file) and the receiver's.
import { availableParallelism } from 'node:os';
import { ConfigError, int, readConfig, type Config } from '../cli/config';
import { isPostgresUrl } from '../store/postgres/pg-location';

export interface SandboxConfig {
  service: Config;
  /** SANDBOX_WEBSOCKET_HOST: where the receiver listens (sandbox connects to ws://localhost:7743 by default). */
  wsHost: string;
  /** SANDBOX_WEBSOCKET_PORT. */
  wsPort: number;
  /** SANDBOX_MAX_FRAME_MB, in bytes. */
  maxFrameBytes: number;
  /** SANDBOX_READERS: frame reader threads beside the receiver's (frame-readers.ts); 0: the receiver's thread alone. */
  readers: number;
  /** SANDBOX_NICE: the process's scheduling priority, lowered so that the test suite comes first (0: unchanged). */
  nice: number;
}

export const DEFAULT_SANDBOX_PORT = 7743;

/**
 * The receiver stores what a test suite sends while the suite runs, on the same machine: where both
 * want the cores, the suite should have them (the runs are listed a little later instead). Nice 10
 * gives a competing process about a tenth of a core's time against the suite's (Linux's weights).
 */
export const DEFAULT_NICE = 10;

/**
 * Frame reader threads by default: the cores beyond two, up to three. One core is left to the test
 * process that sends the frames and one to the receiver's thread (which reads a share too): on a
 * two-core machine busy with tests, a frame read in threads took longer than in the receiver's
 * thread alone (docs/benchmarks.md, "A large sandbox frame").
 */
export const defaultReaders = () => Math.max(0, Math.min(availableParallelism() - 2, 3));

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const dbPath = env.LEDGER_DB || 'data/sandbox.db';
  if (isPostgresUrl(dbPath))
    throw new ConfigError('LEDGER_DB: a sandbox ledger is a SQLite file (npm run sandbox does not write PostgreSQL)');
  const service = readConfig({ ...env, LEDGER_DB: dbPath, LEDGER_ROLE: 'all', LEDGER_LIVE: 'off' });
  return {
    service,
    wsHost: env.SANDBOX_WEBSOCKET_HOST || 'localhost',
    wsPort: int(env, 'SANDBOX_WEBSOCKET_PORT', DEFAULT_SANDBOX_PORT, 0, 65535),
    maxFrameBytes: int(env, 'SANDBOX_MAX_FRAME_MB', 64, 1, 1024) * 1024 * 1024,
    readers: int(env, 'SANDBOX_READERS', defaultReaders(), 0, 64),
    nice: int(env, 'SANDBOX_NICE', DEFAULT_NICE, 0, 19),
  };
}
