import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  MEMORY_ISSUE_KEYS,
  VALIDATION_TEXTS,
  type MemoriesList,
  type MemoryEntry,
  type RoutePath,
  type StartupConfig,
} from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider } from '../../platform/slots';
import { memoriesSlots } from './slots';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

/** What the fake server holds. */
let entries: MemoryEntry[];
let useMemories: boolean;
let tokenLimit: number | null;
let requests: { route: string; params?: Record<string, string>; body?: unknown }[];
/** The next write's refusal, when a test wants one. */
let refuseNext: ApiError | undefined;

const entry = (key: string, value: string): MemoryEntry => ({
  key,
  value,
  tokenCount: value.split(' ').length,
  updated_at: '2026-01-01T00:00:00.000Z',
});
const listed = (): MemoriesList => {
  const totalTokens = entries.reduce((s, e) => s + e.tokenCount, 0);
  return {
    memories: [...entries],
    totalTokens,
    tokenLimit,
    charLimit: 100,
    usagePercentage: tokenLimit ? Math.min(100, Math.round((totalTokens / tokenLimit) * 100)) : null,
    personalization: { memories: useMemories },
  };
};

beforeEach(() => {
  startup = { memory: { personalize: true } };
  entries = [entry('pet', 'A cat named Miso'), entry('city', 'Lives in Lyon')];
  useMemories = true;
  tokenLimit = 20;
  requests = [];
  refuseNext = undefined;
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    const { params, body } = (input ?? {}) as {
      params?: Record<string, string>;
      body?: Record<string, unknown>;
    };
    requests.push({ route: `${route.method} ${route.path}`, params, body });
    if (route === API_ROUTE_PATHS.memories) return listed();
    if (refuseNext) {
      const err = refuseNext;
      refuseNext = undefined;
      throw err;
    }
    if (route === API_ROUTE_PATHS.createMemory) {
      const made = entry(body!.key as string, body!.value as string);
      entries.unshift(made);
      return { created: true, memory: made };
    }
    if (route === API_ROUTE_PATHS.updateMemory) {
      const at = entries.findIndex((e) => e.key === params!.key);
      entries[at] = entry((body!.key as string | undefined) ?? params!.key!, body!.value as string);
      return { updated: true, memory: entries[at] };
    }
    if (route === API_ROUTE_PATHS.deleteMemory) {
      entries = entries.filter((e) => e.key !== params!.key);
      return { deleted: true };
    }
    if (route === API_ROUTE_PATHS.memoryPreferences) {
      useMemories = body!.memories as boolean;
      return { updated: true, preferences: { memories: useMemories } };
    }
    throw new Error(`unexpected ${route.path}`);
  });
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div data-testid="row">
      <span>{label}</span>
      {children}
    </div>
  );
}

function renderSettings() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <SlotRegistryProvider value={createSlotRegistry(memoriesSlots)}>
          <section data-testid="settings">
            <Slot name="settings.general.rows" Row={Row} />
          </section>
        </SlotRegistryProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** Opens Settings → Memories; the dialog. */
async function openDialog() {
  renderSettings();
  fireEvent.click(within(screen.getByTestId('settings')).getByRole('button', { name: 'Manage' }));
  const dialog = await screen.findByTestId('memories-dialog');
  await within(dialog).findAllByTestId('memory-row');
  return dialog;
}
const rows = () =>
  screen
    .getAllByTestId('memory-row')
    .map((r) => [
      within(r).getByTestId('memory-row-key').textContent,
      within(r).getByTestId('memory-row-value').textContent,
    ]);

