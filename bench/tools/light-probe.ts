// A client of light queries in a process of its own: asks the given paths in turn on `CONNECTIONS`
// connections for `MS` milliseconds and prints each answer's latency (ms) as a JSON array.
// bench/local-network.ts runs it beside its senders, so that the latency measured is the one a
// separate client sees, not one that waits behind the senders' own signing on a shared event loop.
// Usage: tsx bench/tools/light-probe.ts <base URL> <ms> <connections> <path> [path ...]
const [base, ms, connections, ...paths] = process.argv.slice(2);
if (!base || !ms || !connections || paths.length === 0)
  throw new Error('usage: light-probe.ts <base URL> <ms> <connections> <path> [path ...]');
const out: number[] = [];
const until = Date.now() + Number(ms);
await Promise.all(
  Array.from({ length: Number(connections) }, async (_, k) => {
    for (let i = k; Date.now() < until; i++) {
      const t = performance.now();
      const r = await fetch(base + paths[i % paths.length]!);
      if (r.status !== 200) throw new Error(`${paths[i % paths.length]}: ${r.status}`);
      await r.arrayBuffer();
      out.push(performance.now() - t);
    }
  }),
);
process.stdout.write(JSON.stringify(out));

export {};
