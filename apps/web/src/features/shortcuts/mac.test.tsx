import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import '../../app/i18n';
import { runShortcut } from './registry';
import { ShortcutsHost } from './ShortcutsHost';
import { SHORTCUTS } from './table';
import { MemoryRouter, useLocation } from 'react-router';

// A Mac, before anything reads the platform (it is read once).
vi.hoisted(() => {
  Object.defineProperty(navigator, 'platform', { value: 'MacIntel', configurable: true });
});

afterEach(cleanup);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function mount() {
  render(
    <MemoryRouter initialEntries={['/c/c1']}>
      <ShortcutsHost />
      <Where />
    </MemoryRouter>,
  );
}

describe('keyboard shortcuts on a Mac', () => {
  it('take ⌘, not Ctrl', () => {
    mount();
    fireEvent.keyDown(document.body, { key: 'o', ctrlKey: true, shiftKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/c/c1');
    fireEvent.keyDown(document.body, { key: 'o', metaKey: true, shiftKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/c/new');
  });

  it('are listed with ⌘ and ⇧', async () => {
    mount();
    expect(runShortcut('help')).toBe(true);
    const dialog = await screen.findByRole('dialog');
    const row = within(dialog).getByTestId('shortcut-copyLastReply');
    const kbds = [...row.querySelectorAll('kbd')];
    expect(kbds.map((k) => k.querySelector('[aria-hidden]')?.textContent ?? k.textContent)).toEqual([
      '⌘',
      '⇧',
      'C',
    ]);
    // A screen reader hears the keys' names rather than the signs.
    expect(kbds.map((k) => k.querySelector('.sr-only')?.textContent ?? k.textContent)).toEqual([
      'Command',
      'Shift',
      'C',
    ]);
    expect(dialog.querySelectorAll('dt')).toHaveLength(SHORTCUTS.length);
  });
});
