import { describe, expect, it } from 'vitest';
import { DeploymentConfigError, loadDeployment, parseDeployment } from './deployment';
import { describeApiBase, effectiveApiBase } from './api-base';

const answer = (status: number, body: string) =>
  (async () => new Response(body, { status })) as unknown as typeof fetch;

describe('the deployment config (config.json beside index.html)', () => {
  it('names the site API; a missing file means the same origin', async () => {
    expect(await loadDeployment('/config.json', answer(200, '{"apiBase":"https://api.example.org/"}'))).toEqual({
      apiBase: 'https://api.example.org',
    });
    expect(await loadDeployment('/config.json', answer(404, 'not found'))).toEqual({ apiBase: '' });
    expect(parseDeployment({})).toEqual({ apiBase: '' });
    expect(parseDeployment({ apiBase: '/ledger/' })).toEqual({ apiBase: '/ledger' });
  });

  it('refuses a broken file with a message naming what is wrong, rather than reading another API', async () => {
    await expect(loadDeployment('/config.json', answer(200, '{apiBase:'))).rejects.toThrow(
      'config.json: not valid JSON',
    );
    await expect(loadDeployment('/config.json', answer(500, ''))).rejects.toThrow('the host answered 500');
    expect(() => parseDeployment({ apiBase: 'javascript:alert(1)' })).toThrow(DeploymentConfigError);
    expect(() => parseDeployment({ apiBase: 42 })).toThrow('"apiBase" must be a string');
    expect(() => parseDeployment(['https://x'])).toThrow('expected a JSON object');
  });
});

describe('the API base in effect', () => {
  it("is the link's ?api=, else the saved one, else the site's own", () => {
    expect(effectiveApiBase('https://other.example', 'https://saved.example', 'https://site.example')).toBe(
      'https://other.example',
    );
    expect(effectiveApiBase(undefined, 'https://saved.example', 'https://site.example')).toBe('https://saved.example');
    expect(effectiveApiBase(undefined, '', 'https://site.example')).toBe('https://site.example');
    // a malformed override is ignored, never a silent switch to something half-parsed
    expect(effectiveApiBase('ftp://x', '', '')).toBe('');
  });

  it('is named by host for the banner', () => {
    expect(describeApiBase('https://toncenter.com', 'https://scope.example')).toBe('toncenter.com');
    expect(describeApiBase('https://api.example:8443/ledger', 'https://scope.example')).toBe('api.example:8443/ledger');
    expect(describeApiBase('/other', 'http://127.0.0.1:8080')).toBe('127.0.0.1:8080/other');
  });
});
