import { expect, test } from '@playwright/test';

// What the browser receives, read from Chromium's own network log: every script of the home page
// arrives brotli-compressed (the .br file written at build), fewer bytes on the wire than it
// decodes to, cached as immutable; the page itself is revalidated on every load.
test('the home page receives its scripts precompressed, as Chromium counts the bytes', async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; headers: Record<string, string> }>();
  const documents: Record<string, string>[] = [];
  const encoded = new Map<string, number>();
  const decoded = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, headers });
    if (e.type === 'Document') documents.push(headers);
  });
  cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => encoded.set(e.requestId, e.encodedDataLength));
  await page.goto('/');
  await expect(page.locator('tbody tr a[href^="/trace/"]').first()).toBeVisible();
  // every script is in once the live stream is open (not `networkidle`: the open stream keeps
  // the network busy for as long as the page is live)
  await expect(page.getByTestId('live-status')).toHaveText('Live: streaming');

  expect(documents[0]!['cache-control']).toBe('no-cache');
  const assets = [...scripts].filter(([, s]) => s.url.includes('/assets/'));
  expect(assets.length).toBeGreaterThan(0);
  for (const [id, s] of assets) {
    expect(s.headers['content-encoding'], s.url).toBe('br');
    expect(s.headers['vary'], s.url).toMatch(/accept-encoding/i);
    expect(s.headers['cache-control'], s.url).toBe('public, max-age=31536000, immutable');
    expect(encoded.get(id), s.url).toBeGreaterThan(0);
  }
  // The largest script travels at well under half its size (minified JavaScript compresses ~3-4x).
  const [bigId, big] = assets.sort(([a], [b]) => (decoded.get(b) ?? 0) - (decoded.get(a) ?? 0))[0]!;
  expect(encoded.get(bigId)!, big.url).toBeLessThan(decoded.get(bigId)! / 2);
});
