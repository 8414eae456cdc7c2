import type { ActionRecord, ActionType } from '../store/records';

/**
 * Actions nest: a `jetton_transfer` is made of the `call_contract`s of its messages. A client says
 * which types it understands; for each part of a trace it gets the highest-level action of those
 * types (an unsupported parent is replaced by its supported children).
 */
export function selectActions(actions: ActionRecord[], supported: ReadonlySet<string>): ActionRecord[] {
  const children = new Map<string, ActionRecord[]>();
  for (const a of actions) {
    if (!a.parentActionId) continue;
    const key = a.parentActionId.toString('hex');
    (children.get(key) ?? children.set(key, []).get(key)!).push(a);
  }
  const out: ActionRecord[] = [];
  const visit = (a: ActionRecord) => {
    if (supported.has(a.type as ActionType)) {
      out.push(a);
      return;
    }
    for (const c of children.get(a.actionId.toString('hex')) ?? []) visit(c);
  };
  for (const a of actions) if (!a.parentActionId) visit(a);
  return out;
}
