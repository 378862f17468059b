import type { ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { useTranslation } from '../../hooks/useTranslation';
import { keyCaps, SHORTCUTS, usesCommandKey } from './table';

/** The help dialog: every shortcut of the table with its keys, as this system names them. */
export default function ShortcutsDialog({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const mac = usesCommandKey();
  return (
    <Dialog open={open} onClose={onClose} title={t('com_nav_shortcuts')} data-testid="shortcuts-dialog">
      <dl className="mt-2 divide-y divide-border-light">
        {SHORTCUTS.map((shortcut) => (
          <div
            key={shortcut.id}
            data-testid={`shortcut-${shortcut.id}`}
            className="flex items-center justify-between gap-4 py-2.5"
          >
            <dt className="min-w-0 flex-1 text-sm text-text-primary">{t(shortcut.labelKey)}</dt>
            {/* Keys read in their own order whatever the language's direction. */}
            <dd dir="ltr" className="flex shrink-0 items-center gap-1">
              {keyCaps(shortcut.keys, mac).map((cap) => (
                <kbd
                  key={cap.text}
                  title={cap.name}
                  className="inline-flex h-6 min-w-6 items-center justify-center rounded-md border border-border-medium bg-surface-secondary px-1.5 font-sans text-xs font-medium text-text-secondary shadow-[inset_0_-1px_0_var(--border-medium)]"
                >
                  {cap.name ? (
                    <>
                      <span aria-hidden>{cap.text}</span>
                      <span className="sr-only">{cap.name}</span>
                    </>
                  ) : (
                    cap.text
                  )}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
