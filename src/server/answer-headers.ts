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
