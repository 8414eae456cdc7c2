// A CPU quota for one benchmarked process, as a machine of its own would bound it: a cgroup whose
// CPU time is capped at `cores` cores (the kernel's CFS bandwidth control, the mechanism behind a
// container's or a Kubernetes pod's CPU limit). Used by `bench/postgres.ts` to compare one API
// process with two on a two-core machine where PostgreSQL and the load generator share the cores:
// capped, each process has the same CPU whether it runs alone or beside another, so what the
// comparison shows is what the API processes share (the database), not how the cores are divided.
//
// Needs root and a writable cgroup file system, in either layout: cgroup v2 (`cpu.max` in the unified
// hierarchy, with the cpu controller enabled for its children) or v1 (`cpu.cfs_quota_us` in the cpu
// hierarchy). Without one of them `cpuQuota` throws, naming what it tried.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CpuQuota {
  /** The files a process id is written to, to move that process (all its threads) into the group. */
  procsFiles: string[];
  /** The group's CPU time so far, in seconds (what the quota let its processes use). */
  usedSeconds(): number;
  /** Times the quota ran out within a period and the group's threads waited for the next one. */
  throttledPeriods(): number;
  remove(): void;
}

const PERIOD_US = 100_000;

export function cpuQuota(name: string, cores: number): CpuQuota {
  if (!(cores > 0)) throw new Error(`a CPU quota needs a positive number of cores, got ${cores}`);
  const quotaUs = Math.round(cores * PERIOD_US);
  const tried: string[] = [];

  const v2Root = unifiedRoot();
  if (v2Root) {
    const dir = join(v2Root, name);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
      return group(
        dir,
        () => stat(dir, 'cpu.stat', 'usage_usec') / 1e6,
        () => stat(dir, 'cpu.stat', 'nr_throttled'),
      );
    } catch (e) {
      tried.push(`${dir}/cpu.max: ${(e as Error).message}`);
    }
  }
  const v1Root = '/sys/fs/cgroup/cpu';
  if (existsSync(join(v1Root, 'cpu.cfs_quota_us'))) {
    const dir = join(v1Root, name);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
      // cpuacct sits beside cpu in v1; the throttling statistics are cpu's own
      const acct = join('/sys/fs/cgroup/cpuacct', name);
      const usage = existsSync('/sys/fs/cgroup/cpuacct') ? (mkdirSync(acct, { recursive: true }), acct) : null;
      return group(
        dir,
        () => (usage ? Number(readFileSync(join(usage, 'cpuacct.usage'), 'utf8')) / 1e9 : NaN),
        () => stat(dir, 'cpu.stat', 'nr_throttled'),
        usage ? [join(usage, 'cgroup.procs')] : [],
        usage ? [usage] : [],
      );
    } catch (e) {
      tried.push(`${dir}/cpu.cfs_quota_us: ${(e as Error).message}`);
    }
  } else tried.push(`${v1Root}: no cgroup v1 cpu hierarchy`);
  throw new Error(
    `cannot cap a process's CPU here (needs root and a writable cgroup file system): ${tried.join('; ')}`,
  );
}

/** The unified (v2) hierarchy's folder where a child group may use the cpu controller, if any. */
function unifiedRoot(): string | null {
  for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
    try {
      const controllers = readFileSync(join(root, 'cgroup.controllers'), 'utf8').split(/\s+/);
      if (!controllers.includes('cpu')) continue;
      const enabled = readFileSync(join(root, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
      if (!enabled.includes('cpu')) writeFileSync(join(root, 'cgroup.subtree_control'), '+cpu');
      return root;
    } catch {
      // not this layout, or not writable
    }
  }
  return null;
}

function stat(dir: string, file: string, key: string): number {
  const line = readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${key} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

function group(
  dir: string,
  used: () => number,
  throttled: () => number,
  extraProcs: string[] = [],
  extraDirs: string[] = [],
): CpuQuota {
  return {
    procsFiles: [join(dir, 'cgroup.procs'), ...extraProcs],
    usedSeconds: used,
    throttledPeriods: throttled,
    remove() {
      for (const d of [dir, ...extraDirs]) {
        try {
          rmdirSync(d);
        } catch {
          // still holds a process that has not been reaped yet: the kernel keeps the empty group
        }
      }
    },
  };
}

/**
 * The command line that starts `argv` inside the groups: a shell moves itself into them and then
 * becomes the command, so every thread the command ever starts is born capped.
 */
export function quotaWrapped(quota: CpuQuota, argv: string[]): { file: string; args: string[] } {
  const moves = quota.procsFiles.map((f) => `echo $$ > '${f}'`).join(' && ');
  return { file: '/bin/sh', args: ['-c', `${moves} && exec "$@"`, 'capped', ...argv] };
}
