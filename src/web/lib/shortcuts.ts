/**
 * Every keyboard shortcut of the explorer, in one place: the handlers test keys with `pressed`
 * against these entries and the help dialog (`?`) renders this same list, so a key cannot change
 * in one without the other.
 */
export interface Shortcut {
  /** `KeyboardEvent.key` values, the first one shown first in the help. */
  keys: readonly string[];
  label: string;
  scope: ShortcutScope;
}

export type ShortcutScope = 'Everywhere' | 'Trace page' | 'Masterchain block page';

export const SHORTCUTS = {
  search: { keys: ['/'], label: 'Focus the search box', scope: 'Everywhere' },
  help: { keys: ['?'], label: 'Show this list of shortcuts', scope: 'Everywhere' },
  traceNext: { keys: ['j', 'ArrowDown'], label: 'Select the next transaction (tree order)', scope: 'Trace page' },
  tracePrevious: { keys: ['k', 'ArrowUp'], label: 'Select the previous transaction', scope: 'Trace page' },
  traceParent: { keys: ['ArrowLeft', 'h'], label: 'Select the parent (the sender)', scope: 'Trace page' },
  traceChild: { keys: ['ArrowRight', 'l'], label: 'Select the first child (the first receiver)', scope: 'Trace page' },
  traceFirstFailure: { keys: ['f'], label: 'Jump to the first failed transaction', scope: 'Trace page' },
  traceClose: { keys: ['Escape'], label: 'Close the transaction details', scope: 'Trace page' },
  mcPrevious: { keys: ['ArrowLeft'], label: 'Previous masterchain block', scope: 'Masterchain block page' },
  mcNext: { keys: ['ArrowRight'], label: 'Next masterchain block', scope: 'Masterchain block page' },
} as const satisfies Record<string, Shortcut>;

export const SHORTCUT_SCOPES: readonly ShortcutScope[] = ['Everywhere', 'Trace page', 'Masterchain block page'];

/** True when the event is one of the shortcut's keys with no Ctrl/Meta/Alt (those belong to the browser). */
export function pressed(s: Shortcut, e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return !e.ctrlKey && !e.metaKey && !e.altKey && s.keys.includes(e.key);
}

/** Keys typed into a field are text, not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return (
    !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable === true)
  );
}

/** The value of `aria-keyshortcuts` for an element a shortcut activates. */
export function ariaKeys(s: Shortcut): string {
  return s.keys.join(' ');
}

/** How a key is printed in the help: arrows as arrows, the rest as typed. */
export function keyLabel(key: string): string {
  return KEY_LABELS[key] ?? key;
}

const KEY_LABELS: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Escape: 'Esc',
};

/** The list grouped by scope, in the order the help shows it. */
export function shortcutGroups(): Array<{ scope: ShortcutScope; shortcuts: Shortcut[] }> {
  const all: Shortcut[] = Object.values(SHORTCUTS);
  return SHORTCUT_SCOPES.map((scope) => ({ scope, shortcuts: all.filter((s) => s.scope === scope) }));
}

/** The key a label names when it cites a shortcut ("press j", "(Esc)"): its first key, as the help prints it. */
export function primaryKey(s: Shortcut): string {
  return keyLabel(s.keys[0]!);
}
