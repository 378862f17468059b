import { useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TIMINGS } from '@chat/contract';

/** Gap between a button and its tooltip, in pixels. */
const GAP_PX = 6;
/** Room a tooltip needs below its button; with less it goes above. */
const ROOM_PX = 32;
/** A button whose centre is closer than this to a side of the window holds its tooltip to that side. */
const EDGE_PX = 96;

export interface TooltipHandlers {
  onPointerEnter: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave: () => void;
  onPointerDown: () => void;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
  onBlur: () => void;
}

function focusVisible(el: HTMLElement): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * A button's tooltip: it opens TIMINGS.tooltipOpenDelayMs after a mouse rests on the button (or
 * the keyboard focuses it) and closes TIMINGS.tooltipCloseDelayMs after it leaves, at once on a
 * press. Drawn in a portal, so no scrolling or clipping parent hides it. `label` is already the
 * button's accessible name: the tooltip is for the eye only.
 */
export function useTooltip(label: string, enabled = true): { handlers: TooltipHandlers; tooltip: ReactNode } {
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (ms: number, next: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(next, ms);
  };
  const open = (el: HTMLElement) =>
    later(TIMINGS.tooltipOpenDelayMs, () => setAnchor(el.getBoundingClientRect()));
  const close = () => later(TIMINGS.tooltipCloseDelayMs, () => setAnchor(null));
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };

  const handlers: TooltipHandlers = {
    onPointerEnter: (e) => {
      if (enabled && e.pointerType === 'mouse') open(e.currentTarget);
    },
    onPointerLeave: close,
    onPointerDown: hide,
    onFocus: (e) => {
      if (enabled && focusVisible(e.currentTarget)) open(e.currentTarget);
    },
    onBlur: close,
  };

  const below = anchor ? anchor.bottom + ROOM_PX <= window.innerHeight : true;
  // Centred under the button, unless that would run past the window's edge: then held to the
  // side the button is on.
  const centre = anchor ? anchor.left + anchor.width / 2 : 0;
  const side = centre < EDGE_PX ? 'start' : centre > window.innerWidth - EDGE_PX ? 'end' : 'centre';
  const x = side === 'start' ? (anchor?.left ?? 0) : side === 'end' ? (anchor?.right ?? 0) : centre;
  const shiftX = side === 'start' ? '0' : side === 'end' ? '-100%' : '-50%';
  const tooltip =
    enabled && anchor
      ? createPortal(
          <span
            data-testid="tooltip"
            aria-hidden
            style={{
              position: 'fixed',
              left: x,
              top: below ? anchor.bottom + GAP_PX : anchor.top - GAP_PX,
              transform: `translate(${shiftX}, ${below ? '0' : '-100%'})`,
            }}
            className="pointer-events-none z-[200] max-w-xs whitespace-nowrap rounded-md bg-text-primary px-2 py-1 text-xs font-medium text-surface-primary shadow-md"
          >
            {label}
          </span>,
          document.body,
        )
      : null;
  return { handlers, tooltip };
}
