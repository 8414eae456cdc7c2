/** What an API base given as text comes to: the base to read from, or why it is refused. */
export type ApiBaseCheck = { ok: true; base: string } | { ok: false; reason: string };

const ABSOLUTE_HTTP = /^https?:\/\//i;
// A backslash is a slash to a browser's URL parser (`/\host` is `//host`), and tabs and newlines
// inside a URL are dropped by it (`/<tab>/host` is `//host` too): neither belongs in an API base.
const hasUnsafeCharacter = (text: string) =>
  /[\\\s]/.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The page's origin, against which a path resolves; outside a browser (tests) a stand-in. */
function pageOrigin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/**
 * An API base is '' (the site's own), an absolute `http(s)://` URL, or a path of this site
 * (`/ledger`). A path is resolved as the browser will resolve the requests made from it
 * (`new URL(path, origin)`) and kept only if it stays on the page's origin, so a link's
 * `?api=//evil.example` or `?api=/\evil.example` cannot pass for a path of this site and read
 * another host without the banner that names it. Never protocol-relative, never a backslash, no
 * credentials, query or fragment (the base is the start of every request's URL). Trailing slashes
 * are dropped; a path comes back as its resolved pathname.
 */
export function checkApiBase(input: string, origin: string = pageOrigin()): ApiBaseCheck {
  const text = input.trim();
  if (text === '') return { ok: true, base: '' };
  const refuse = (reason: string): ApiBaseCheck => ({ ok: false, reason });
  if (hasUnsafeCharacter(text)) return refuse('it holds a backslash, a space or a control character');
  if (/[?#]/.test(text)) return refuse('an API base has no query (?) or fragment (#)');
  if (ABSOLUTE_HTTP.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return refuse('it is not a valid URL');
    }
    if (url.username || url.password) return refuse('an API base carries no user name or password');
    return { ok: true, base: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
  }
  if (!text.startsWith('/') || text.startsWith('//')) {
    return refuse('it must be an http(s):// URL or a path of this site starting with a single /');
  }
  const own = new URL(origin);
  const url = new URL(text, own);
  if (url.origin !== own.origin) return refuse(`as a path it leads to another host (${url.host})`);
  const base = url.pathname.replace(/\/+$/, '');
  // `/..//evil.example` resolves to the pathname `//evil.example`: a base every request would
  // take for another host. The base is checked as the requests will use it.
  if (new URL(`${base}/api`, own).origin !== own.origin)
    return refuse(`it resolves to ${base}, which a browser reads as another host`);
  return { ok: true, base };
}

/** The base of `checkApiBase`, or null when refused. */
export function normalizeApiBase(input: string, origin?: string): string | null {
  const checked = checkApiBase(input, origin);
  return checked.ok ? checked.base : null;
}

/** A link's `?api=` as text: the router parses search values as JSON, so `?api=1` arrives as a number. */
export function apiOverrideText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The API base in effect: a valid `?api=` of the current URL (a link's choice, never stored), else
 * the one the reader saved in the settings, else the site's own. A refused `?api=` is ignored (the
 * banner says so), never half-parsed.
 */
export function effectiveApiBase(
  apiOverride: string | undefined,
  stored: string,
  site: string,
  origin?: string,
): string {
  return (apiOverride === undefined ? null : normalizeApiBase(apiOverride, origin)) ?? (stored || site);
}

/** How a base is named to the reader: its host (and path), the same origin spelled out. */
export function describeApiBase(base: string, origin: string): string {
  if (base === '') return new URL(origin).host;
  if (base.startsWith('/')) return `${new URL(origin).host}${base}`;
  const url = new URL(base);
  return url.pathname === '/' ? url.host : `${url.host}${url.pathname}`;
}
