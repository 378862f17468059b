import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { IconButton } from './IconButton';

/** The pointer comes over `el` (jsdom's pointer events carry no pointerType: it is set here). */
function hover(el: HTMLElement, pointerType: 'mouse' | 'touch' = 'mouse') {
  const event = createEvent.pointerOver(el);
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(el, event);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('IconButton tooltip', () => {
  it('opens 300 ms after the mouse rests on it and closes 50 ms after it leaves', () => {
    render(<IconButton label="New chat">+</IconButton>);
    const button = screen.getByRole('button', { name: 'New chat' });
    expect(button.getAttribute('title')).toBeNull();
    hover(button, 'mouse');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByTestId('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('tooltip').textContent).toBe('New chat');
    fireEvent.pointerLeave(button);
    act(() => vi.advanceTimersByTime(49));
    expect(screen.getByTestId('tooltip')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('tooltip')).toBeNull();
  });

  it('stays open when the mouse comes back within 50 ms, and goes at once on a press', () => {
    render(<IconButton label="Close">x</IconButton>);
    const button = screen.getByRole('button', { name: 'Close' });
    hover(button, 'mouse');
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerLeave(button);
    act(() => vi.advanceTimersByTime(30));
    hover(button, 'mouse');
    act(() => vi.advanceTimersByTime(40));
    expect(screen.getByTestId('tooltip')).toBeTruthy();
    fireEvent.pointerDown(button);
    expect(screen.queryByTestId('tooltip')).toBeNull();
  });

  it('has none for touch, nor when showTitle is off, and keeps the caller’s own handlers', () => {
    const onPointerEnter = vi.fn();
    render(
      <>
        <IconButton label="Touch">t</IconButton>
        <IconButton label="Quiet" showTitle={false} onPointerEnter={onPointerEnter}>
          q
        </IconButton>
      </>,
    );
    hover(screen.getByRole('button', { name: 'Touch' }), 'touch');
    hover(screen.getByRole('button', { name: 'Quiet' }), 'mouse');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('tooltip')).toBeNull();
    expect(onPointerEnter).toHaveBeenCalledTimes(1);
  });
});
