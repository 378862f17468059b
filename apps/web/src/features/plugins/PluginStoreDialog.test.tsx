import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  TIMINGS,
  type Plugin,
  type RoutePath,
  type User,
  type UserPluginRequest,
} from '@chat/contract';
import '../../app/i18n';
import { ApiError } from '../../api/http';
import { PluginStoreDialog } from './PluginStoreDialog';
import { testUser } from '../../test-support/user';

const plugin = (name: string, authConfig: Plugin['authConfig'] = []): Plugin => ({
  name,
  pluginKey: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  description: `${name} does things`,
  icon: `/assets/plugins/${name}.svg`,
  authConfig,
  authenticated: authConfig.length === 0,
});

const search = plugin('Web Search', [
  { authField: 'TAVILY_API_KEY', label: 'Tavily API Key', description: 'Your key' },
]);
const calculator = plugin('Calculator');
/** Ten plugins: pages of 4, 6 and 8 differ. */
const PLUGINS: Plugin[] = [
  calculator,
  plugin('Current Date'),
  plugin('Web Reader'),
  plugin('Image Generation'),
  search,
  plugin('Alpha'),
  plugin('Beta'),
  plugin('Gamma'),
  plugin('Delta'),
  plugin('Epsilon'),
];

const user = (plugins: string[]): User => testUser({ plugins });

const posts: UserPluginRequest[] = [];
let refusal: ApiError | null = null;

vi.mock('../../api/call', () => ({
  callApi: vi.fn(async (route: RoutePath, input: { body?: UserPluginRequest }) => {
    if (route === API_ROUTE_PATHS.plugins) return PLUGINS;
    if (route === API_ROUTE_PATHS.userPlugins && input.body) {
      posts.push(input.body);
      if (refusal) throw refusal;
      return user(input.body.action === 'install' ? [input.body.pluginKey] : []);
    }
    throw new Error('unexpected call');
  }),
}));

function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });
}

function open(installed: string[] = []) {
  const onUser = vi.fn<(u: User) => void>();
  const onUninstalled = vi.fn<(key: string) => void>();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <PluginStoreDialog
        onClose={vi.fn()}
        installed={installed}
        onUser={onUser}
        onUninstalled={onUninstalled}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Plugin store' }), onUser, onUninstalled };
}

const names = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeEach(() => {
  posts.length = 0;
  refusal = null;
  setWidth(1280);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PluginStoreDialog', () => {
  it.each([
    [375, 8, 2],
    [500, 8, 2],
    [501, 4, 3],
    [639, 4, 3],
    [640, 6, 2],
    [1023, 6, 2],
    [1024, 8, 2],
  ])('at %i px shows %i plugins a page, in %i pages', async (width, size, pages) => {
    setWidth(width);
    const { dialog } = open();
    await waitFor(() => expect(names(dialog)).toHaveLength(size));
    expect(names(dialog)).toEqual(PLUGINS.slice(0, size).map((p) => p.name));
    const nav = within(dialog).getByRole('navigation');
    expect(within(nav).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(pages);
  });

  it('pages forward and back, and follows a resize', async () => {
    setWidth(600);
    const { dialog } = open();
    await waitFor(() => expect(names(dialog)).toHaveLength(4));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(names(dialog)).toEqual(PLUGINS.slice(4, 8).map((p) => p.name));
    expect(within(dialog).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    expect(names(dialog)).toEqual(['Delta', 'Epsilon']);
    expect(within(dialog).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous page' }));
    expect(names(dialog)).toEqual(PLUGINS.slice(4, 8).map((p) => p.name));

    act(() => {
      setWidth(1280);
      window.dispatchEvent(new Event('resize'));
    });
    expect(names(dialog)).toEqual(PLUGINS.slice(8).map((p) => p.name));
    expect(within(dialog).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(2);
  });

  it('searches names case-insensitively, from the first page', async () => {
    setWidth(600);
    const { dialog } = open();
    await waitFor(() => expect(names(dialog)).toHaveLength(4));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    const box = within(dialog).getByRole('searchbox', { name: 'Search plugins' });
    fireEvent.change(box, { target: { value: 'wEB' } });
    expect(names(dialog)).toEqual(['Web Reader', 'Web Search']);
    expect(within(dialog).queryByRole('navigation')).toBeNull();
    fireEvent.change(box, { target: { value: 'things' } });
    expect(names(dialog)).toEqual([]);
    expect(dialog.textContent).toContain('No plugins found');
  });

  it('installs a plugin without auth at once, and uninstalls an installed one', async () => {
    const { dialog, onUser, onUninstalled } = open(['web-reader']);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Install Calculator' }));
    await waitFor(() => expect(onUser).toHaveBeenCalledWith(user(['calculator'])));
    expect(posts).toEqual([{ pluginKey: 'calculator', action: 'install', auth: null }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Uninstall Web Reader' }));
    await waitFor(() => expect(onUninstalled).toHaveBeenCalledWith('web-reader'));
    expect(posts[1]).toEqual({ pluginKey: 'web-reader', action: 'uninstall', auth: null });
    expect(onUser).toHaveBeenLastCalledWith(user([]));
  });

  it("validates the auth form on change with the contract's rules; Save only when dirty and valid", async () => {
    const { dialog, onUser } = open();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Install Web Search' }));
    const form = within(dialog).getByTestId('plugin-auth-form');
    const save = within(form).getByRole('button', { name: 'Save' });
    const field = within(form).getByLabelText('Tavily API Key');
    expect(document.activeElement).toBe(field);
    expect(save).toHaveProperty('disabled', true);
    expect(within(form).queryByRole('alert')).toBeNull();

    fireEvent.change(field, { target: { value: 'short' } });
    expect(within(form).getByRole('alert').textContent).toContain(
      'Tavily API Key must be at least 10 characters long',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(field, { target: { value: '' } });
    expect(within(form).getByRole('alert').textContent).toContain('Tavily API Key is required.');
    expect(save).toHaveProperty('disabled', true);

    fireEvent.change(field, { target: { value: 'tvly-0123456789' } });
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    await waitFor(() => expect(onUser).toHaveBeenCalled());
    expect(posts).toEqual([
      { pluginKey: 'web-search', action: 'install', auth: { TAVILY_API_KEY: 'tvly-0123456789' } },
    ]);
    // Installed: back to the list.
    expect(within(dialog).queryByTestId('plugin-auth-form')).toBeNull();
  });

  it("shows a refusal's server message in a banner for 5 seconds", async () => {
    refusal = new ApiError(400, 'validation_error', 'The search API refused this key');
    const { dialog, onUser } = open();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Install Web Search' }));
    fireEvent.change(within(dialog).getByLabelText('Tavily API Key'), {
      target: { value: 'tvly-0123456789' },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const banner = await within(dialog).findByTestId('plugin-store-error');
    expect(banner.textContent).toContain('The search API refused this key');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(onUser).not.toHaveBeenCalled();
    // The form stays, to correct the key.
    expect(within(dialog).getByTestId('plugin-auth-form').isConnected).toBe(true);

    act(() => vi.advanceTimersByTime(TIMINGS.pluginAuthErrorMs - 100));
    expect(within(dialog).getByTestId('plugin-store-error').isConnected).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(within(dialog).queryByTestId('plugin-store-error')).toBeNull();
  });

  it('goes back from the auth form to the list, focus on the search', async () => {
    const { dialog } = open();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Install Web Search' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByTestId('plugin-auth-form')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox'));
    expect(posts).toEqual([]);
  });
});
