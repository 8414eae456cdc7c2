import { selectActions } from '../actions-select';
import type { StepAction, StepTrace, StreamStep } from './step';
import { finalityRank, type Subscription } from './subscription';

// One client's notifications for one step, in TON Center's shapes: each joined from the JSON text
// the step already holds, keeping what the subscription asks for.

function extras(step: StreamStep, sub: Subscription, addresses: Iterable<string>): string {
  if (!sub.includeAddressBook && !sub.includeMetadata) return '';
  const book: string[] = [];
  const meta: string[] = [];
  const seen = new Set<string>();
  for (const a of addresses) {
    if (seen.has(a)) continue;
    seen.add(a);
    const b = step.book.get(a);
    if (b !== undefined) book.push(b);
    const m = step.metadata.get(a);
    if (m !== undefined) meta.push(`${JSON.stringify(a)}:${m}`);
  }
  let out = '';
  if (sub.includeAddressBook) out += `,"address_book":{${book.join(',')}}`;
  if (sub.includeMetadata) out += `,"metadata":{${meta.join(',')}}`;
  return out;
}

/** The trace's actions this client gets: the highest-level supported ones, of the asked types. */
function actionsFor(trace: StepTrace, sub: Subscription, cache: Map<string, StepAction[]>): StepAction[] {
  if (!trace.actions) return [];
  let selected = cache.get(sub.supportedKey);
  if (!selected) {
    const chosen = new Set(
      selectActions(
        trace.actions.map((a) => a.record),
        sub.supportedActionTypes,
      ),
    );
    selected = trace.actions.filter((a) => chosen.has(a.record));
    cache.set(sub.supportedKey, selected);
  }
  return sub.actionTypes ? selected.filter((a) => sub.actionTypes!.has(a.record.type)) : selected;
}

/** Per trace of a step, its action selections by supported set (shared by the clients of one step). */
export type SelectionCache = Map<StepTrace, Map<string, StepAction[]>>;

export function notificationsFor(step: StreamStep, sub: Subscription, selections: SelectionCache): string[] {
  if (finalityRank(step.finality) < finalityRank(sub.minFinality)) return [];
  const out: string[] = [];
  const head = (type: string) => `{"type":"${type}","finality":"${step.finality}"`;
  for (const trace of step.traces) {
    const norm = `,"trace_external_hash_norm":${JSON.stringify(trace.key)}`;
    if (sub.types.has('transactions')) {
      const txs = trace.txs.filter((t) => sub.addresses.has(t.account));
      if (txs.length > 0) {
        out.push(
          `${head('transactions')}${norm},"transactions":[${txs.map((t) => t.json()).join(',')}]${extras(
            step,
            sub,
            txs.flatMap((t) => t.addresses),
          )}}`,
        );
      }
    }
    if ((sub.types.has('actions') || sub.types.has('trace')) && trace.actions) {
      let cache = selections.get(trace);
      if (!cache) selections.set(trace, (cache = new Map()));
      const chosen = actionsFor(trace, sub, cache);
      if (sub.types.has('actions')) {
        const mine = chosen.filter((a) => a.record.accounts.some((x) => sub.addresses.has(x)));
        if (mine.length > 0) {
          out.push(
            `${head('actions')}${norm},"actions":[${mine.map((a) => a.json()).join(',')}]${extras(
              step,
              sub,
              mine.flatMap((a) => a.record.accounts),
            )}}`,
          );
        }
      }
    }
    if (sub.types.has('trace') && trace.body && (sub.traces.has(trace.key) || sub.traces.has(trace.traceId))) {
      let actions = '';
      if (trace.actions) {
        let cache = selections.get(trace);
        if (!cache) selections.set(trace, (cache = new Map()));
        const chosen = actionsFor(trace, sub, cache);
        if (chosen.length > 0) actions = `,"actions":[${chosen.map((a) => a.json()).join(',')}]`;
      }
      out.push(`${head('trace')}${norm},${trace.body.members}${actions}${extras(step, sub, trace.body.addresses)}}`);
    }
  }
  if (sub.types.has('account_state_change')) {
    for (const s of step.accountStates) if (sub.addresses.has(s.account)) out.push(s.json());
  }
  if (sub.types.has('jettons_change')) {
    for (const j of step.jettons) {
      if (sub.addresses.has(j.address) || sub.addresses.has(j.owner))
        out.push(`${head('jettons_change')},"jetton":${j.json}${extras(step, sub, j.addresses)}}`);
    }
  }
  return out;
}
