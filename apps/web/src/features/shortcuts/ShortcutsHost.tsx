import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { NEW_CONVO } from '@chat/contract';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useNav } from '../../state/nav';
import { PROMPT_INPUT_ID } from '../chat';
import { runShortcut, useShortcutAction } from './registry';
import { shortcutOf, usesCommandKey } from './table';

// Loaded the first time it is asked for: most sessions never open it.
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog'));

/** A modal dialog is open: it keeps the keys to itself. */
function modalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * Whether a plain Esc is some other part's to answer: a menu, list or popover is open (Esc closes
 * it), or the focus is in a field of its own (renaming a conversation, the search box, an edited
 * message: Esc cancels there).
 */
function escapeTakenElsewhere(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return true;
  if (!(target instanceof HTMLElement) || target.id === PROMPT_INPUT_ID) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}

/**
 * The keyboard shortcuts of the signed-in app (app/layouts/ChatLayout.tsx): the one key listener,
 * the actions the layout owns, and the help dialog.
 */
export function ShortcutsHost(): ReactNode {
  const navigate = useStableNavigate();
  const { visible, setVisible, toggle, isMobile } = useNav();
  const [help, setHelp] = useState<'never' | 'open' | 'closed'>('never');
  // The drawer over the chat on small screens answers Esc itself (it closes).
  const drawerOpen = useRef(false);
  drawerOpen.current = isMobile && visible;

  // As the sidebar's New chat link does: the new chat, the drawer out of the way.
  useShortcutAction('newChat', () => {
    navigate(`/c/${NEW_CONVO}`);
    if (isMobile) setVisible(false);
    return true;
  });
  useShortcutAction('toggleSidebar', () => {
    toggle();
    return true;
  });
  useShortcutAction('help', () => {
    setHelp('open');
    return true;
  });

  useEffect(() => {
    const mac = usesCommandKey();
    const onKey = (e: KeyboardEvent) => {
      // Handled already, held down, or a key typed into an input method's composition.
      if (e.defaultPrevented || e.repeat || e.isComposing || e.keyCode === 229) return;
      const shortcut = shortcutOf(e, mac);
      if (!shortcut) return;
      if (!shortcut.inDialogs && modalOpen()) return;
      if (shortcut.id === 'stop' && (drawerOpen.current || escapeTakenElsewhere(e.target))) return;
      if (runShortcut(shortcut.id)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (help === 'never') return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog open={help === 'open'} onClose={() => setHelp('closed')} />
    </Suspense>
  );
}
