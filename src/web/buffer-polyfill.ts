// @ton/core and src/ton speak Node's Buffer; browsers have none. This module is imported first by
// main.tsx so that every later module sees `globalThis.Buffer`.
import { Buffer } from 'buffer';

const g = globalThis as unknown as { Buffer?: typeof Buffer };
if (!g.Buffer) g.Buffer = Buffer;
