import { spawn } from 'node:child_process';

/**
 * Runs a crash writer (a script that writes batches, printing `committed <batches> <transactions>`
 * after each commit and `mid-batch` once it is inside one) and kills it with SIGKILL at its first
 * `mid-batch`. Answers whether the kill came mid-batch and how many transactions were committed
 * before it, for the crash tests of both engines.
 */
export async function killMidBatch(
  script: string,
  args: string[],
): Promise<{ midBatch: boolean; committedTxs: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let committedTxs = -1;
  let midBatch = false;
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        const c = /^committed (\d+) (\d+)$/.exec(line);
        if (c) committedTxs = Number(c[2]);
        if (line.startsWith('mid-batch')) {
          midBatch = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.on('exit', () => resolve());
    child.on('error', reject);
  });
  return { midBatch, committedTxs };
}
