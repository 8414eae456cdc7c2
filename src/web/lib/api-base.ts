/** Accepts `https://host/path`, `http://…`, `/relative` or ''; strips trailing slashes. */
export function normalizeApiBase(input: string): string | null {
  const text = input.trim().replace(/\/+$/, '');
  if (text === '') return '';
  if (text.startsWith('/')) return text;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.toString().replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * The API base in effect: a valid `?api=` of the current URL (a link's choice, never stored), else
 * the one the reader saved in the settings, else the site's own.
 */
export function effectiveApiBase(apiOverride: string | undefined, stored: string, site: string): string {
  return (apiOverride === undefined ? null : normalizeApiBase(apiOverride)) ?? (stored || site);
}

/** How a base is named to the reader: its host (and path), the same origin spelled out. */
export function describeApiBase(base: string, origin: string): string {
  if (base === '') return new URL(origin).host;
  if (base.startsWith('/')) return `${new URL(origin).host}${base}`;
  const url = new URL(base);
  return url.pathname === '/' ? url.host : `${url.host}${url.pathname}`;
}
