import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../app/i18n';
import { Dialog } from './Dialog';
import { Menu } from './Menu';
import { ToastProvider, useToast } from './Toast';

afterEach(cleanup);

describe('Dialog', () => {
  it('is modal, focuses inside and closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Delete chat?" footer={<button>OK</button>}>
        <p>body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('starts focus on its first control, not on the header’s Close (whose tooltip would cover it)', () => {
    const { unmount } = render(<Dialog open onClose={() => {}} title="T" footer={<button>OK</button>} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    unmount();
    render(
      <Dialog open onClose={() => {}} title="Only text">
        <p>read me</p>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });

  it('traps Tab inside', () => {
    render(<Dialog open onClose={() => {}} title="T" footer={<button>Last</button>} />);
    const last = screen.getByText('Last');
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('gives the keys to a dialog opened from another until it closes', () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    const outer = (innerOpen: boolean) => (
      <Dialog open onClose={closeOuter} title="Outer">
        <Dialog open={innerOpen} onClose={closeInner} title="Inner" footer={<button>Inner last</button>} />
      </Dialog>
    );
    const { rerender } = render(outer(false));
    rerender(outer(true));
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    screen.getByText('Inner last').focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(inner.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closeInner).toHaveBeenCalledOnce();
    expect(closeOuter).not.toHaveBeenCalled();

    rerender(outer(false));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closeOuter).toHaveBeenCalledOnce();
  });
});

describe('Menu', () => {
  it('opens with ArrowDown, moves with arrows and selects with click', () => {
    const pick = vi.fn();
    render(
      <Menu
        label="User menu"
        items={[
          { key: 'a', label: 'Alpha', onSelect: () => pick('a') },
          { key: 'sep', kind: 'separator' },
          { key: 'b', label: 'Beta', onSelect: () => pick('b') },
        ]}
        renderTrigger={(props) => <button {...props}>Open</button>}
      />,
    );
    const trigger = screen.getByText('Open');
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.click(items[1]!);
    expect(pick).toHaveBeenCalledWith('b');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and returns focus to the trigger', () => {
    render(
      <Menu
        label="m"
        items={[{ key: 'a', label: 'Alpha' }]}
        renderTrigger={(p) => <button {...p}>Open</button>}
      />,
    );
    fireEvent.click(screen.getByText('Open'));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByText('Open'));
  });
});

describe('Toast', () => {
  it('shows a message and hides it after the duration', () => {
    vi.useFakeTimers();
    function Trigger() {
      const toast = useToast();
      return (
        <button onClick={() => toast.show({ message: 'Saved', severity: 'success', duration: 1000 })}>
          go
        </button>
      );
    }
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('go'));
    expect(screen.getByTestId('toast').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.queryByTestId('toast')).toBeNull();
    vi.useRealTimers();
  });
});
