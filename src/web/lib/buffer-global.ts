// @ton/core uses Node's `Buffer` as a global; the browser has none. Importing this module first
// (before anything that loads @ton/core) installs the `buffer` package's implementation. Only the
// pages that decode cells import it, so the home page does not carry it (the
// address and hash forms every page prints are computed without it: src/ton/address-forms.ts).
import { Buffer } from 'buffer';

const g = globalThis as { Buffer?: unknown };
g.Buffer ??= Buffer;
