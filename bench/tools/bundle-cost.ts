// What each module costs the home page: `npx tsx bench/tools/bundle-cost.ts`. Builds the explorer
// with source maps into a temporary directory, reads from its index.html the scripts `/` loads before
// any interaction (the entry and its modulepreloads; the home route is in the entry chunk), and
// prints one JSON line: each of those files' brotli size (as the server sends it, quality 11 like
// the build's .br files) and, inside each, the minified bytes of every package or source folder
// with its share of the file's brotli bytes (the file's compressed size split in proportion to its
// minified bytes: brotli does not compress every module alike, so this is an estimate to rank
// modules by, not a measurement of one). BUNDLE_TOP (default 25) is how many modules are listed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const TOP = Number(process.env.BUNDLE_TOP ?? 25);
const out = mkdtempSync(join(tmpdir(), 'ledgerscope-bundle-'));

/** A source file's owner: its npm package (scope included), or its folder under src/. */
function ownerOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src).split('/').slice(0, 4).join('/') : source;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's segments, each as [generated column, source index] (the fields this needs). */
function segmentsOf(mappings: string): Array<Array<[number, number]>> {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const out: Array<[number, number]> = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      // base64 VLQ: five bits a digit, the sixth says another follows; the lowest bit is the sign
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      out.push([column, fields.length > 1 ? source : -1]);
    }
    return out;
  });
}

/** Minified bytes of a chunk by owner, from its source map (each mapping's run to the next one). */
function bytesByOwner(code: string, mapFile: string): Map<string, number> {
  const by = new Map<string, number>();
  if (!existsSync(mapFile)) return by.set('(bundler)', code.length);
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  segmentsOf(map.mappings).forEach((segments, line) => {
    segments.forEach(([column, source], i) => {
      const end = segments[i + 1]?.[0] ?? lines[line]!.length;
      const owner = source >= 0 ? ownerOf(map.sources[source]!) : '(bundler)';
      by.set(owner, (by.get(owner) ?? 0) + end - column);
    });
  });
  return by;
}

try {
  execFileSync(resolve('node_modules/.bin/vite'), ['build', '--sourcemap', '--outDir', out, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const modules = new Map<string, { minified: number; brotli: number }>();
  const perFile: Record<string, number> = {};
  let total = 0;
  for (const file of files) {
    const code = readFileSync(join(out, file), 'utf8');
    const br = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    perFile[file] = br;
    total += br;
    const by = bytesByOwner(code, join(out, `${file}.map`));
    const mapped = [...by.values()].reduce((a, b) => a + b, 0);
    for (const [owner, bytes] of by) {
      const m = modules.get(owner) ?? { minified: 0, brotli: 0 };
      m.minified += bytes;
      m.brotli += (br * bytes) / mapped;
      modules.set(owner, m);
    }
  }
  const top = [...modules]
    .sort((a, b) => b[1].brotli - a[1].brotli)
    .slice(0, TOP)
    .map(([owner, m]) => ({ owner, minified: m.minified, brotli_share: Math.round(m.brotli) }));
  console.log(
    JSON.stringify({
      bench: 'bundle-cost',
      page: '/',
      files: perFile,
      brotli_bytes: total,
      note: 'bodies only; Chromium counts headers too (npm run bench -- web, home_js_wire_bytes)',
      modules: top,
    }),
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
