// localStorage throws in some private modes and when the site's storage is blocked; the explorer
// then works without remembering anything rather than failing.

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* not remembered beyond this page */
  }
}
