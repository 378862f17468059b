import { describe, expect, it } from 'vitest';
import { isApplePlatform, keyCaps, matchesKeys, shortcutOf, SHORTCUTS, type ShortcutId } from './table';

const key = (init: Partial<KeyboardEvent>) =>
  ({
    key: '',
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...init,
  }) as KeyboardEvent;
const caps = (id: ShortcutId, mac: boolean) =>
  keyCaps(SHORTCUTS.find((s) => s.id === id)!.keys, mac).map((c) => c.text);

describe('the shortcuts table', () => {
  it('gives each shortcut its own keys and label', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
    expect(new Set(SHORTCUTS.map((s) => s.labelKey)).size).toBe(SHORTCUTS.length);
    for (const s of SHORTCUTS) {
      const others = SHORTCUTS.filter(
        (o) => o !== s && matchesKeys(key({ ...asEvent(s.keys, false) }), o.keys, false),
      );
      expect(
        others.map((o) => o.id),
        s.id,
      ).toEqual([]);
    }
  });

  it('shows Ctrl and Shift elsewhere, ⌘ and ⇧ on Apple systems', () => {
    expect(caps('newChat', false)).toEqual(['Ctrl', 'Shift', 'O']);
    expect(caps('newChat', true)).toEqual(['⌘', '⇧', 'O']);
    expect(caps('search', true)).toEqual(['⌘', 'K']);
    expect(caps('help', false)).toEqual(['Ctrl', '/']);
    expect(caps('focusInput', true)).toEqual(['⇧', 'Esc']);
    expect(caps('stop', false)).toEqual(['Esc']);
  });

  it('takes ⌘ on Apple systems and Ctrl elsewhere, never the other', () => {
    expect(shortcutOf(key({ key: 'k', metaKey: true }), true)?.id).toBe('search');
    expect(shortcutOf(key({ key: 'k', ctrlKey: true }), true)).toBeUndefined();
    expect(shortcutOf(key({ key: 'k', ctrlKey: true }), false)?.id).toBe('search');
    expect(shortcutOf(key({ key: 'k', metaKey: true }), false)).toBeUndefined();
    expect(shortcutOf(key({ key: 'Escape', ctrlKey: true }), false)).toBeUndefined();
  });

  it("finds a letter's key on another layout, and a sign typed with Shift", () => {
    // Russian: the O key types щ.
    expect(shortcutOf(key({ key: 'Щ', code: 'KeyO', ctrlKey: true, shiftKey: true }), false)?.id).toBe(
      'newChat',
    );
    // AZERTY's A sits on Q's place: it stays A, no shortcut.
    expect(shortcutOf(key({ key: 'a', code: 'KeyQ', ctrlKey: true }), false)).toBeUndefined();
    // German: / is Shift+7.
    expect(shortcutOf(key({ key: '/', code: 'Digit7', ctrlKey: true, shiftKey: true }), false)?.id).toBe(
      'help',
    );
  });

  it('knows Apple systems from the browser', () => {
    expect(isApplePlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isApplePlatform({ userAgentData: { platform: 'macOS' } })).toBe(true);
    expect(
      isApplePlatform({ platform: '', userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)' }),
    ).toBe(true);
    expect(isApplePlatform({ platform: 'Win32' })).toBe(false);
    expect(isApplePlatform({ userAgentData: { platform: 'Linux' }, platform: 'Linux x86_64' })).toBe(false);
    expect(isApplePlatform(undefined)).toBe(false);
  });
});

function asEvent(keys: (typeof SHORTCUTS)[number]['keys'], mac: boolean): Partial<KeyboardEvent> {
  return {
    key: keys.key === 'escape' ? 'Escape' : keys.key,
    ctrlKey: keys.mod && !mac,
    metaKey: keys.mod && mac,
    shiftKey: keys.shift ?? false,
  };
}
