import { describe, expect, it } from 'vitest';
import { apiOverrideText, checkApiBase, describeApiBase, effectiveApiBase, normalizeApiBase } from './api-base';

const ORIGIN = 'https://scope.example';

// Each of these, taken as a relative path, reads from another host (the browser turns `\` into `/`
// and drops tabs and newlines inside a URL), or is not an http(s) URL at all.
const HOSTILE = [
  '//evil.example',
  '//evil.example/api',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '///evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example ',
  '/ /evil.example',
  '/\u00a0/evil.example',
  '%2F%2Fevil.example',
  '%2f%5cevil.example',
  'http:evil.example',
  'https:evil.example',
  'http:/evil.example',
  'http:\\\\evil.example',
  'https:\\/evil.example',
  'https://evil.example\\@scope.example',
  'evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'ftp://evil.example',
  'https://user:secret@evil.example',
  'https://scope.example@evil.example',
  'https://evil.example/?x=1',
  '/ledger#frag',
  '/ledger?x',
  '/..//evil.example',
  '/a/../..//evil.example',
];

describe('an API base given as text', () => {
  it.each(HOSTILE)('refuses %j with a reason, and never resolves it anywhere', (input) => {
    const checked = checkApiBase(input, ORIGIN);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toMatch(/\w{4}/);
    expect(normalizeApiBase(input, ORIGIN)).toBeNull();
    // a refused link's ?api= leaves the site's own API in effect
    expect(effectiveApiBase(input, '', '', ORIGIN)).toBe('');
    expect(effectiveApiBase(input, '', 'https://api.scope.example', ORIGIN)).toBe('https://api.scope.example');
  });

  it('names the host a path would lead to', () => {
    expect(checkApiBase('//evil.example', ORIGIN)).toEqual({ ok: false, reason: expect.stringContaining('single /') });
    expect(checkApiBase('/\\evil.example', ORIGIN)).toEqual({
      ok: false,
      reason: expect.stringContaining('backslash'),
    });
  });

  it('accepts an absolute http(s) URL, in its canonical form without trailing slashes', () => {
    expect(normalizeApiBase('https://toncenter.com/', ORIGIN)).toBe('https://toncenter.com');
    expect(normalizeApiBase('HTTPS://API.Example:8443/ledger/', ORIGIN)).toBe('https://api.example:8443/ledger');
    expect(normalizeApiBase('http://127.0.0.1:8080', ORIGIN)).toBe('http://127.0.0.1:8080');
    expect(normalizeApiBase('  https://api.example.org  ', ORIGIN)).toBe('https://api.example.org');
  });

  it('accepts a path of this site as its resolved pathname, and empty as the site itself', () => {
    expect(normalizeApiBase('', ORIGIN)).toBe('');
    expect(normalizeApiBase('/', ORIGIN)).toBe('');
    expect(normalizeApiBase('/ledger/', ORIGIN)).toBe('/ledger');
    expect(normalizeApiBase('/a/../ledger', ORIGIN)).toBe('/ledger');
    expect(normalizeApiBase('/%2F/evil.example', ORIGIN)).toBe('/%2F/evil.example');
  });

  it("every accepted path keeps the requests made from it on the page's origin", () => {
    for (const input of ['/', '/ledger', '/a/../ledger', '/%2F/evil.example', '/%5Cevil.example', '/.%2e/x', '/a//b']) {
      const base = normalizeApiBase(input, ORIGIN);
      expect(base, input).toMatch(/^(\/[^/\\]|$)/);
      expect(new URL(`${base}/api/v3/traces`, ORIGIN).origin, input).toBe(ORIGIN);
    }
  });

  it("takes a link's ?api= whatever JSON type the router parsed it as", () => {
    expect(apiOverrideText(undefined)).toBeUndefined();
    expect(apiOverrideText('/ledger')).toBe('/ledger');
    expect(apiOverrideText(123)).toBe('123');
    expect(checkApiBase(apiOverrideText({ a: 1 })!, ORIGIN).ok).toBe(false);
  });

  it('is named by the host actually read', () => {
    expect(describeApiBase(normalizeApiBase('/ledger', ORIGIN)!, ORIGIN)).toBe('scope.example/ledger');
    expect(describeApiBase(normalizeApiBase('https://evil.example/', ORIGIN)!, ORIGIN)).toBe('evil.example');
  });
});
