import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  EModelEndpoint,
  type Conversation,
  type ConversationTag,
  type RoutePath,
  type StartupConfig,
} from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { queryKeys } from '../../api/keys';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider, type Slots } from '../../platform/slots';
import { setListFilterTags, useListFilterTags } from '../sidebar';
import { bookmarksSlots } from './slots';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

/** What the fake server holds: the person's tags in order, and each conversation's tags. */
let tags: ConversationTag[];
let carried: Map<string, string[]>;
/** Every request, with its params and body. */
let requests: { route: string; params?: Record<string, string>; body?: unknown }[];

const tagRow = (tag: string, position: number, description: string | null = null): ConversationTag => ({
  tag,
  user: 'u',
  description,
  count: 0,
  position,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const counted = () =>
  tags.map((t) => ({ ...t, count: [...carried.values()].filter((list) => list.includes(t.tag)).length }));

beforeEach(() => {
  startup = { interface: { bookmarks: true } as StartupConfig['interface'] };
  tags = [tagRow('work', 1, 'Things for work'), tagRow('home', 2)];
  carried = new Map([
    ['c-1', ['work']],
    ['c-2', ['work', 'home']],
  ]);
  requests = [];
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    const { params, body } = input as { params?: Record<string, string>; body?: Record<string, unknown> };
    requests.push({ route: `${route.method} ${route.path}`, params, body });
    if (route === API_ROUTE_PATHS.tags) return counted();
    if (route === API_ROUTE_PATHS.conversationTags) {
      const next = (body as { tags: string[] }).tags;
      carried.set(params!.conversationId!, next);
      return next;
    }
    if (route === API_ROUTE_PATHS.createTag) {
      const b = body as {
        tag: string;
        description?: string;
        conversationId?: string;
        addToConversation?: boolean;
      };
      const row = tagRow(b.tag, tags.length + 1, b.description ?? null);
      tags.push(row);
      if (b.addToConversation && b.conversationId)
        carried.set(b.conversationId, [...(carried.get(b.conversationId) ?? []), b.tag]);
      return counted().find((t) => t.tag === b.tag);
    }
    if (route === API_ROUTE_PATHS.updateTag) {
      const b = body as { tag?: string; description?: string };
      const row = tags.find((t) => t.tag === params!.tag)!;
      if (b.tag) {
        for (const [id, list] of carried)
          carried.set(
            id,
            list.map((t) => (t === row.tag ? b.tag! : t)),
          );
        row.tag = b.tag;
      }
      if (b.description !== undefined) row.description = b.description;
      return counted().find((t) => t.tag === row.tag);
    }
    if (route === API_ROUTE_PATHS.deleteTag) {
      const row = counted().find((t) => t.tag === params!.tag)!;
      tags = tags.filter((t) => t.tag !== params!.tag);
      for (const [id, list] of carried)
        carried.set(
          id,
          list.filter((t) => t !== params!.tag),
        );
      return row;
    }
    throw new Error(`unexpected ${route.path}`);
  });
});

afterEach(() => {
  cleanup();
  act(() => setListFilterTags([]));
  mockedCall.mockReset();
});

