import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BookText } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { usePromptsShown } from './api';
import { PromptsCommand } from './PromptsCommand';

/** The library loads on the first click. */
const PromptsDialog = lazy(() => import('./PromptsDialog'));

/** The sidebar's Prompts line: opens the library (the sidebar stays mounted, so the dialog lives here). */
function PromptsEntry(): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!usePromptsShown()) return null;
  return (
    <div className="mx-2 mb-1">
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex h-9 w-full items-center gap-2 rounded-lg px-2.5 text-sm text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        data-testid="prompts-open"
      >
        <BookText className="size-[18px] text-text-secondary" aria-hidden />
        <span className="flex-1 truncate text-start">{t('com_ui_prompts')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <PromptsDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * What the prompt library adds: the message box's `/` list (with the form for a prompt's
 * variables) and the sidebar's Prompts line that opens the library. Neither shows when the
 * operator's interface turns prompts off.
 */
export const promptsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.input.tools', { id: 'prompts-command', order: -1, component: PromptsCommand }),
  fill('sidebar.filters', { id: 'prompts', order: -1, component: PromptsEntry }),
];
