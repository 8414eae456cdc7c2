import type { TraceView } from './trace-view';

/**
 * A letter per account in order of first appearance (A, B, …, Z, AA…), as tonviewer draws them: a
 * bounce back to A draws a second "A", so the reader sees the round trip without reading addresses.
 */
export function accountLetters(trace: TraceView): Map<string, string> {
  const letters = new Map<string, string>();
  for (const hash of trace.order) {
    const tx = trace.txs.get(hash)!;
    for (const raw of [tx.inMsg?.source, tx.account]) {
      if (raw && !letters.has(raw)) letters.set(raw, letterOf(letters.size));
    }
  }
  return letters;
}

export function letterOf(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}