const conversation = (id: string): Conversation => ({
  conversationId: id,
  title: `Topic ${id}`,
  user: 'u',
  endpoint: EModelEndpoint.openAI,
  tags: carried.get(id) ?? [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div data-testid="row">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** Reads the sidebar's list filter, as the sidebar does. */
function FilterProbe() {
  return <output data-testid="filter-probe">{useListFilterTags().join(',')}</output>;
}

/** The three places bookmarks fill: the chat header (of `routeId`), the sidebar and Settings. */
function renderAll(routeId = 'c-1') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (routeId !== 'new') qc.setQueryData(queryKeys.convos.one(routeId), conversation(routeId));
  const header = {
    routeId,
    assistantView: false,
    setup: {} as Slots['chat.header.items']['setup'],
    busy: false,
    endpointLabel: (e: string) => e,
    modelLabel: (_e: string, m: string) => m,
    paramLabel: (k: string) => k,
  } satisfies Slots['chat.header.items'];
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <SlotRegistryProvider value={createSlotRegistry(bookmarksSlots)}>
          <header data-testid="header">
            <Slot name="chat.header.items" {...header} />
          </header>
          <nav data-testid="sidebar">
            <Slot name="sidebar.filters" />
            <FilterProbe />
          </nav>
          <section data-testid="settings">
            <Slot name="settings.general.rows" Row={Row} />
          </section>
        </SlotRegistryProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return qc;
}

const bookmarkButton = () => within(screen.getByTestId('header')).getByRole('button', { name: 'Bookmarks' });
const convoTags = (qc: QueryClient, id: string) =>
  qc.getQueryData<Conversation>(queryKeys.convos.one(id))?.tags;

describe('the header bookmark menu', () => {
  it('lists the bookmarks with a check on those the conversation carries, and toggles one with the whole set', async () => {
    const qc = renderAll('c-1');
    expect(bookmarkButton().dataset.bookmarked).toBe('true');
    fireEvent.click(bookmarkButton());
    const menu = await screen.findByRole('menu', { name: 'Bookmarks' });
    const work = await within(menu).findByRole('menuitemcheckbox', { name: 'work' });
    const home = within(menu).getByRole('menuitemcheckbox', { name: 'home' });
    expect(work.getAttribute('aria-checked')).toBe('true');
    expect(home.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(home);
    await waitFor(() => expect(convoTags(qc, 'c-1')).toEqual(['work', 'home']));
    expect(requests.find((r) => r.route === 'PUT /api/tags/convo/:conversationId')).toEqual({
      route: 'PUT /api/tags/convo/:conversationId',
      params: { conversationId: 'c-1' },
      body: { tags: ['work', 'home'] },
    });
    // Focus is back on the button once the menu closes.
    expect(document.activeElement).toBe(bookmarkButton());

    // Taking both off leaves the conversation unmarked.
    fireEvent.click(bookmarkButton());
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'work' }));
    await waitFor(() => expect(convoTags(qc, 'c-1')).toEqual(['home']));
    fireEvent.click(bookmarkButton());
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'home' }));
    await waitFor(() => expect(bookmarkButton().dataset.bookmarked).toBe('false'));
    expect(requests.filter((r) => r.route === 'PUT /api/tags/convo/:conversationId').at(-1)?.body).toEqual({
      tags: [],
    });
  });

  it('closes on Escape with the focus back on its button', async () => {
    renderAll('c-1');
    fireEvent.click(bookmarkButton());
    const menu = await screen.findByRole('menu');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(bookmarkButton());
  });

  it('creates a bookmark on this conversation from "New bookmark"', async () => {
    const qc = renderAll('c-3');
    expect(bookmarkButton().dataset.bookmarked).toBe('false');
    fireEvent.click(bookmarkButton());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'New bookmark' }));
    const dialog = await screen.findByTestId('bookmark-edit-dialog');

    // An empty name is refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Bookmark name is required');
    expect(requests.some((r) => r.route === 'POST /api/tags')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  Reading list  ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Later' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Bookmark created');
    expect(requests.find((r) => r.route === 'POST /api/tags')?.body).toEqual({
      tag: 'Reading list',
      description: 'Later',
      addToConversation: true,
      conversationId: 'c-3',
    });
    expect(screen.queryByTestId('bookmark-edit-dialog')).toBeNull();
    expect(convoTags(qc, 'c-3')).toEqual(['Reading list']);
    expect(bookmarkButton().dataset.bookmarked).toBe('true');
    // The list (and its counts) is asked again.
    await waitFor(() =>
      expect(requests.filter((r) => r.route === 'GET /api/tags').length).toBeGreaterThan(1),
    );
  });

  it('is not there for a new chat', () => {
    renderAll('new');
    expect(within(screen.getByTestId('header')).queryByRole('button', { name: 'Bookmarks' })).toBeNull();
  });
});

describe('the sidebar bookmark filter', () => {
  it('chooses bookmarks (each with its count) for the list, and clears them', async () => {
    renderAll();
    const filter = await screen.findByTestId('bookmark-filter-button');
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(filter);
    const options = await screen.findAllByTestId('bookmark-filter-option');
    expect(options.map((o) => o.textContent)).toEqual(['work22 conversations', 'home11 conversation']);

    fireEvent.click(within(options[1]!).getByRole('checkbox'));
    expect(screen.getByTestId('filter-probe').textContent).toBe('home');
    fireEvent.click(within(options[0]!).getByRole('checkbox'));
    expect(screen.getByTestId('filter-probe').textContent).toBe('home,work');

    fireEvent.click(screen.getByRole('button', { name: 'Show all conversations' }));
    expect(screen.getByTestId('filter-probe').textContent).toBe('');

    // Escape folds the list back, the focus on its button.
    fireEvent.keyDown(screen.getAllByTestId('bookmark-filter-option')[0]!, { key: 'Escape' });
    expect(screen.queryByTestId('bookmark-filter-option')).toBeNull();
    expect(document.activeElement).toBe(filter);
  });
});

