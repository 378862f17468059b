/**
 * The keyboard shortcuts: one table that both the key handler and the help dialog read, so what
 * the dialog lists is what the keys do.
 */

export type ShortcutId =
  'newChat' | 'search' | 'focusInput' | 'stop' | 'copyLastReply' | 'toggleSidebar' | 'help';

export interface ShortcutKeys {
  /** Ctrl, or ⌘ on Apple's systems. */
  mod: boolean;
  /** true or false must match; unset takes either (a sign typed with Shift on some layouts). */
  shift?: boolean;
  /** `KeyboardEvent.key`, lower case. */
  key: string;
  /**
   * `KeyboardEvent.code` of the same key on a US layout: found when the layout types another
   * letter there (Cyrillic, Greek…), so the shortcut stays on the key it is drawn on.
   */
  code?: string;
}

export interface Shortcut {
  id: ShortcutId;
  keys: ShortcutKeys;
  /** Its line in the help dialog. */
  labelKey: string;
  /** Also while a dialog is open (Esc's own: the dialog takes plain Esc first). */
  inDialogs?: boolean;
}

/** In the order the help dialog lists them. ChatGPT's keys, which LibreChat's users know too. */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'newChat',
    keys: { mod: true, shift: true, key: 'o', code: 'KeyO' },
    labelKey: 'com_ui_shortcut_new_chat',
  },
  {
    id: 'search',
    keys: { mod: true, shift: false, key: 'k', code: 'KeyK' },
    labelKey: 'com_ui_shortcut_search',
  },
  {
    id: 'focusInput',
    keys: { mod: false, shift: true, key: 'escape' },
    labelKey: 'com_ui_shortcut_focus_input',
    inDialogs: true,
  },
  {
    id: 'stop',
    keys: { mod: false, shift: false, key: 'escape' },
    labelKey: 'com_ui_shortcut_stop',
    inDialogs: true,
  },
  {
    id: 'copyLastReply',
    keys: { mod: true, shift: true, key: 'c', code: 'KeyC' },
    labelKey: 'com_ui_shortcut_copy_last_reply',
  },
  {
    id: 'toggleSidebar',
    keys: { mod: true, shift: true, key: 's', code: 'KeyS' },
    labelKey: 'com_ui_shortcut_toggle_sidebar',
  },
  { id: 'help', keys: { mod: true, key: '/', code: 'Slash' }, labelKey: 'com_ui_shortcut_help' },
];

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Whether the key event is the shortcut's keys, with ⌘ for the modifier on Apple's systems. */
export function matchesKeys(e: KeyEventLike, keys: ShortcutKeys, mac: boolean): boolean {
  // Alt is never part of one: Ctrl+Alt is AltGr on Windows, which types letters.
  if (e.altKey) return false;
  const modDown = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  const otherMod = mac ? e.ctrlKey : e.metaKey;
  if (keys.mod ? !modDown : modDown || otherMod) return false;
  if (keys.shift !== undefined && keys.shift !== e.shiftKey) return false;
  const key = e.key.toLowerCase();
  if (key === keys.key) return true;
  // Another layout's letter on the key: the key's place decides. A Latin letter typed there
  // (AZERTY's A on Q's place) is that letter's shortcut, not the place's.
  return keys.code !== undefined && e.code === keys.code && !/^[a-z]$/.test(key);
}

/** The shortcut the key event is, if any. */
export function shortcutOf(e: KeyEventLike, mac: boolean): Shortcut | undefined {
  return SHORTCUTS.find((s) => matchesKeys(e, s.keys, mac));
}

/** One key cap: what it shows, and its name for a screen reader where the sign says little. */
export interface KeyCap {
  text: string;
  name?: string;
}

/** The key caps of a shortcut as the person's system names them: ⌘ ⇧ on Apple's, Ctrl Shift elsewhere. */
export function keyCaps(keys: ShortcutKeys, mac: boolean): KeyCap[] {
  const caps: KeyCap[] = [];
  if (keys.mod) caps.push(mac ? { text: '⌘', name: 'Command' } : { text: 'Ctrl' });
  if (keys.shift) caps.push(mac ? { text: '⇧', name: 'Shift' } : { text: 'Shift' });
  caps.push(keys.key === 'escape' ? { text: 'Esc' } : { text: keys.key.toUpperCase() });
  return caps;
}

interface NavigatorLike {
  platform?: string;
  userAgent?: string;
  userAgentData?: { platform?: string };
}

/** Apple's systems (macOS, iPadOS, iOS), where the shortcuts use ⌘. */
export function isApplePlatform(nav: NavigatorLike | undefined): boolean {
  const platform = nav?.userAgentData?.platform || nav?.platform || nav?.userAgent || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

let apple: boolean | undefined;

/** Read from the browser once: the system does not change while the page is open. */
export function usesCommandKey(): boolean {
  apple ??= isApplePlatform(typeof navigator === 'undefined' ? undefined : (navigator as NavigatorLike));
  return apple;
}
