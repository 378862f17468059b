import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Preset } from '@chat/contract';
import { queryKeys } from '../../api/keys';
import { ToastProvider } from '../../components/ui/Toast';
import PresetsPanel from './PresetsPanel';
import type { PresetDialogs } from './usePresetDialogs';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('../auth', () => ({ useAuth: () => ({ isAuthenticated: true }) }));

const preset = (title: string): Preset => ({
  presetId: `id-${title}`,
  title,
  user: 'u1',
  endpoint: 'openAI',
  model: 'gpt-4o',
  defaultPreset: false,
  order: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function setup(titles: string[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(queryKeys.presets, titles.map(preset));
  const dialogs: PresetDialogs = {
    element: null,
    open: vi.fn(),
    apply: vi.fn(),
    current: null,
    endpointLabel: (e) => e,
    modelLabel: (_e, m) => m,
    fieldNames: (f) => f.join(', '),
  };
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <PresetsPanel dialogs={dialogs} onDone={() => undefined} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return dialogs;
}

/** The apply button of each preset row (its first button), in order. */
const applyButtons = () =>
  screen.getAllByTestId('preset-item').map((li) => li.querySelector('button') as HTMLButtonElement);

afterEach(cleanup);

describe('the presets list (keyboard)', () => {
  it('Up and Down move between presets and wrap, Home and End jump; Enter applies the one focused', async () => {
    const user = userEvent.setup();
    const dialogs = setup(['One', 'Two', 'Three']);
    const apply = applyButtons();
    await waitFor(() => expect(document.activeElement).toBe(apply[0]));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(apply[1]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(apply[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(apply[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(apply[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(apply[2]);
    await user.keyboard('{Enter}');
    expect(dialogs.apply).toHaveBeenCalledWith(expect.objectContaining({ title: 'Three' }));
  });

  it('keeps the column: from a row’s edit button, Down goes to the next row’s edit button', async () => {
    const user = userEvent.setup();
    setup(['One', 'Two']);
    await waitFor(() => expect(document.activeElement).toBe(applyButtons()[0]));
    const rows = screen.getAllByTestId('preset-item');
    // Apply, default, edit, export, delete.
    const editOf = (i: number) => rows[i]!.querySelectorAll('button')[2] as HTMLButtonElement;
    editOf(0).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(editOf(1));
    // Other keys are left alone (Tab still walks the row).
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(editOf(1));
  });
});
