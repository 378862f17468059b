import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useStickToBottom } from './useStickToBottom';

const VIEW_PX = 500;

function View({ changeKey, followGrowth = true }: { changeKey: number; followGrowth?: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useStickToBottom(scrollRef, contentRef, changeKey, followGrowth);
  return (
    <div ref={scrollRef} data-testid="view">
      <div ref={contentRef} />
    </div>
  );
}

/** jsdom has no layout: a view VIEW_PX high over content `layout.height` high, scrollTop clamped. */
function fakeLayout(el: HTMLElement, height: number) {
  const layout = { height, top: 0 };
  Object.defineProperties(el, {
    clientHeight: { configurable: true, get: () => VIEW_PX },
    scrollHeight: { configurable: true, get: () => layout.height },
    scrollTop: {
      configurable: true,
      get: () => layout.top,
      set: (v: number) => void (layout.top = Math.max(0, Math.min(v, layout.height - VIEW_PX))),
    },
  });
  return layout;
}

describe('useStickToBottom', () => {
  afterEach(cleanup);

  function atTheEnd() {
    const { rerender } = render(<View changeKey={0} />);
    const layout = fakeLayout(screen.getByTestId('view'), 1000);
    rerender(<View changeKey={1} />);
    expect(layout.top).toBe(500);
    return { layout, rerender, view: screen.getByTestId('view') };
  }

  it('keeps following when the content grew before the scroll event of its last follow came', () => {
    const { layout, rerender, view } = atTheEnd();
    // The browser dispatches the follow's scroll event at the next frame; by then the reply grew
    // (a stop adds the actions and the notice at once). Nobody scrolled: the view keeps following.
    layout.height = 1200;
    fireEvent.scroll(view);
    rerender(<View changeKey={2} />);
    expect(layout.top).toBe(700);
  });

  it('stops following once the person scrolls up, and follows again back at the end', () => {
    const { layout, rerender, view } = atTheEnd();
    view.scrollTop = 200;
    fireEvent.scroll(view);
    layout.height = 1200;
    rerender(<View changeKey={2} />);
    expect(layout.top).toBe(200);

    view.scrollTop = 700;
    fireEvent.scroll(view);
    layout.height = 1300;
    rerender(<View changeKey={3} />);
    expect(layout.top).toBe(800);
  });

  describe('a small scroll up holds for 1 s', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('is not pulled back by the next change within the hold, and follows again after it near the end', () => {
      const { layout, rerender, view } = atTheEnd();
      // 30 px up: still within the "at the end" margin, but the person's move.
      view.scrollTop = 470;
      fireEvent.scroll(view);
      layout.height = 1010;
      rerender(<View changeKey={2} />);
      expect(layout.top).toBe(470);
      // A second small step inside the hold adds up.
      vi.advanceTimersByTime(600);
      view.scrollTop = 440;
      fireEvent.scroll(view);
      vi.advanceTimersByTime(999);
      rerender(<View changeKey={3} />);
      expect(layout.top).toBe(440);
      // Now 70 px from the end: beyond the margin, so the hold's end leaves the view there.
      vi.advanceTimersByTime(1);
      rerender(<View changeKey={4} />);
      expect(layout.top).toBe(440);
    });

    it('a single small step near the end follows again once the hold is over', () => {
      const { layout, rerender, view } = atTheEnd();
      view.scrollTop = 480;
      fireEvent.scroll(view);
      layout.height = 1005;
      rerender(<View changeKey={2} />);
      expect(layout.top).toBe(480);
      vi.advanceTimersByTime(1000);
      expect(layout.top).toBe(505);
    });

    it('a view moved up only because its content shrank keeps following', () => {
      const { layout, rerender, view } = atTheEnd();
      layout.height = 900;
      view.scrollTop = 400; // the browser's clamp, at the very end
      fireEvent.scroll(view);
      layout.height = 1000;
      rerender(<View changeKey={2} />);
      expect(layout.top).toBe(500);
    });
  });

  describe('growth seen by the ResizeObserver (a reply streaming)', () => {
    let grew: (() => void)[] = [];
    beforeEach(() => {
      grew = [];
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(cb: () => void) {
            grew.push(cb);
          }
          observe() {}
          disconnect() {}
        },
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    function grow(followGrowth: boolean) {
      const { rerender } = render(<View changeKey={0} followGrowth={followGrowth} />);
      const layout = fakeLayout(screen.getByTestId('view'), 1000);
      rerender(<View changeKey={1} followGrowth={followGrowth} />);
      expect(layout.top).toBe(500);
      layout.height = 1400;
      for (const cb of grew) cb();
      return layout;
    }

    it('is followed with auto-scroll on', () => {
      expect(grow(true).top).toBe(900);
    });

    it('leaves the view where it is with auto-scroll off', () => {
      expect(grow(false).top).toBe(500);
    });
  });

  describe('going to the bottom on request, throttled', () => {
    let go: (behavior?: ScrollBehavior) => void = () => undefined;
    function Handle() {
      const scrollRef = useRef<HTMLDivElement>(null);
      const contentRef = useRef<HTMLDivElement>(null);
      go = useStickToBottom(scrollRef, contentRef, 0).scrollToBottom;
      return (
        <div ref={scrollRef} data-testid="handle">
          <div ref={contentRef} />
        </div>
      );
    }
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    function setup() {
      render(<Handle />);
      const el = screen.getByTestId('handle');
      const scrollTo = vi.fn();
      el.scrollTo = scrollTo as unknown as typeof el.scrollTo;
      return scrollTo;
    }

    it('jumps at once, then at most every 250 ms, the last call inside the window kept', () => {
      const scrollTo = setup();
      go();
      expect(scrollTo).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(100);
      go();
      go();
      expect(scrollTo).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(149);
      expect(scrollTo).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(scrollTo).toHaveBeenCalledTimes(2);
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });
    });

    it('scrolls smoothly at most every 750 ms', () => {
      const scrollTo = setup();
      go('smooth');
      vi.advanceTimersByTime(300);
      go('smooth');
      vi.advanceTimersByTime(449);
      expect(scrollTo).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(scrollTo).toHaveBeenCalledTimes(2);
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    });
  });
});
