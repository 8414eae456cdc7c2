import type { Progress } from '../ledger/generate';

/** A progress bar on a terminal (counts, rate, ETA); a plain line every few seconds otherwise. */
export function progressReporter(label: string): (p: Progress) => void {
  const tty = process.stderr.isTTY;
  let lastPlain = 0;
  return (p) => {
    const pct = Math.min(1, p.transactions / p.target);
    const text = `${p.transactions}/${p.target} transactions · ${p.rate.toFixed(0)} tx/s · ETA ${p.etaSeconds.toFixed(0)} s`;
    if (tty) {
      const width = 30;
      const filled = Math.round(pct * width);
      process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(pct * 100).toFixed(0).padStart(3)}% ${text}   `);
      if (pct >= 1) process.stderr.write('\n');
    } else if (Date.now() - lastPlain > 3000 || pct >= 1) {
      lastPlain = Date.now();
      process.stderr.write(`${label}: ${text}\n`);
    }
  };
}
