import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A panel opened by a button: a click outside both closes it, Escape closes it and gives the focus
 * back to the button (the panel's own key handler calls `close()`).
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !triggerRef.current?.contains(target)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);

  return { open, setOpen, close, panelId, triggerRef, panelRef };
}
