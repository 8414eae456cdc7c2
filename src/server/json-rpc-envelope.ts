// The one place a JSON-RPC answer's envelope is written: an operation's `{ok, result}` body gets the
// call's `id` and `jsonrpc` after its result. Both the framework's JSON-RPC route (json-rpc.ts) and
// a kept run answered before the framework (execution/kept-runs.ts) complete bodies with it.

/** What follows an answer's `result` (its closing `}` included) for the call `id`. */
export function callIdEnd(id: unknown): string {
  return `,"id":${JSON.stringify(id ?? null)},"jsonrpc":"2.0"}`;
}

/** An operation's `{ok, result}` body as the answer to call `id`: the call's `id` and `jsonrpc` added. */
export function withCallId(body: string, id: unknown): string {
  return body.slice(0, body.lastIndexOf('}')) + callIdEnd(id);
}