describe('Settings → Bookmarks', () => {
  const openManage = async () => {
    fireEvent.click(within(screen.getByTestId('settings')).getByRole('button', { name: 'Manage' }));
    const dialog = await screen.findByTestId('bookmarks-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('bookmark-row')).toHaveLength(2));
    return dialog;
  };

  it('lists each bookmark with its description and count, and renames one everywhere it is', async () => {
    const qc = renderAll('c-2');
    act(() => setListFilterTags(['work']));
    const dialog = await openManage();
    const rows = within(dialog).getAllByTestId('bookmark-row');
    expect(within(rows[0]!).getByText('Things for work')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('bookmark-row-count').textContent).toBe('2 conversations');

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Edit work' }));
    const edit = await screen.findByTestId('bookmark-edit-dialog');
    const name = within(edit).getByLabelText('Title') as HTMLInputElement;
    expect(name.value).toBe('work');
    fireEvent.change(name, { target: { value: 'job' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByText('Bookmark updated');
    expect(requests.find((r) => r.route === 'PUT /api/tags/:tag')).toEqual({
      route: 'PUT /api/tags/:tag',
      params: { tag: 'work' },
      body: { tag: 'job' },
    });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('bookmark-row-name')
          .map((n) => n.textContent),
      ).toEqual(['job', 'home']),
    );
    // The conversation's cached tags and the sidebar's filter follow the new name.
    expect(convoTags(qc, 'c-2')).toEqual(['job', 'home']);
    expect(screen.getByTestId('filter-probe').textContent).toBe('job');
  });

  it('deletes a bookmark after confirmation', async () => {
    const qc = renderAll('c-2');
    act(() => setListFilterTags(['home', 'work']));
    const dialog = await openManage();
    const home = within(dialog).getAllByTestId('bookmark-row')[1]!;
    fireEvent.click(within(home).getByRole('button', { name: 'Delete home' }));
    const confirm = await screen.findByTestId('bookmark-delete-dialog');
    expect(confirm.textContent).toContain('“home”');

    // Cancel keeps it.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('bookmark-delete-dialog')).toBeNull();
    expect(requests.some((r) => r.route === 'DELETE /api/tags/:tag')).toBe(false);

    fireEvent.click(within(home).getByRole('button', { name: 'Delete home' }));
    fireEvent.click(
      within(await screen.findByTestId('bookmark-delete-dialog')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('Bookmark deleted');
    expect(requests.find((r) => r.route === 'DELETE /api/tags/:tag')?.params).toEqual({ tag: 'home' });
    await waitFor(() => expect(within(dialog).getAllByTestId('bookmark-row')).toHaveLength(1));
    expect(convoTags(qc, 'c-2')).toEqual(['work']);
    expect(screen.getByTestId('filter-probe').textContent).toBe('work');
  });

  it('creates a bookmark on no conversation', async () => {
    renderAll();
    const dialog = await openManage();
    fireEvent.click(within(dialog).getByRole('button', { name: 'New bookmark' }));
    const edit = await screen.findByTestId('bookmark-edit-dialog');
    fireEvent.change(within(edit).getByLabelText('Title'), { target: { value: 'ideas' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('bookmark-row')).toHaveLength(3));
    expect(requests.find((r) => r.route === 'POST /api/tags')?.body).toEqual({ tag: 'ideas' });
  });
});

describe('bookmarks turned off by the interface', () => {
  it('shows no button, no filter and no Settings line, and drops a filter already chosen', async () => {
    startup = { interface: { bookmarks: false } as StartupConfig['interface'] };
    act(() => setListFilterTags(['work']));
    renderAll('c-1');
    await waitFor(() => expect(screen.getByTestId('filter-probe').textContent).toBe(''));
    expect(within(screen.getByTestId('header')).queryByRole('button', { name: 'Bookmarks' })).toBeNull();
    expect(screen.queryByTestId('bookmark-filter')).toBeNull();
    expect(within(screen.getByTestId('settings')).queryByTestId('row')).toBeNull();
    expect(requests.some((r) => r.route === 'GET /api/tags')).toBe(false);
  });
});
