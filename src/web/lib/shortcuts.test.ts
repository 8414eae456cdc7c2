import { describe, expect, it } from 'vitest';
import {
  SHORTCUTS,
  SHORTCUT_SCOPES,
  isTypingTarget,
  keyLabel,
  pressed,
  shortcutGroups,
  type Shortcut,
} from './shortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('shortcut registry', () => {
  it('binds no key twice where two pages could both hear it', () => {
    // A global key is heard on every page; a page's keys only on that page.
    const all: Shortcut[] = Object.values(SHORTCUTS);
    for (const scope of SHORTCUT_SCOPES) {
      const heard = all.filter((s) => s.scope === scope || s.scope === 'Everywhere');
      const keys = heard.flatMap((s) => s.keys);
      expect(new Set(keys).size, `duplicate key among ${scope} shortcuts: ${keys.join(' ')}`).toBe(keys.length);
    }
  });

  it('the help lists every shortcut exactly once, grouped by scope in order', () => {
    const groups = shortcutGroups();
    expect(groups.map((g) => g.scope)).toEqual(SHORTCUT_SCOPES);
    const listed = groups.flatMap((g) => g.shortcuts);
    expect(listed).toHaveLength(Object.keys(SHORTCUTS).length);
    expect(new Set(listed)).toEqual(new Set(Object.values(SHORTCUTS)));
    for (const g of groups) for (const s of g.shortcuts) expect(s.scope).toBe(g.scope);
  });

  it('matches any of its keys, never with Ctrl, Meta or Alt (the browser owns those)', () => {
    expect(pressed(SHORTCUTS.traceNext, key('j'))).toBe(true);
    expect(pressed(SHORTCUTS.traceNext, key('ArrowDown'))).toBe(true);
    expect(pressed(SHORTCUTS.traceNext, key('k'))).toBe(false);
    expect(pressed(SHORTCUTS.mcPrevious, key('ArrowLeft', { altKey: true }))).toBe(false); // Alt+← is "back"
    expect(pressed(SHORTCUTS.search, key('/', { ctrlKey: true }))).toBe(false);
    expect(pressed(SHORTCUTS.help, key('?'))).toBe(true);
  });

  it('treats form fields as typing, other elements as not', () => {
    expect(isTypingTarget({ tagName: 'INPUT' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'A', isContentEditable: false } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('prints arrows and Esc as symbols', () => {
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Escape', 'j'].map(keyLabel)).toEqual([
      '↑',
      '↓',
      '←',
      '→',
      'Esc',
      'j',
    ]);
  });
});
