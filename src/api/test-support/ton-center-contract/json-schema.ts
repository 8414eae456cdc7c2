// Building blocks of the contract schemas (JSON Schema, draft-07): TON Center's published OpenAPI
// gives each field's name and type but marks nothing required and nothing nullable; whether a key
// is always there, may be null, or is left out when empty comes from how its server serializes
// (Go models: a pointer prints `null`, an `omitempty` field is left out). `shape` states all three.

export type JsonSchema = { readonly [key: string]: unknown };

export const string: JsonSchema = { type: 'string' };
export const integer: JsonSchema = { type: 'integer' };
export const boolean: JsonSchema = { type: 'boolean' };
/** Any JSON object (the spec's `object` without properties, e.g. a decoded body or action details). */
export const object: JsonSchema = { type: 'object' };

/** `null` or the schema: what TON Center prints for an empty pointer, slice or map of its models. */
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
export const array = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
/** An object used as a map (address book, transactions by hash): any key, values of one schema. */
export const map = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });
export const ref = (definition: string): JsonSchema => ({ $ref: `#/definitions/${definition}` });

export interface ShapeFields {
  /** Keys TON Center always prints (nullable where its model holds a pointer, slice or map). */
  always?: Record<string, JsonSchema>;
  /** Keys it leaves out when empty (`omitempty`): optional, and never `null` when present. */
  omitempty?: Record<string, JsonSchema>;
  /** Our additions to the published shape, always printed by us; a TON Center client ignores them. */
  ours?: Record<string, JsonSchema>;
  /** Our additions printed only when they apply. */
  oursOptional?: Record<string, JsonSchema>;
  /** Keys recent builds of TON Center's server print and older ones leave out: optional. */
  recent?: Record<string, JsonSchema>;
}

/** The `ours` keys of each shape, so that asTonCenterPrints can relax them. */
const ourKeys = new WeakMap<JsonSchema, string[]>();

/**
 * An object of the contract. Keys outside the lists are refused, so a misspelled or stray
 * field fails the tests instead of reaching clients.
 */
export function shape(fields: ShapeFields): JsonSchema {
  const { always = {}, omitempty = {}, ours = {}, oursOptional = {}, recent = {} } = fields;
  const schema = {
    type: 'object',
    properties: { ...always, ...omitempty, ...recent, ...ours, ...oursOptional },
    required: [...Object.keys(always), ...Object.keys(ours)],
    additionalProperties: false,
  };
  ourKeys.set(schema, Object.keys(ours));
  return schema;
}

/**
 * The schema a response of TON Center's own server satisfies: the same, with our additions
 * optional. The tests hold recorded TON Center responses to it, which keeps the contract honest.
 */
export function asTonCenterPrints(schema: JsonSchema): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    const ours = ourKeys.get(value as JsonSchema);
    if (ours) out.required = (out.required as string[]).filter((k) => !ours.includes(k));
    return out;
  };
  return walk(schema) as JsonSchema;
}
