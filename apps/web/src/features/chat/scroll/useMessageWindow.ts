import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { UI_LIMITS } from '@chat/contract';

export interface MessageWindowOptions {
  /** The scrolling element. */
  scrollRef: RefObject<HTMLElement | null>;
  /** The element whose children are the rendered rows, oldest first. */
  rowsRef: RefObject<HTMLElement | null>;
  /** Messages in the branch. */
  length: number;
  /** A new value puts the window back on the newest messages (another conversation, a send). */
  resetKey: string;
}

export interface MessageWindow {
  /** Index in the branch of the first rendered message; rows from here to the end are rendered. */
  start: number;
  /** Renders UI_LIMITS.messageWindowStep older messages, keeping the view where it is. */
  showEarlier: () => void;
}

/** The first rendered row and where it was on screen before older rows were added above it. */
interface Anchor {
  el: Element;
  top: number;
}

/**
 * Which part of a long branch is rendered. At first (and after each reset) it is the newest
 * UI_LIMITS.messageWindow messages; UI_LIMITS.messageWindowStep older ones are added each time the
 * view comes within UI_LIMITS.messageWindowGrowAt view heights of the top, or on `showEarlier`
 * (a button, for keyboard use). The row that was first stays where it was on screen when rows are
 * added above it, whether or not the browser anchors scrolling itself.
 *
 * Messages added at the end (a reply, another branch below the start) do not move the start, so
 * nothing shifts above someone reading older messages; the newest messages are always rendered.
 */
export function useMessageWindow({
  scrollRef,
  rowsRef,
  length,
  resetKey,
}: MessageWindowOptions): MessageWindow {
  const newest = Math.max(0, length - UI_LIMITS.messageWindow);
  const [state, setState] = useState({ resetFor: resetKey, start: newest });
  if (state.resetFor !== resetKey) setState({ resetFor: resetKey, start: newest });
  const start = state.resetFor === resetKey ? Math.min(state.start, newest) : newest;

  /** The start on screen (as of the last commit). */
  const shown = useRef(start);
  /** Set while older rows are on their way; measured again on every call until they are there. */
  const anchor = useRef<Anchor | null>(null);

  const showEarlier = useCallback(() => {
    const from = shown.current;
    if (from === 0) return;
    const first = rowsRef.current?.firstElementChild;
    if (first) anchor.current = { el: first, top: first.getBoundingClientRect().top };
    // Calls before the rows are there ask for the same start again: nothing is skipped.
    setState((s) => ({ ...s, start: Math.max(0, from - UI_LIMITS.messageWindowStep) }));
  }, [rowsRef]);

  const growIfNearTop = useCallback(() => {
    const el = scrollRef.current;
    if (el && el.scrollTop < el.clientHeight * UI_LIMITS.messageWindowGrowAt) showEarlier();
  }, [scrollRef, showEarlier]);

  // After every commit: once rows were added above the anchor, move the view by as much as the
  // anchor moved (nothing, if the browser's own scroll anchoring already did).
  useLayoutEffect(() => {
    shown.current = start;
    const a = anchor.current;
    const el = scrollRef.current;
    if (!a || !el || a.el === rowsRef.current?.firstElementChild) return;
    anchor.current = null;
    if (!a.el.isConnected) return;
    const moved = a.el.getBoundingClientRect().top - a.top;
    if (moved !== 0) el.scrollTop += moved;
  });

  // Still near the top after rows were added (short messages, a tall screen): add more, once the
  // view has taken its place. `start` is what changes.
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    const id = requestAnimationFrame(growIfNearTop);
    return () => cancelAnimationFrame(id);
  }, [start, growIfNearTop]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    el.addEventListener('scroll', growIfNearTop, { passive: true });
    return () => el.removeEventListener('scroll', growIfNearTop);
  }, [scrollRef, growIfNearTop]);

  return { start, showEarlier };
}
