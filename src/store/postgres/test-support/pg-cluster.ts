// Real PostgreSQL servers for the tests: a fresh cluster in a temporary folder, listening on loopback
// only, started with Debian's own server binaries (`.ci/ensure-postgres.sh` installs them when
// missing). PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system
// user and its folder is handed to it; as any other user it runs as that user.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG_USER = 'ledgerscope';
export const PG_PASSWORD = 'ledger-test-secret';

/** The newest installed server's bin folder (PG_BIN overrides). */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'pg_ctl'))) return join(root, v, 'bin');
  throw new Error(
    "no PostgreSQL server found under /usr/lib/postgresql: run `bash .ci/ensure-postgres.sh` (installs Debian's postgresql) or set PG_BIN",
  );
}

const asRoot = process.getuid?.() === 0;

function owner(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Runs one of the server's programs as the user the server runs as. */
function runPg(program: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const bin = join(postgresBinDir(), program);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  // from `/`: the server's user may not enter the folder the tests run in (a root-only clone)
  const r = spawnSync(cmd, argv, { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000, cwd: '/' });
  if (r.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  readonly port: number;
  readonly dataDir: string;
  /** `postgres://ledgerscope:…@127.0.0.1:port/<db>` */
  url(database?: string): string;
  /** Runs SQL through psql (as the cluster's superuser) and returns its unaligned output. */
  psql(sql: string, database?: string): string;
  createDatabase(name: string): string;
  start(): void;
  /** Fast shutdown (`-m fast`): clients are disconnected, the data is flushed. */
  stop(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

interface ClusterOptions {
  /** Settings appended to postgresql.conf. */
  settings?: Record<string, string | number>;
  /** The cluster's folder (it must not exist); a new temporary one when absent. */
  root?: string;
}

function makeDir(prefix: string, at?: string): string {
  if (at) mkdirSync(at, { recursive: false });
  const dir = at ?? mkdtempSync(join(tmpdir(), prefix));
  const o = owner();
  if (o) chownSync(dir, o.uid, o.gid);
  return dir;
}

function writeConf(dataDir: string, port: number, settings: Record<string, string | number>): void {
  const base: Record<string, string | number> = {
    listen_addresses: "'127.0.0.1'",
    port,
    // the socket lives in the cluster's own folder: /var/run/postgresql may not exist or be writable
    unix_socket_directories: `'${dataDir}'`,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    shared_buffers: "'64MB'",
    max_connections: 60,
    wal_level: 'replica',
    max_wal_senders: 4,
    hot_standby: 'on',
    logging_collector: 'off',
    ...settings,
  };
  const lines = Object.entries(base).map(([k, v]) => `${k} = ${v}`);
  // appended: pg_basebackup -R has put the replica's primary_conninfo in this file
  appendFileSync(join(dataDir, 'postgresql.auto.conf'), `${lines.join('\n')}\n`);
}

function cluster(dataDir: string, port: number, root: string): PgCluster {
  let running = false;
  const self: PgCluster = {
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${database}`,
    psql(sql, database = 'postgres') {
      const psql = join(postgresBinDir(), 'psql');
      const r = spawnSync(
        psql,
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-U',
          PG_USER,
          '-d',
          database,
          '-X',
          '-A',
          '-t',
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          sql,
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, PGPASSWORD: PG_PASSWORD },
        },
      );
      if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
      return r.stdout.trim();
    },
    createDatabase(name) {
      self.psql(`CREATE DATABASE "${name}"`);
      return self.url(name);
    },
    start() {
      runPg('pg_ctl', ['-D', dataDir, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    stop() {
      if (!running) return;
      runPg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      try {
        self.stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  return self;
}

/** A new cluster (initdb), started: a password-protected superuser `ledgerscope` on 127.0.0.1. */
export async function startPgCluster(opts: ClusterOptions = {}): Promise<PgCluster> {
  const root = makeDir('ledgerscope-pg-', opts.root);
  const dataDir = join(root, 'data');
  const pwfile = join(root, 'pwfile');
  writeFileSync(pwfile, `${PG_PASSWORD}\n`);
  chmodSync(pwfile, 0o644);
  runPg('initdb', [
    '-D',
    dataDir,
    '-U',
    PG_USER,
    `--pwfile=${pwfile}`,
    '--auth=scram-sha-256',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  rmSync(pwfile);
  const port = await freePort();
  writeConf(dataDir, port, opts.settings ?? {});
  const c = cluster(dataDir, port, root);
  c.start();
  return c;
}

/**
 * A streaming replica of `primary` (pg_basebackup -R: it follows the primary's WAL over a
 * replication connection), started read-only on its own port.
 */
export async function startPgReplica(primary: PgCluster, opts: ClusterOptions = {}): Promise<PgCluster> {
  const root = makeDir('ledgerscope-pg-replica-');
  const dataDir = join(root, 'data');
  runPg(
    'pg_basebackup',
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      PG_USER,
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ],
    {
      PGPASSWORD: PG_PASSWORD,
    },
  );
  const port = await freePort();
  writeConf(dataDir, port, opts.settings ?? {});
  const c = cluster(dataDir, port, root);
  c.start();
  return c;
}

/**
 * A new server on a copy of a stopped cluster's folder (a cached ledger): the copy keeps its owner
 * and modes, and gets a port of its own.
 */
export async function startPgClusterCopy(sourceRoot: string, opts: ClusterOptions = {}): Promise<PgCluster> {
  const root = makeDir('ledgerscope-pg-copy-');
  const dataDir = join(root, 'data');
  cpSync(join(sourceRoot, 'data'), dataDir, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  const o = owner();
  if (o) execFileSync('chown', ['-R', `${o.uid}:${o.gid}`, dataDir]);
  chmodSync(dataDir, 0o700);
  rmSync(join(dataDir, 'postmaster.pid'), { force: true });
  const port = await freePort();
  writeConf(dataDir, port, opts.settings ?? {});
  const c = cluster(dataDir, port, root);
  c.start();
  return c;
}
