import type { Progress } from '../ledger/generate';

/**
 * What a progress report says, and how full its bar is (0..1). The count is measured against the
 * target until it is reached: generation then finishes the blocks (slots) already in flight, whose
 * size is not known before they are made, so the bar stays full and the line says how many are left
 * rather than a total or a percentage it cannot know. The last report gives the count made.
 */
export function progressText(p: Progress): { fill: number; percent: string; text: string } {
  const rate = `${p.rate.toFixed(0)} tx/s`;
  if (p.done)
    return { fill: 1, percent: '100%', text: `${p.transactions} transactions (at least ${p.target} asked) · ${rate}` };
  if (p.finishing !== null) {
    const blocks = p.finishing === 1 ? '1 block' : `${p.finishing} blocks`;
    return {
      fill: 1,
      percent: '',
      text: `${p.transactions} transactions, ${p.target} reached · finishing ${blocks} in flight · ${rate}`,
    };
  }
  const fill = Math.min(1, p.transactions / p.target);
  return {
    fill,
    percent: `${Math.min(99, Math.floor(fill * 100))}%`,
    text: `${p.transactions}/${p.target} transactions · ${rate} · ETA ${(p.etaSeconds ?? 0).toFixed(0)} s`,
  };
}

/** A progress bar on a terminal (counts, rate, ETA); a plain line every few seconds otherwise. */
export function progressReporter(label: string): (p: Progress) => void {
  const tty = process.stderr.isTTY;
  let lastPlain = 0;
  let lastPhase: number | null | undefined;
  return (p) => {
    const { fill, percent, text } = progressText(p);
    if (tty) {
      const width = 30;
      const filled = Math.round(fill * width);
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent.padStart(4)} ${text}\x1b[K`,
      );
      if (p.done) process.stderr.write('\n');
    } else if (Date.now() - lastPlain > 3000 || p.done || p.finishing !== lastPhase) {
      // off a terminal, each block in flight finished is a line too: they are few and slow
      lastPlain = Date.now();
      lastPhase = p.finishing;
      process.stderr.write(`${label}: ${text}\n`);
    }
  };
}
