import { afterEach, describe, expect, it, vi } from 'vitest';
import { logRequest, requestLog } from './request-log';

// The request log's line is written out by hand (it runs for every request): it must stay the JSON
// a log reader parses, whatever the path holds.
describe('request log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes one JSON line per request: time, method, the path without its query, status, ms', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const before = Date.now();
    logRequest('POST', '/api/v2/jsonRPC', 200, 0.1234);
    logRequest('GET', '/api/v3/traces/"quoted"\\path\u00e9\n?account=secret', 422, 12.35);
    requestLog.flush();
    const lines = written.join('').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(2);
    const [a, b] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(a).toEqual({ time: expect.any(String), method: 'POST', path: '/api/v2/jsonRPC', status: 200, ms: 0.1 });
    expect(b).toEqual({
      time: expect.any(String),
      method: 'GET',
      path: '/api/v3/traces/"quoted"\\path\u00e9\n',
      status: 422,
      ms: 12.4,
    });
    for (const line of [a, b]) {
      const at = Date.parse(line!.time as string);
      expect(new Date(at).toISOString()).toBe(line!.time);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });
});
