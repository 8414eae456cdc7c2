import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The explorer may be pointed at any compatible API at run time, so `connect-src` allows any
 * http(s) origin; scripts come only from this origin (no inline script). React Flow positions its
 * nodes with inline style attributes, hence `style-src 'unsafe-inline'`. A token's picture comes
 * from the image proxy the API's own metadata names (TON Center's `_image_small`, any https origin,
 * as the API itself may be any); the explorer never loads a token's own `image` URL
 * (src/web/model/jetton-token.ts), hence `img-src` https but not http.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers of every HTML answer: the page may not be framed (frame-ancestors), runs only this
 * origin's scripts, and is revalidated on every load. Whatever path serves it (`/`, `/index.html`,
 * another `.html` file of the web root, a deep link's fallback, the "not built" page), an HTML
 * answer without them would let another site frame the explorer through that path.
 */
function pageHeaders(reply: FastifyReply): void {
  reply
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .header('Cache-Control', 'no-cache');
}

/**
 * Serves the built explorer: each asset as the `.br` or `.gz` file the build wrote beside it when
 * the browser accepts that encoding (compressed once at maximum level, never on the fly), hashed
 * assets cached for a year as immutable, `index.html` revalidated on every load (no-cache), and
 * every explorer route (anything outside /api) answered with `index.html` (history fallback).
 */
export async function registerExplorer(app: FastifyInstance, webRoot: string): Promise<void> {
  const index = join(webRoot, 'index.html');
  // @fastify/static serves `/index.html` and any other .html file of the web root itself: the
  // headers are added to every HTML answer here rather than route by route
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (/^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''))) pageHeaders(reply);
    done(null, payload);
  });
  if (!existsSync(index)) {
    app.get('/', async (_req, reply) => {
      pageHeaders(reply);
      reply.code(503).type('text/plain; charset=utf-8');
      return 'The explorer is not built: run `npm run build` (npm start does it), then reload.\nThe API is served under /api/.\n';
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, path) {
      // the same URL answers brotli, gzip or plain bytes depending on Accept-Encoding
      res.setHeader('Vary', 'Accept-Encoding');
      if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply) => {
    return reply.sendFile('index.html', { cacheControl: false });
  };
  app.get('/', async (_req, reply) => sendIndex(reply));
  // The explorer reads its deployment's config.json at start (docs/deploy.md); served by this
  // server, its API is this origin's, which an empty config says (a 404 would say the same, as an
  // error in every visitor's console). A config.json put in the web root is served instead.
  if (!existsSync(join(webRoot, 'config.json'))) {
    app.get('/config.json', async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8');
      return '{}';
    });
  }
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    // the API never falls back to the page: an unknown /api path is a JSON 404
    if (path.startsWith('/api/') || path === '/api') return reply.callNotFound();
    // a missing file (an asset of an older build) is a 404, not the page
    if (/\.[a-z0-9]+$/i.test(path)) {
      reply.code(404).type('text/plain; charset=utf-8');
      return 'not found\n';
    }
    return sendIndex(reply);
  });
}
