import { ACTION_TYPES, shown, type ActionTypeName } from '../../api/operations/param-rules';
import { rawAddress } from '../../ton/address';
import { TonInputError } from '../../ton/errors';
import { hashToBase64, parseHash } from '../../ton/hash';

// A subscription in TON Center's streaming v2 dialect: the JSON body of `POST /api/streaming/v2/sse`
// and of a WebSocket `subscribe` envelope. Validation follows its server's rules (types required;
// `trace` and `trace_external_hash_norms` need each other; every other type needs addresses), and
// is stricter where a silent pick would surprise: unknown fields and values are refused by name.

export const EVENT_TYPES = ['transactions', 'actions', 'trace', 'account_state_change', 'jettons_change'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Finality rises: pending (in a shard block not yet committed) < confirmed < finalized. */
export const FINALITIES = ['pending', 'confirmed', 'finalized'] as const;
export type Finality = (typeof FINALITIES)[number];
export const finalityRank = (f: Finality): number => FINALITIES.indexOf(f);

export interface Subscription {
  /** Echoed in the `connected` frame and in WebSocket answers. */
  id: string | undefined;
  /** Raw upper-case addresses. */
  addresses: Set<string>;
  /** Normalized external hashes (or trace ids), base64. */
  traces: Set<string>;
  types: Set<EventType>;
  minFinality: Finality;
  /** Only actions of these types; `null` for every type. */
  actionTypes: Set<string> | null;
  /** The action types the client understands (`latest` expanded): the highest-level supported action of each part is sent. */
  supportedActionTypes: Set<ActionTypeName>;
  /** The supported set as one string, to share a selection among clients that agree. */
  supportedKey: string;
  includeAddressBook: boolean;
  includeMetadata: boolean;
}

/** A subscription that breaks a rule: 400 with this message. */
export class SubscriptionError extends Error {
  constructor(
    message: string,
    readonly id: string | undefined,
  ) {
    super(message);
    this.name = 'SubscriptionError';
  }
}

const SUBSCRIPTION_FIELDS = [
  'id',
  'addresses',
  'trace_external_hash_norms',
  'types',
  'min_finality',
  'action_types',
  'supported_action_types',
  'include_address_book',
  'include_metadata',
] as const;

/** The id of a request body or envelope, if it has a usable one (for error answers). */
export function idOf(body: unknown): string | undefined {
  const id = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * A value a client sent, named for an error message without printing it whole: a string (cut to 40
 * characters), else its JSON type. Client input is never passed to `JSON.stringify`, which recurses:
 * a list nested some thousands deep (10 KB) overflows the stack.
 */
export function describeInput(v: unknown): string {
  if (typeof v === 'string') return shown(v);
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v).slice(0, 40)}`;
}

/**
 * A list field's strings, the list's length checked against `max` before any item is read: an
 * over-long list is refused without reading (or parsing the addresses of) the items past the cap.
 */
function stringList(body: Record<string, unknown>, field: string, id: string | undefined, max = Infinity): string[] {
  const v = body[field];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new SubscriptionError(`${field} must be a list of strings`, id);
  if (v.length > max) throw new SubscriptionError(`too many ${field}: ${v.length} > max ${max}`, id);
  return v.map((x, i) => {
    if (typeof x !== 'string') throw new SubscriptionError(`${field}[${i}] must be a string`, id);
    return x.trim();
  });
}

function bool(body: Record<string, unknown>, field: string, id: string | undefined): boolean {
  const v = body[field];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new SubscriptionError(`${field} must be true or false`, id);
  return v;
}

export interface SubscriptionRules {
  /** Most addresses (and, apart, most trace hashes) one subscription may name. */
  maxAddresses: number;
  /** `supported_action_types` when the body has none (the `X-Actions-Version` header, else `latest`). */
  defaultSupported: string[];
  /** Extra top-level fields the carrier allows (a WebSocket envelope's `operation`). */
  extraFields?: readonly string[];
}

/** Reads and checks a subscription; throws `SubscriptionError` naming the field and the rule. */
export function parseSubscription(body: unknown, rules: SubscriptionRules): Subscription {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new SubscriptionError('the subscription must be a JSON object', undefined);
  }
  const b = body as Record<string, unknown>;
  if (b.id !== undefined && b.id !== null && typeof b.id !== 'string')
    throw new SubscriptionError('id must be a string', undefined);
  const id = idOf(b);
  const accepted = [...SUBSCRIPTION_FIELDS, ...(rules.extraFields ?? [])];
  for (const key of Object.keys(b)) {
    if (!accepted.includes(key))
      throw new SubscriptionError(`unknown field ${shown(key)}; accepted: ${accepted.join(', ')}`, id);
  }

  const typeNames = stringList(b, 'types', id, EVENT_TYPES.length * 4);
  if (typeNames.length === 0)
    throw new SubscriptionError(`types is required: a list among ${EVENT_TYPES.join(', ')}`, id);
  const types = new Set<EventType>();
  for (const t of typeNames) {
    if (!(EVENT_TYPES as readonly string[]).includes(t))
      throw new SubscriptionError(`types has an unknown event type ${shown(t)}; known: ${EVENT_TYPES.join(', ')}`, id);
    types.add(t as EventType);
  }

  const addresses = new Set(
    stringList(b, 'addresses', id, rules.maxAddresses).map((a, i) => {
      try {
        return rawAddress(a);
      } catch (error) {
        if (error instanceof TonInputError)
          throw new SubscriptionError(`addresses[${i}]: ${error.message} (got ${shown(a)})`, id);
        throw error;
      }
    }),
  );
  const traces = new Set(
    stringList(b, 'trace_external_hash_norms', id, rules.maxAddresses).map((h, i) => {
      try {
        return hashToBase64(parseHash(h));
      } catch (error) {
        if (error instanceof TonInputError)
          throw new SubscriptionError(`trace_external_hash_norms[${i}]: ${error.message}`, id);
        throw error;
      }
    }),
  );

  const wantsTrace = types.has('trace');
  if (traces.size > 0 && !wantsTrace)
    throw new SubscriptionError('trace_external_hash_norms requires type "trace"', id);
  if (wantsTrace && traces.size === 0)
    throw new SubscriptionError('trace_external_hash_norms is required for type "trace"', id);
  const addressTypes = [...types].filter((t) => t !== 'trace');
  if (addressTypes.length > 0 && addresses.size === 0)
    throw new SubscriptionError(`addresses is required for types ${addressTypes.join(', ')}`, id);

  let minFinality: Finality = 'finalized';
  if (b.min_finality !== undefined && b.min_finality !== null) {
    if (typeof b.min_finality !== 'string' || !(FINALITIES as readonly string[]).includes(b.min_finality)) {
      throw new SubscriptionError(
        `min_finality must be one of ${FINALITIES.join(', ')}, got ${describeInput(b.min_finality)}`,
        id,
      );
    }
    minFinality = b.min_finality as Finality;
  }

  const known = (field: string, allowLatest: boolean) => (t: string) => {
    if ((allowLatest && t === 'latest') || (ACTION_TYPES as readonly string[]).includes(t)) return t;
    throw new SubscriptionError(
      `${field} has an unknown action type ${shown(t)}; known: ${allowLatest ? 'latest, ' : ''}${ACTION_TYPES.join(', ')}`,
      id,
    );
  };
  const typeCap = (ACTION_TYPES.length + 1) * 4;
  const actionTypes = stringList(b, 'action_types', id, typeCap).map(known('action_types', false));
  let supported = stringList(b, 'supported_action_types', id, typeCap);
  if (supported.length === 0) supported = rules.defaultSupported;
  supported = supported.map(known('supported_action_types', true));
  const supportedActionTypes = new Set<ActionTypeName>(
    supported.includes('latest') ? ACTION_TYPES : (supported as ActionTypeName[]),
  );

  return {
    id,
    addresses,
    traces,
    types,
    minFinality,
    actionTypes: actionTypes.length > 0 ? new Set(actionTypes) : null,
    supportedActionTypes,
    supportedKey: [...supportedActionTypes].sort().join(','),
    includeAddressBook: bool(b, 'include_address_book', id),
    includeMetadata: bool(b, 'include_metadata', id),
  };
}

/** `X-Actions-Version` as a list of supported action types (comma-separated), or `latest`. */
export function actionsVersionHeader(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.length > 0 ? items : ['latest'];
}
