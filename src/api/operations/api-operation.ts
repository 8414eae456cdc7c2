import { z } from 'zod';
import { acceptedKeys, ParamError, shown, type RawQuery } from './param-rules';

/**
 * One operation of the API, declared once: its path, its query parameters (zod: the server parses
 * with them, and their input type is the client's request) and its answers (strict zod: the
 * serializers are typed from them, the tests validate every answer against them and against the
 * JSON Schema made from them).
 */
export interface ApiOperation<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly path: string;
  readonly params: P;
  /** A 200 answer. */
  readonly response: R;
  /** Any other answer. */
  readonly error: z.ZodType;
}

/** Identity with the literal path and the schemas' types kept. */
export const defineApiOperation = <const O extends ApiOperation>(operation: O): O => operation;

/** What a client sends: the parameters as values before they become a query string. */
export type RequestOf<O extends ApiOperation> = z.input<O['params']>;
/** What the server's parsing gives (bigints, hash bytes, Sets...). */
export type ParamsOf<O extends ApiOperation> = z.output<O['params']>;
/** A 200 answer's JSON. */
export type ResponseOf<O extends ApiOperation> = z.output<O['response']>;

/** The operation's name in messages: the last segment of its path (`traces`). */
const nameOf = (operation: ApiOperation): string => operation.path.slice(operation.path.lastIndexOf('/') + 1);

const accepted = new WeakMap<ApiOperation, string[]>();

/**
 * Parses a query string with an operation's parameters. Unknown keys are refused by name (a typo
 * such as `?hash=` must not quietly return the latest data; `api_key` is accepted everywhere and
 * ignored); the first broken rule is reported.
 */
export function parseParams<O extends ApiOperation>(operation: O, query: RawQuery): ParamsOf<O> {
  let keys = accepted.get(operation);
  if (!keys) accepted.set(operation, (keys = acceptedKeys(operation.params)));
  const input: RawQuery = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'api_key') continue;
    if (!keys.includes(key)) {
      throw new ParamError(`unknown parameter ${shown(key)}; ${nameOf(operation)} accepts: ${keys.join(', ')}`);
    }
    input[key] = value;
  }
  const result = operation.params.safeParse(input);
  if (result.success) return result.data as ParamsOf<O>;
  const issue = result.error.issues[0]!;
  const name = issue.path.length > 0 ? String(issue.path[0]) : '';
  throw new ParamError(name ? `parameter ${name} ${issue.message}` : issue.message);
}
