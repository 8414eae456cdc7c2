import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this, the encoded file plus its headers is no smaller than the file itself.
const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  raw: number;
  br: number | null;
  gz: number | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/**
 * Writes `<file>.br` (brotli at quality 11, the maximum) and `<file>.gz` (gzip -9) beside every
 * text asset of a built site, each only when it is smaller than the file. Compressing once at build
 * costs a second or two; compressing on every request would force a server to a fast, weak level.
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const done: Precompressed[] = [];
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    const entry: Precompressed = { file, raw: body.length, br: null, gz: null };
    if (br.length < body.length) {
      await writeFile(`${file}.br`, br);
      entry.br = br.length;
    }
    if (gz.length < body.length) {
      await writeFile(`${file}.gz`, gz);
      entry.gz = gz.length;
    }
    done.push(entry);
  }
  return done;
}

/** Vite plugin: precompresses the production build once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ledgerscope-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
