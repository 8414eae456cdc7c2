import { checkAnswer, readTracesText } from './client';
import type * as M from './model';
import { normalizeTracesPage, normalizeTransaction } from './normalize';
import { wireTracesResponse, wireTransaction } from './wire';

// What a value is, by where it sits in a `traces` answer: the scanner below keeps one per open
// object or array, and decides from it what to do with each member or element.
const OTHER = 0;
const ROOT = 1;
/** `traces`: its elements are traces. */
const TRACES = 2;
const TRACE = 3;
/** A trace's `transactions` map: each member's value is a transaction, read on arrival. */
const TX_MAP = 4;
const TX = 5;
/** A node of a trace's tree (`trace`, and each of its `children`). */
const NODE = 6;
const NODES = 7;
/** A tree node's own copy of its transaction or inbound message: never read (below). */
const COPY = 8;

/** The role of the value of member `key` of an object of role `parent`. */
function memberRole(parent: number, key: string): number {
  switch (parent) {
    case ROOT:
      return key === 'traces' ? TRACES : OTHER;
    case TRACE:
      return key === 'transactions' ? TX_MAP : key === 'trace' ? NODE : OTHER;
    case TX_MAP:
      return TX;
    case NODE:
      return key === 'children' ? NODES : key === 'transaction' || key === 'in_msg' ? COPY : OTHER;
    default:
      return OTHER;
  }
}

const elementRole = (parent: number): number => (parent === TRACES ? TRACE : parent === NODES ? NODE : OTHER);

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COMMA = 44;

/** The index of the quote that closes the string opened at `at`, or -1 when it is not in `s` yet. */
function stringEnd(s: string, at: number): number {
  for (let from = at + 1; ;) {
    const q = s.indexOf('"', from);
    if (q === -1) return -1;
    let b = q - 1;
    while (s.charCodeAt(b) === BACKSLASH) b--;
    // an even run of backslashes before it escapes one another, not the quote
    if ((q - 1 - b) % 2 === 0) return q;
    from = q + 1;
  }
}

/** The index of the bracket that closes the object or array opened at `at`, or -1 when it is not in `s` yet. */
function containerEnd(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(s, i);
      if (i === -1) return -1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return i;
  }
  return -1;
}

export interface TracesStreamReader {
  /** The answer's next bytes (a character split between two pieces included). */
  push: (piece: ArrayBuffer | Uint8Array) => void;
  /** The answer read, after its last piece; `url` names it in a shape error. */
  finish: (url: string) => M.TracesPage;
  /** How many transactions were read as they came (the rest of the work left for the end). */
  readonly readOnArrival: number;
  /** Whether finish read the answer whole after all, something in it being unexpected. */
  readonly readWhole: boolean;
}

/**
 * A `traces` answer read as its bytes come, to the same result as readTracesPage of the whole
 * answer, with most of the work done before its end. A trace of 4,000 transactions is ~55 MB of JSON:
 * parsed and checked whole after the last byte, it held the trace page for half a second.
 *
 * As the text comes, a scanner follows its structure (objects, arrays, strings; nothing else
 * matters to it). Each transaction of a trace's `transactions` map is parsed and checked on arrival
 * (and normalized) and leaves a `null` in a skeleton of the answer. A tree node's own copies of its transaction and
 * inbound message (our API prints each transaction in the tree too; TON Center sends only hashes)
 * are left out of the skeleton unread: the explorer reads transactions from the map, as it must
 * for TON Center. At the end only the skeleton (the tree's hashes, the actions, the address book,
 * a few MB) is parsed and checked, and the transactions put back in their places.
 *
 * Anything unexpected (a transaction that is not JSON or fails its check, a map member that is not
 * an object, a skeleton that does not parse or check) turns the reader to the whole text at the end,
 * so a bad answer fails exactly as readTracesText fails it.
 */
