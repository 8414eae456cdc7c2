// The headers every answer carries, written in one place for the two paths that send answers: the
// framework's hooks (src/server/app.ts) and the answer cache, which answers before the framework
// (src/server/execution/answer-kept.ts). A header added to one is then on both.

/** On every answer, the explorer's pages included: a browser never guesses a type. */
export const EVERY_ANSWER_HEADERS = { 'x-content-type-options': 'nosniff' } as const;

/** On every answer under /api/: readable from any origin, always JSON. */
export const API_ANSWER_HEADERS = {
  'access-control-allow-origin': '*',
  'content-type': 'application/json; charset=utf-8',
} as const;

/**
 * The answer to a browser's CORS preflight of a POST with a JSON body from another origin (the
 * explorer of another deployment, a page using TonClient): the POST is allowed from any origin, as
 * every GET is, and the browser may keep the permission a day.
 */
export const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST',
  'access-control-allow-headers': 'content-type, x-api-key',
  'access-control-max-age': '86400',
} as const;
