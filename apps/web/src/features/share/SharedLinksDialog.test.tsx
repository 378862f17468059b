import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { API_ROUTE_PATHS, type RoutePath, type SharedLink, type StartupConfig } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider } from '../../platform/slots';
import { shareSlots } from './slots';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const link = (n: number): SharedLink => ({
  shareId: `share-id-number-${n}`,
  conversationId: `c-${n}`,
  title: `Topic ${n}`,
  createdAt: `2026-0${n}-01T00:00:00.000Z`,
  updatedAt: `2026-0${n}-01T00:00:00.000Z`,
});
let links: SharedLink[];

beforeEach(() => {
  startup = { sharedLinksEnabled: true };
  links = [link(3), link(2), link(1)];
  // Pages of two, the cursor being the last shareId of the page before, as the server answers.
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    const { params, query } = input as { params?: Record<string, string>; query?: { cursor?: string } };
    if (route === API_ROUTE_PATHS.sharedLinks) {
      const start = query?.cursor ? links.findIndex((l) => l.shareId === query.cursor) + 1 : 0;
      const page = links.slice(start, start + 2);
      const hasNextPage = start + 2 < links.length;
      return { links: page, hasNextPage, nextCursor: hasNextPage ? page.at(-1)!.shareId : null };
    }
    if (route === API_ROUTE_PATHS.deleteSharedLink) {
      links = links.filter((l) => l.shareId !== params!.shareId);
      return { success: true, shareId: params!.shareId };
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

/** Where the app is, as the test sees it. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderGeneralTab(closeSettings = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/c/elsewhere']}>
        <ToastProvider>
          <SlotRegistryProvider value={createSlotRegistry(shareSlots)}>
            <Slot name="settings.general.rows" Row={Row} closeSettings={closeSettings} />
          </SlotRegistryProvider>
        </ToastProvider>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return closeSettings;
}

describe('Settings → Shared links', () => {
  it('lists the links newest first, a page at a time, and deletes one', async () => {
    renderGeneralTab();
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    const dialog = await screen.findByTestId('shared-links-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('shared-link-row')).toHaveLength(2));
    const titles = () =>
      within(dialog)
        .getAllByTestId('shared-link-page')
        .map((a) => a.firstChild?.textContent);
    expect(titles()).toEqual(['Topic 3', 'Topic 2']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toEqual(['Topic 3', 'Topic 2', 'Topic 1']));
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();

    const row = within(dialog).getAllByTestId('shared-link-row')[1]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete link' }));
    await waitFor(() => expect(titles()).toEqual(['Topic 3', 'Topic 1']));
  });

  it('links each title to its shared page in a new tab, and offers the conversation it came from', async () => {
    const closeSettings = renderGeneralTab();
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    const dialog = await screen.findByTestId('shared-links-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('shared-link-row')).toHaveLength(2));

    // The title: its page, in a new tab, and a screen reader hears that it opens there.
    const page = within(dialog).getByRole('link', { name: 'Topic 3 (opens in a new tab)' });
    expect(page.getAttribute('href')).toBe('/share/share-id-number-3');
    expect(page.getAttribute('target')).toBe('_blank');
    expect(page.getAttribute('rel')).toContain('noopener');

    // The conversation: a link of its own, named after the conversation, reachable by Tab.
    const convo = within(dialog).getByRole('link', { name: 'Open the chat "Topic 3"' });
    expect(convo.getAttribute('href')).toBe('/c/c-3');
    expect(convo.textContent).toBe('Open chat');
    expect(convo.getAttribute('target')).toBeNull();
    expect(convo.tabIndex).toBe(0);
    expect(within(dialog).getByRole('link', { name: 'Open the chat "Topic 2"' }).getAttribute('href')).toBe(
      '/c/c-2',
    );
    expect(closeSettings).not.toHaveBeenCalled();

    // Following it goes there in the app, and the list and the settings close.
    fireEvent.click(convo);
    expect(screen.getByTestId('where').textContent).toBe('/c/c-3');
    expect(closeSettings).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('shared-links-dialog')).toBeNull());
  });

  it('says so when nothing is shared, and is absent while the server has shared links off', async () => {
    links = [];
    renderGeneralTab();
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    await screen.findByText('You have not shared any conversation.');
    cleanup();
    startup = { sharedLinksEnabled: false };
    renderGeneralTab();
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
  });
});
