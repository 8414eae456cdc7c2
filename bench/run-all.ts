// Runs every benchmark in bench/ one after another (they share two cores: never in parallel) and
// prints the JSON line each one prints. `npm run bench -- store api` runs only the named ones.
// Figures are medians and ratios from one run; docs/benchmarks.md records them with this command.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = new Set(process.argv.slice(2));
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts' && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((name) => wanted.size === 0 || wanted.has(name))
  .sort();

if (benches.length === 0) {
  console.error(`no benchmark matches ${[...wanted].join(', ')}; available: ${readdirSync(here).join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of benches) {
  console.error(`# bench ${name}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.ts`)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const lines = run.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'));
  for (const line of lines) console.log(line);
  if (run.status !== 0) {
    failed += 1;
    console.error(`# bench ${name} failed with status ${run.status}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
