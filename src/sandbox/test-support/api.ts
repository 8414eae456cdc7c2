// The API of a running `npm run sandbox`, read as the tests read it: JSON answers, and waiting until
// the frames a test process sent are stored (sandbox sends without waiting, so the tests wait here);
// and a frame of the test's own making sent to the receiver, its answer awaited.
import WebSocket from 'ws';

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until the API finds every hash (frames are sent without waiting: sandbox does not wait either). */
export async function waitForTransactions(
  api: string,
  hashes: string[],
  log: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const h of hashes) {
    for (;;) {
      const r = await getJson<{ transactions: unknown[] }>(`${api}/api/v3/transactions?hash=${h}`);
      if (r.transactions.length === 1) break;
      if (Date.now() > deadline)
        throw new Error(`transaction ${h} not found within ${timeoutMs} ms; the receiver said:\n${log()}`);
      await new Promise((res) => setTimeout(res, 100));
    }
  }
}

/** Sends a frame's text on a socket of its own and waits for the receiver's answer. */
export function sendFrame(ws: string, text: string): Promise<{ stored: boolean; reason?: string; seqno?: number }> {
  return new Promise((resolve, reject) => {
    const s = new WebSocket(ws);
    s.once('open', () => s.send(text));
    s.once('message', (data) => {
      resolve(JSON.parse(String(data)) as { stored: boolean; reason?: string; seqno?: number });
      s.close();
    });
    s.once('error', reject);
  });
}
