import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { X } from 'lucide-react';
import { IconButton } from './IconButton';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (right-aligned). */
  footer?: ReactNode;
  className?: string;
  /** Element to focus first (default: the first focusable element of the dialog). */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
  /**
   * `wide`: full screen on small screens, a large panel from 640 px (the plugin store); `sheet`:
   * full screen on small screens, a medium panel from 640 px (settings).
   */
  size?: 'default' | 'wide' | 'sheet';
  /** false: no close button (a choice the footer's buttons make, such as accepting terms). */
  closeButton?: boolean;
  'data-testid'?: string;
}

const PANEL: Record<NonNullable<DialogProps['size']>, string> = {
  default: 'max-w-md rounded-2xl border p-6',
  wide: 'flex h-dvh flex-col overflow-y-auto p-4 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:max-w-5xl sm:rounded-2xl sm:border sm:p-6',
  sheet:
    'flex h-dvh flex-col overflow-y-auto p-4 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:max-w-2xl sm:rounded-2xl sm:border sm:p-6',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

const INITIAL_FOCUS = FOCUSABLE.split(', ')
  .map((s) => `${s}:not([data-dialog-close])`)
  .join(', ');

/** The open dialogs' panels, the topmost last: only it answers Escape and traps Tab. */
const openPanels: HTMLElement[] = [];

/**
 * Modal dialog: portal, dim backdrop, focus trap, Escape and backdrop click close, focus restored.
 * A dialog opened from another (a confirmation in a sheet) takes the keys until it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  className,
  initialFocusRef,
  size = 'default',
  closeButton = true,
  'data-testid': testId,
}: DialogProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect: the focus moves in before the browser paints, so no keypress can land behind.
  useLayoutEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    // The header's Close is not where focus starts: focused at once, it would show its tooltip
    // over the dialog's first line when the dialog was opened from the keyboard. Tab reaches it.
    const first = initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(INITIAL_FOCUS) ?? panel;
    first?.focus();

    if (panel) openPanels.push(panel);
    const onKey = (e: KeyboardEvent) => {
      if (panel && openPanels.at(-1) !== panel) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (e.shiftKey && (document.activeElement === firstItem || !panel.contains(document.activeElement))) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && document.activeElement === lastItem) {
        e.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey, true);
      if (panel) openPanels.splice(openPanels.indexOf(panel), 1);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;
  return createPortal(
    <div
      className={clsx(
        'fixed inset-0 z-50 flex items-center justify-center',
        size === 'default' ? 'p-4' : 'sm:p-4',
      )}
    >
      <div
        className="absolute inset-0 bg-black/60 animate-[fade-in_150ms_ease-out]"
        aria-hidden
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        data-testid={testId}
        className={clsx(
          'relative w-full border-border-light bg-surface-primary shadow-2xl',
          PANEL[size],
          'text-text-primary focus:outline-none',
          className,
        )}
      >
        <div className="mb-2 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold leading-7">
            {title}
          </h2>
          {closeButton && (
            <IconButton
              label={t('com_ui_close')}
              size="sm"
              onClick={onClose}
              className="-me-2 -mt-1"
              data-dialog-close=""
            >
              <X className="size-4" aria-hidden />
            </IconButton>
          )}
        </div>
        {description && (
          <div id={descId} className="text-sm text-text-secondary">
            {description}
          </div>
        )}
        {children}
        {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
