import { lazy, Suspense, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { BookCopy } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';
import { usePopover } from '../../hooks/usePopover';
import type { PresetDialogs } from './usePresetDialogs';

// The list, its actions, import and export load when the menu is first opened.
const loadPanel = () => import('./PresetsPanel');
const PresetsPanel = lazy(loadPanel);

/** The chat header's presets menu: the person's presets and what can be done with them. */
export function PresetsMenu({ dialogs, disabled }: { dialogs: PresetDialogs; disabled?: boolean }) {
  const { t } = useTranslation();
  const { open, setOpen, close, panelId, triggerRef, panelRef } = usePopover();
  const label = t('com_endpoint_presets');

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };

  return (
    <div className="relative">
      <IconButton
        ref={triggerRef}
        data-testid="presets-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : setOpen(true))}
        // Pointed at or focused, the menu's content starts loading before the click.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        label={label}
        className={clsx(open && 'bg-surface-tertiary text-text-primary')}
      >
        <BookCopy className="size-[18px]" aria-hidden />
      </IconButton>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={label}
          data-testid="presets-menu"
          onKeyDown={onKeyDown}
          className={clsx(
            'z-40 flex flex-col rounded-xl border border-border-light bg-surface-primary p-2 shadow-xl',
            'fixed inset-x-2 top-14',
            'sm:absolute sm:inset-x-auto sm:start-0 sm:top-full sm:mt-2 sm:w-96',
          )}
        >
          <Suspense fallback={<div className="h-24" aria-busy="true" />}>
            <PresetsPanel dialogs={dialogs} onDone={() => close(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
