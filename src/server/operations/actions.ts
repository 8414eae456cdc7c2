import { rangeFilter } from '../../api/operations/param-rules';
import type { ParamsOf } from '../../api/operations/api-operation';
import { actions as api, pendingActions as pendingApi, type listedAction } from '../../api/operations/actions';
import type { ActionTypeName } from '../../api/operations/param-rules';
import type { ActionRecord, TraceRecord } from '../../store/records';
import type { Page, TraceFilter } from '../../store/interface';
import { selectActions } from '../actions-select';
import { addressBookJson, metadata } from '../serialize/address-book';
import { fragmentOf, writeList, type Fragment } from '../serialize/json-cache';
import { actionJson, transactionJson } from '../serialize/v3';
import { defineOperation, type BodySink, type ReadContext } from '../execution/operation';
import type { z } from 'zod';

type ActionsParams = ParamsOf<typeof api>;
type ListedAction = z.output<typeof listedAction>;

/** Traces read at a time while a page of actions is gathered. */
const TRACES_PER_READ = 64;

const hex = (b: Buffer) => b.toString('hex');

/** What an action must satisfy beyond its trace: its type, and the transaction, message or account asked for. */
interface ActionTest {
  types: ReadonlySet<ActionTypeName>;
  only?: ReadonlySet<string>;
  except?: ReadonlySet<string>;
  /** Hex of transactions, one of which it must hold. */
  txs?: ReadonlySet<string>;
  account?: string;
  /** Hex of action ids. */
  ids?: ReadonlySet<string>;
}

function passes(a: ActionRecord, t: ActionTest): boolean {
  if (t.only && !t.only.has(a.type)) return false;
  if (t.except?.has(a.type)) return false;
  if (t.txs && !a.transactions.some((x) => t.txs!.has(hex(x)))) return false;
  if (t.account !== undefined && !a.accounts.includes(t.account)) return false;
  if (t.ids && !t.ids.has(hex(a.actionId))) return false;
  return true;
}

/** A trace's actions as the lists show them: the supported ones of each part, filtered, in the page's order. */
async function traceActions(ctx: ReadContext, traces: TraceRecord[], test: ActionTest, sort: Page['sort']) {
  const all = await ctx.reader.getActions(traces.map((t) => t.traceId));
  const byTrace = new Map<string, ActionRecord[]>();
  for (const a of all) (byTrace.get(hex(a.traceId)) ?? byTrace.set(hex(a.traceId), []).get(hex(a.traceId))!).push(a);
  const out: { action: ActionRecord; trace: TraceRecord }[] = [];
  for (const trace of traces) {
    const chosen = selectActions(byTrace.get(hex(trace.traceId)) ?? [], test.types).filter((a) => passes(a, test));
    if (sort === 'desc') chosen.reverse();
    for (const action of chosen) out.push({ action, trace });
  }
  return out;
}

/**
 * The page of actions: traces walked in the list's order (`findTraces`, an index in that order),
 * a few at a time, their actions gathered until the page is full.
 */
async function findActions(ctx: ReadContext, p: ActionsParams) {
  const test: ActionTest = {
    types: p.supported_action_types,
    only: p.action_type && new Set(p.action_type),
    except: p.exclude_action_type && new Set(p.exclude_action_type),
    account: p.account,
  };
  const filter: TraceFilter = { mcSeqno: p.mc_seqno, ...rangeFilter(p) };
  if (p.account !== undefined) filter.accounts = [p.account];
  if (p.trace_id) filter.traceIds = p.trace_id;
  if (p.tx_hash) {
    filter.txHashes = p.tx_hash;
    test.txs = new Set(p.tx_hash.map(hex));
  }
  if (p.msg_hash) {
    filter.msgHashes = p.msg_hash;
    const txs = new Set<string>();
    for (const h of p.msg_hash) {
      const carrying = await ctx.reader.findTransactionHashesByMessage(
        { msgHash: h },
        { limit: 1000, offset: 0, sort: 'asc' },
      );
      for (const x of carrying) txs.add(hex(x));
    }
    test.txs = txs;
  }
  if (p.action_id) {
    const found = await ctx.reader.getActionsByIds(p.action_id);
    filter.traceIds = [...new Map(found.map((a) => [hex(a.traceId), a.traceId])).values()];
    test.ids = new Set(found.map((a) => hex(a.actionId)));
    if (filter.traceIds.length === 0) return [];
  }
  // the actions the offset skips are counted, not kept: a deep offset costs the walk, not memory
  const page: { action: ActionRecord; trace: TraceRecord }[] = [];
  let skip = p.offset;
  for (let from = 0; page.length < p.limit; from += TRACES_PER_READ) {
    const traces = await ctx.reader.findTraces(filter, { limit: TRACES_PER_READ, offset: from, sort: p.sort });
    const found = await traceActions(ctx, traces, test, p.sort);
    const skipped = Math.min(skip, found.length);
    skip -= skipped;
    page.push(...found.slice(skipped, skipped + p.limit - page.length));
    if (traces.length < TRACES_PER_READ) break;
  }
  return page;
}

