// A client of light queries in a process of its own: asks the given paths in turn on `connections`
// connections for `ms` milliseconds, at most `rate` requests a second in all (0: as fast as the
// answers come), and prints each answer's latency (ms) as a JSON array. bench/local-network.ts runs
// it beside its senders, so that the latency measured is the one a separate client sees, not one
// that waits behind the senders' own signing on a shared event loop; paced, it measures the latency
// of a client's lookups rather than the most lookups the machine can answer (which, unpaced on two
// cores, is itself the load that starves everything niced below it).
// Usage: tsx bench/tools/light-probe.ts <base URL> <ms> <connections> <rate> <path> [path ...]
const [base, ms, connections, rate, ...paths] = process.argv.slice(2);
if (!base || !ms || !connections || rate === undefined || paths.length === 0)
  throw new Error('usage: light-probe.ts <base URL> <ms> <connections> <rate> <path> [path ...]');
const out: number[] = [];
const until = Date.now() + Number(ms);
/** Milliseconds between one connection's requests (0: none). */
const gap = Number(rate) > 0 ? (1000 * Number(connections)) / Number(rate) : 0;
await Promise.all(
  Array.from({ length: Number(connections) }, async (_, k) => {
    // the connections' requests interleave rather than leave together
    let next = Date.now() + (gap * k) / Number(connections);
    for (let i = k; Date.now() < until; i++) {
      if (gap > 0) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
        next += gap;
      }
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
