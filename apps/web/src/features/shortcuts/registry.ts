import { useEffect, useRef } from 'react';
import type { ShortcutId } from './table';

/**
 * What each shortcut does, registered by the part of the app that owns the action (the layout:
 * the sidebar and new chat; the chat screen: stop, copy, the message box), so the keys call the
 * same code as the buttons. An action answers false when it has nothing to do here: the key is
 * then left to the browser.
 */
export type ShortcutAction = () => boolean;

const actions = new Map<ShortcutId, ShortcutAction[]>();

/** Adds an action; the latest registered answers (a screen drawn over another). */
function registerShortcutAction(id: ShortcutId, action: ShortcutAction): () => void {
  const list = actions.get(id) ?? [];
  list.push(action);
  actions.set(id, list);
  return () => {
    const at = list.indexOf(action);
    if (at >= 0) list.splice(at, 1);
  };
}

/** Runs the shortcut's action; false when none is registered or it had nothing to do. */
export function runShortcut(id: ShortcutId): boolean {
  const action = actions.get(id)?.at(-1);
  return action ? action() : false;
}

/** Registers `action` for as long as the component is mounted, always calling its latest version. */
export function useShortcutAction(id: ShortcutId, action: ShortcutAction): void {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => registerShortcutAction(id, () => latest.current()), [id]);
}
