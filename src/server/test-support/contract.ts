import { Ajv, type ValidateFunction } from 'ajv';
import { asTonCenterPrints, ref } from '../../api/test-support/ton-center-contract/json-schema';
import { DEFINITIONS, OPERATIONS, operationOf } from '../../api/test-support/ton-center-contract/operations';

// TON Center's published contract (src/api/test-support/ton-center-contract), compiled once with ajv. Every answer the
// tests receive from an API operation goes through `checkContract`.

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });

const compile = (schema: object, definitions = DEFINITIONS): ValidateFunction =>
  ajv.compile({ ...schema, definitions });
const validators = new Map(OPERATIONS.map((o) => [o.path, { ok: compile(o.response), error: compile(o.error) }]));
const theirDefinitions = Object.fromEntries(Object.entries(DEFINITIONS).map(([k, v]) => [k, asTonCenterPrints(v)]));
const theirValidators = new Map(
  OPERATIONS.map((o) => [o.path, compile(asTonCenterPrints(o.response), theirDefinitions)]),
);

function fail(path: string, status: number, validate: ValidateFunction): never {
  const issues = (validate.errors ?? [])
    .slice(0, 8)
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    );
  throw new Error(
    `response of ${path.slice(0, 200)} (${status}) breaks TON Center's published contract: ${issues.join('; ')}`,
  );
}

/** Throws, naming every mismatch, when an answer of an operation breaks its published contract. */
export function checkContract(path: string, status: number, body: unknown): void {
  const op = operationOf(path);
  if (!op) return;
  const v = validators.get(op.path)!;
  const validate = status === 200 ? v.ok : v.error;
  if (!validate(body)) fail(path, status, validate);
}

/** The same check of a 200 answer recorded from TON Center's own server: our additions may be absent. */
export function checkTonCenterAnswer(path: string, body: unknown): void {
  const validate = theirValidators.get(operationOf(path)!.path)!;
  if (!validate(body)) fail(path, 200, validate);
}

const jsonRpcAnswer = compile(ref('TonResponseJsonRPC'));

/** Throws when a JSON-RPC answer breaks the published `DeprecatedTonResponseJsonRPC`. */
export function checkJsonRpcAnswer(body: unknown): void {
  if (!jsonRpcAnswer(body)) fail('/api/v2/jsonRPC', 200, jsonRpcAnswer);
}