export function tracesStreamReader(): TracesStreamReader {
  const decoder = new TextDecoder();
  const whole: string[] = [];
  const skeleton: string[] = [];
  /** The text not yet handed to the skeleton; `at` is where the scan goes on. */
  let buf = '';
  let at = 0;
  /** Where the skeleton's text stops in `buf`: what is before it was handed over or left out. */
  let kept = 0;
  // the open objects and arrays: role, whether an object, and for an object whether its next string
  // is a key and the role of the value of the member being read
  const roles: number[] = [];
  const isObject: boolean[] = [];
  const expectKey: boolean[] = [];
  const valueRole: number[] = [];
  /** Each trace's transactions read on arrival, by their key in the map; the current trace's index. */
  const transactions: Array<Map<string, M.Transaction>> = [];
  let trace = -1;
  /** The key of the map member being read. */
  let txKey = '';
  let broken = false;
  let readWhole = false;

  const readTransaction = (text: string) => {
    try {
      // (an answer that fails is read whole at the end, which names the url and the issues)
      transactions[trace]!.set(txKey, normalizeTransaction(checkAnswer('', JSON.parse(text), wireTransaction)));
    } catch {
      broken = true;
    }
  };

  const scan = () => {
    const s = buf;
    const end = s.length;
    let i = at;
    for (; i < end; i++) {
      const c = s.charCodeAt(i);
      const top = roles.length - 1;
      if (c === QUOTE) {
        const close = stringEnd(s, i);
        if (close === -1) break;
        if (top >= 0 && isObject[top] && expectKey[top]) {
          const raw = s.slice(i + 1, close);
          const key = raw.includes('\\') ? (JSON.parse(s.slice(i, close + 1)) as string) : raw;
          expectKey[top] = false;
          valueRole[top] = memberRole(roles[top]!, key);
          if (valueRole[top] === TX) txKey = key;
        } else if (top >= 0 && isObject[top] && valueRole[top] === TX) {
          broken = true; // a map member that is a string, not a transaction
        }
        i = close;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        const role = top < 0 ? ROOT : isObject[top] ? valueRole[top]! : elementRole(roles[top]!);
        if (role === TX || role === COPY) {
          const close = containerEnd(s, i);
          if (close === -1) break;
          if (role === TX) readTransaction(s.slice(i, close + 1));
          skeleton.push(s.slice(kept, i), 'null');
          kept = close + 1;
          i = close;
          continue;
        }
        if (role === TRACE) transactions[(trace = transactions.length)] = new Map();
        roles.push(role);
        isObject.push(c === OPEN_OBJECT);
        expectKey.push(c === OPEN_OBJECT);
        valueRole.push(OTHER);
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        roles.pop();
        isObject.pop();
        expectKey.pop();
        valueRole.pop();
      } else if (c === COMMA && top >= 0 && isObject[top]) {
        expectKey[top] = true;
      } else if (top >= 0 && isObject[top] && valueRole[top] === TX && c > 32 && c !== 58) {
        broken = true; // a map member that is a number, true, false or null
      }
    }
    // what was scanned goes to the skeleton; an unfinished string or transaction waits for more
    skeleton.push(s.slice(kept, i));
    buf = s.slice(i);
    at = 0;
    kept = 0;
  };

  const pushText = (text: string) => {
    whole.push(text);
    if (broken) return;
    buf += text;
    scan();
  };

  return {
    push: (piece) => pushText(decoder.decode(piece, { stream: true })),
    get readOnArrival() {
      return transactions.reduce((sum, m) => sum + m.size, 0);
    },
    get readWhole() {
      return readWhole;
    },
    finish: (url) => {
      pushText(decoder.decode());
      const asWhole = () => {
        readWhole = true;
        return readTracesText(url, whole.join(''));
      };
      if (broken || roles.length > 0 || buf.trim() !== '') return asWhole();
      let body: unknown;
      try {
        body = JSON.parse(skeleton.join(''));
      } catch {
        return asWhole();
      }
      const read = withTransactions(body, transactions);
      if (read === null) return asWhole();
      let checked;
      try {
        checked = checkAnswer(url, body, wireTracesResponse);
      } catch {
        return asWhole();
      }
      return normalizeTracesPage(checked, read);
    },
  };
}

/**
 * Each trace's transactions map of the skeleton, its placeholders replaced by the transactions
 * read on arrival (in the map's order, as JSON.parse keeps it), and emptied in the skeleton so that
 * its check does not check them again; null where the skeleton is not what the scan left.
 */
function withTransactions(
  body: unknown,
  read: Array<Map<string, M.Transaction>>,
): Array<Record<string, M.Transaction>> | null {
  const traces = (body as { traces?: unknown } | null)?.traces;
  if (!Array.isArray(traces) || traces.length !== read.length) return null;
  const out: Array<Record<string, M.Transaction>> = [];
  for (const [k, t] of traces.entries()) {
    const map = (t as { transactions?: unknown } | null)?.transactions;
    const byKey = read[k]!;
    if (map === undefined) {
      if (byKey.size > 0) return null;
      out.push({});
      continue;
    }
    if (typeof map !== 'object' || map === null || Array.isArray(map)) return null;
    const entries: Array<[string, M.Transaction]> = [];
    for (const [key, v] of Object.entries(map)) {
      const tx = byKey.get(key);
      if (v !== null || tx === undefined) return null;
      entries.push([key, tx]);
    }
    out.push(Object.fromEntries(entries));
    (t as { transactions: object }).transactions = {};
  }
  return out;
}
