// A plain static host, as a reader would put the built explorer on one: serves files from a folder
// with their content type, and answers any other path without an extension with index.html (the
// SPA fallback of docs/deploy.md). Nothing of the ledgerscope server: no compression, no API, no
// special headers.
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export async function startPlainStaticHost(
  root: string,
): Promise<{ origin: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    requests.push(path);
    const file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    void (async () => {
      const isFile = await stat(file).then(
        (s) => s.isFile(),
        () => false,
      );
      if (isFile) {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(await readFile(file));
      } else if (extname(path) === '') {
        res.writeHead(200, { 'content-type': TYPES['.html']! });
        res.end(await readFile(join(root, 'index.html')));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found\n');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return { origin, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