/** `{"actions": [...], "address_book": {...}, "metadata": {...}}`. */
async function writeActions(
  ctx: ReadContext,
  found: { action: ActionRecord; trace: TraceRecord }[],
  opts: { accounts: boolean; transactions: boolean },
  out: BodySink,
): Promise<void> {
  const { reader, caches } = ctx;
  const txs = opts.transactions
    ? new Map((await reader.getTransactions(found.flatMap((f) => f.action.transactions))).map((t) => [hex(t.hash), t]))
    : null;
  const fragments: Fragment[] = found.map(({ action, trace }) => {
    const json: ListedAction = actionJson(action, trace);
    // TON Center lists an action's accounts only when asked to
    if (!opts.accounts) delete json.accounts;
    if (txs)
      json.transactions_full = action.transactions.flatMap((h) => txs.get(hex(h)) ?? []).map((t) => transactionJson(t));
    return fragmentOf(json);
  });
  await writeList(out, 'actions', fragments, async (addresses) => ({
    address_book: await addressBookJson({ reader, book: caches.book }, addresses),
    metadata: await metadata({ reader, book: caches.book }, addresses),
  }));
}

/** v3 actions: the actions of completed traces, by trace (end lt, then id), then their place in it. */
export const actions = defineOperation(api, {
  cacheable: true,
  light: (p) =>
    ((p.action_id ?? p.trace_id ?? p.tx_hash ?? p.msg_hash) !== undefined &&
      p.offset === 0 &&
      !p.include_transactions) ||
    (p.limit <= 20 && p.offset <= 100 && !p.action_type && !p.exclude_action_type && !p.include_transactions),
  run: async (ctx, p, out) =>
    writeActions(
      ctx,
      await findActions(ctx, p),
      { accounts: p.include_accounts, transactions: p.include_transactions },
      out,
    ),
});

/**
 * v3 pendingActions: the actions of the traces our delivery keeps open, newest trace first. A trace
 * is classified when it completes (its actions are written with it), so a trace in flight lists
 * none yet: the answer holds the actions the ledger has for those traces, which is none.
 */
export const pendingActions = defineOperation(pendingApi, {
  cacheable: true,
  light: () => true,
  run: async (ctx, p, out) => {
    const { reader } = ctx;
    const ids = await reader.getPendingTraceIds();
    const byId = new Map((await reader.getTracesByIds(ids)).map((t) => [hex(t.traceId), t]));
    const ext = p.ext_msg_hash && new Set(p.ext_msg_hash.map(hex));
    const traces = ids
      .flatMap((id) => byId.get(hex(id)) ?? [])
      .filter((t) => !ext || [t.externalHash, t.externalHashNorm].some((h) => h && ext.has(hex(h))));
    const found = await traceActions(ctx, traces, { types: p.supported_action_types }, 'desc');
    const accounts = p.account && new Set(p.account);
    await writeActions(
      ctx,
      accounts ? found.filter((f) => f.action.accounts.some((a) => accounts.has(a))) : found,
      { accounts: true, transactions: p.include_transactions },
      out,
    );
  },
});
