// Configuration from the environment, checked once at start: a bad value stops with a message
// naming the variable rather than running with a surprise.

export interface Config {
  port: number;
  host: string;
  dbPath: string;
  seed: number;
  live: boolean;
  txs: number;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const live = (env.LEDGER_LIVE ?? 'on').toLowerCase();
  if (live !== 'on' && live !== 'off') throw new ConfigError(`LEDGER_LIVE must be on or off, got ${JSON.stringify(env.LEDGER_LIVE)}`);
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dbPath: env.LEDGER_DB || 'data/ledger.db',
    seed: int(env, 'LEDGER_SEED', 42, 0, 2 ** 31 - 1),
    live: live === 'on',
    txs: int(env, 'LEDGER_TXS', 3000, 1, 10_000_000),
  };
}
