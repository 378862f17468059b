import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type RoutePath, type StartupConfig } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider, type Slots } from '../../platform/slots';
import { shareSlots } from './slots';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

/** The server's links, by conversation: what the mocked routes read and write. */
let links: Map<string, string>;
const calls: string[] = [];
const writeText = vi.fn(async () => {});

beforeEach(() => {
  startup = { sharedLinksEnabled: true };
  links = new Map();
  calls.length = 0;
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    const { params } = input as { params: Record<string, string> };
    calls.push(`${route.method} ${route.path}`);
    if (route === API_ROUTE_PATHS.sharedLinkOfConversation) {
      const shareId = links.get(params.conversationId!) ?? null;
      return { success: shareId !== null, shareId, conversationId: params.conversationId };
    }
    if (route === API_ROUTE_PATHS.createSharedLink) {
      links.set(params.conversationId!, 'AbCdEfGhIjKlMnOpQrStUv');
      return { shareId: 'AbCdEfGhIjKlMnOpQrStUv', conversationId: params.conversationId };
    }
    if (route === API_ROUTE_PATHS.updateSharedLink) return { shareId: params.shareId };
    if (route === API_ROUTE_PATHS.deleteSharedLink) {
      links.clear();
      return { success: true, shareId: params.shareId };
    }
    throw new Error(`unexpected ${route.path}`);
  });
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
  writeText.mockClear();
});

function renderHeader(routeId: string, assistantView = false) {
  const props = {
    routeId,
    assistantView,
    setup: {} as Slots['chat.header.items']['setup'],
    busy: false,
    endpointLabel: (e: string) => e,
    modelLabel: (_e: string, m: string) => m,
    paramLabel: (k: string) => k,
  } satisfies Slots['chat.header.items'];
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <SlotRegistryProvider value={createSlotRegistry(shareSlots)}>
          <header>
            <Slot name="chat.header.items" {...props} />
          </header>
        </SlotRegistryProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the Share button and dialog', () => {
  it('creates a link, copies its address, updates the snapshot and deletes the link', async () => {
    renderHeader('c-1');
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const create = await screen.findByRole('button', { name: 'Create link' });
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('share-url')).toBeNull();

    fireEvent.click(create);
    const url = (await screen.findByTestId('share-url')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/share/AbCdEfGhIjKlMnOpQrStUv`);

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByRole('button', { name: 'Copied!' });
    expect(writeText).toHaveBeenCalledWith(url.value);

    fireEvent.click(screen.getByRole('button', { name: 'Update link' }));
    await screen.findByText('The shared link now shows the conversation as it is.');
    expect(calls).toContain('PATCH /api/share/:shareId');

    fireEvent.click(screen.getByRole('button', { name: 'Delete link' }));
    await screen.findByRole('button', { name: 'Create link' });
    expect(screen.queryByTestId('share-url')).toBeNull();
    expect(links.size).toBe(0);
  });

  it('opens on the existing link of a shared conversation', async () => {
    links.set('c-2', 'ExistingLinkIdExisting1');
    renderHeader('c-2');
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const url = (await screen.findByTestId('share-url')) as HTMLInputElement;
    expect(url.value).toMatch(/\/share\/ExistingLinkIdExisting1$/);
    expect(screen.queryByRole('button', { name: 'Create link' })).toBeNull();
  });

  it('is not offered for a new chat, in the assistants view, or when the server has shared links off', () => {
    renderHeader('new');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    cleanup();
    renderHeader('c-3', true);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    cleanup();
    startup = { sharedLinksEnabled: false };
    renderHeader('c-3');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