describe('Settings → Memories', () => {
  it('lists the memories with the usage against the token limit and each one’s tokens', async () => {
    const dialog = await openDialog();
    expect(rows()).toEqual([
      ['pet', 'A cat named Miso'],
      ['city', 'Lives in Lyon'],
    ]);
    expect(within(dialog).getByText('Tokens: 4')).toBeTruthy();
    const meter = within(dialog).getByRole('meter', { name: 'Memory usage' });
    expect(meter.getAttribute('aria-valuenow')).toBe('7');
    expect(meter.getAttribute('aria-valuetext')).toBe('7 of 20 tokens used (35%)');
  });

  it('adds a memory, and shows the token limit’s refusal at the value in the person’s words', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('memories-new'));
    const form = await screen.findByTestId('memory-edit-dialog');
    fireEvent.change(within(form).getByTestId('memory-key'), { target: { value: 'job' } });
    fireEvent.change(within(form).getByTestId('memory-value'), {
      target: { value: 'Baker in Lyon for ten years' },
    });
    refuseNext = new ApiError(
      400,
      'validation_error',
      'Adding this memory would exceed the token limit of 20.',
      [{ path: 'value', message: 'over', key: MEMORY_ISSUE_KEYS.overTokenLimit }],
    );
    fireEvent.click(within(form).getByTestId('memory-save'));
    expect((await within(form).findByTestId('memory-value-error')).textContent).toBe(
      VALIDATION_TEXTS.com_ui_memory_would_exceed,
    );
    fireEvent.change(within(form).getByTestId('memory-value'), { target: { value: 'Baker' } });
    fireEvent.click(within(form).getByTestId('memory-save'));
    await waitFor(() => expect(screen.queryByTestId('memory-edit-dialog')).toBeNull());
    await waitFor(() => expect(rows()[0]).toEqual(['job', 'Baker']));
    expect(requests.filter((r) => r.route === 'POST /api/memories').map((r) => r.body)).toEqual([
      { key: 'job', value: 'Baker in Lyon for ten years' },
      { key: 'job', value: 'Baker' },
    ]);
  });

  it('checks the form before sending: key and value required, value within the character limit', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('memories-new'));
    const form = await screen.findByTestId('memory-edit-dialog');
    fireEvent.click(within(form).getByTestId('memory-save'));
    expect(await within(form).findByText(VALIDATION_TEXTS.com_ui_memory_key_required)).toBeTruthy();
    expect(within(form).getByText(VALIDATION_TEXTS.com_ui_memory_value_required)).toBeTruthy();
    fireEvent.change(within(form).getByTestId('memory-key'), { target: { value: 'bio' } });
    fireEvent.change(within(form).getByTestId('memory-value'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(form).getByTestId('memory-save'));
    expect(await within(form).findByText(VALIDATION_TEXTS.com_ui_memory_value_too_long)).toBeTruthy();
    expect(requests.some((r) => r.route === 'POST /api/memories')).toBe(false);
  });

  it('edits a value and moves it to a new key; a taken key is told at the key', async () => {
    await openDialog();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit pet' })[0]!);
    const form = await screen.findByTestId('memory-edit-dialog');
    fireEvent.change(within(form).getByTestId('memory-key'), { target: { value: 'city' } });
    refuseNext = new ApiError(409, 'conflict', 'Memory with this key already exists.');
    fireEvent.click(within(form).getByTestId('memory-save'));
    expect(await within(form).findByText('A memory with this key already exists')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('memory-key'), { target: { value: 'pets' } });
    fireEvent.change(within(form).getByTestId('memory-value'), { target: { value: 'Two cats' } });
    fireEvent.click(within(form).getByTestId('memory-save'));
    await waitFor(() => expect(rows()).toContainEqual(['pets', 'Two cats']));
    expect(requests.filter((r) => r.route === 'PATCH /api/memories/:key').at(-1)).toMatchObject({
      params: { key: 'pet' },
      body: { key: 'pets', value: 'Two cats' },
    });
  });

  it('deletes a memory after confirming', async () => {
    await openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete city' }));
    const confirm = await screen.findByTestId('memory-delete-dialog');
    fireEvent.click(within(confirm).getByTestId('memory-delete-confirm'));
    await waitFor(() => expect(rows()).toEqual([['pet', 'A cat named Miso']]));
  });

  it('turns the use of memories off and on with the switch', async () => {
    const dialog = await openDialog();
    const use = within(dialog).getByRole('switch', { name: 'Use memories' });
    expect(use.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(use);
    await waitFor(() => expect(use.getAttribute('aria-checked')).toBe('false'));
    expect(requests.find((r) => r.route === 'PATCH /api/memories/preferences')?.body).toEqual({
      memories: false,
    });
    expect(useMemories).toBe(false);
  });

  it('offers the valid keys to choose from, and no switch without personalize', async () => {
    startup = { memory: { personalize: false, validKeys: ['name', 'job'] } };
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('switch')).toBeNull();
    fireEvent.click(screen.getByTestId('memories-new'));
    const form = await screen.findByTestId('memory-edit-dialog');
    const key = within(form).getByTestId('memory-key') as HTMLSelectElement;
    expect([...key.options].map((o) => o.value)).toEqual(['name', 'job']);
  });

  it('shows no usage bar without a token limit', async () => {
    tokenLimit = null;
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('meter')).toBeNull();
  });

  it('has no Settings line while memory is off', () => {
    startup = {};
    renderSettings();
    expect(within(screen.getByTestId('settings')).queryByTestId('row')).toBeNull();
  });
});
