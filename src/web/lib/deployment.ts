import { checkApiBase } from './api-base';

/**
 * What a deployment tells the explorer at start, from `config.json` beside `index.html`, so that
 * one build serves any host: `{ "apiBase": "https://api.example.org" }`. No file (404) means the
 * API is on the explorer's own origin. See docs/deploy.md.
 */
export interface Deployment {
  /** The site's own API: '' for the same origin, else an absolute http(s) URL or a /path. */
  apiBase: string;
}

export const CONFIG_FILE = 'config.json';

export class DeploymentConfigError extends Error {
  constructor(message: string) {
    super(`${CONFIG_FILE}: ${message}`);
    this.name = 'DeploymentConfigError';
  }
}

export function parseDeployment(json: unknown): Deployment {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new DeploymentConfigError('expected a JSON object such as {"apiBase": "https://api.example.org"}');
  const { apiBase } = json as { apiBase?: unknown };
  if (apiBase === undefined) return { apiBase: '' };
  if (typeof apiBase !== 'string') throw new DeploymentConfigError('"apiBase" must be a string');
  const checked = checkApiBase(apiBase);
  if (!checked.ok)
    throw new DeploymentConfigError(
      `"apiBase" must be an http(s):// URL or a path of this site starting with /, got ${JSON.stringify(apiBase)}: ${checked.reason}`,
    );
  return { apiBase: checked.base };
}

/** Reads the deployment's config.json; a missing file is the same-origin default, a broken one an error. */
export async function loadDeployment(url: string, fetchImpl: typeof fetch = fetch): Promise<Deployment> {
  const res = await fetchImpl(url, { headers: { accept: 'application/json' } });
  if (res.status === 404) return { apiBase: '' };
  if (!res.ok) throw new DeploymentConfigError(`the host answered ${res.status}`);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new DeploymentConfigError('not valid JSON');
  }
  return parseDeployment(json);
}

let current: Deployment = { apiBase: '' };

/** Set once at start, before the first render. */
export function setDeployment(d: Deployment): void {
  current = d;
}

/** The API this site serves its data from, unless the reader chose another. */
export function siteApiBase(): string {
  return current.apiBase;
}
