import type { ReactNode } from 'react';
import { Keyboard } from 'lucide-react';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { copyText } from '../markdown';
import { runShortcut, useShortcutAction } from './registry';

/**
 * The chat screen's shortcuts, done by what the screen offers its scope: its Stop, the newest
 * reply's text (copied as the message's Copy button copies it, "Copied!" told by a toast since
 * no button is in sight) and its message box.
 */
function ChatShortcuts({ busy, stop, lastReplyText, focusInput, children }: Slots['chat.scope']): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  useShortcutAction('stop', () => {
    if (!busy) return false;
    stop();
    return true;
  });
  useShortcutAction('copyLastReply', () => {
    const text = lastReplyText();
    if (!text) return false;
    void copyText(text).then(() => toast.show({ message: t('com_chat_copied') }));
    return true;
  });
  useShortcutAction('focusInput', focusInput);
  return children;
}

/** The user menu's "Keyboard shortcuts": the same dialog as the keys open. */
function ShortcutsMenuItem({ Item }: Slots['user-menu.items']): ReactNode {
  const { t } = useTranslation();
  return (
    <Item
      label={t('com_nav_shortcuts')}
      icon={<Keyboard className="size-4" />}
      onSelect={() => runShortcut('help')}
      testId="keyboard-shortcuts"
    />
  );
}

export const shortcutsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.scope', { id: 'shortcuts', component: ChatShortcuts }),
  fill('user-menu.items', { id: 'shortcuts', component: ShortcutsMenuItem }),
];
