import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  type Plugin,
  type RoutePath,
  type User,
  type UserPluginRequest,
} from '@chat/contract';
import '../../app/i18n';
import { PluginsSelect } from './PluginsSelect';

const plugin = (pluginKey: string, name: string): Plugin => ({
  name,
  pluginKey,
  description: `${name} does things`,
  icon: `/assets/plugins/${pluginKey}.svg`,
  authConfig: [],
  authenticated: true,
});
const PLUGINS = [
  plugin('calculator', 'Calculator'),
  plugin('datetime', 'Current Date'),
  plugin('dalle', 'DALL-E'),
  plugin('echo_mcp_files', 'Echo'),
];

vi.mock('../../api/call', () => ({
  callApi: vi.fn(async (route: RoutePath, input: { body?: UserPluginRequest }) => {
    if (route === API_ROUTE_PATHS.plugins) return PLUGINS;
    if (route === API_ROUTE_PATHS.userPlugins) return { plugins: [], pluginKey: input.body?.pluginKey };
    throw new Error('unexpected call');
  }),
}));

function renderSelect(selected: string[], installed: string[]) {
  const onChange = vi.fn<(tools: string[]) => void>();
  const onUser = vi.fn<(u: User) => void>();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <PluginsSelect selected={selected} onChange={onChange} installed={installed} onUser={onUser} />
    </QueryClientProvider>,
  );
  return { select: screen.getByTestId('plugins-select'), onChange, onUser };
}

afterEach(cleanup);

describe('PluginsSelect', () => {
  it('offers only the installed plugins, and names the selected ones', async () => {
    const { select, onChange } = renderSelect(['datetime'], ['calculator', 'datetime']);
    await within(select).findByTestId('plugin-option-calculator');
    expect(
      within(select)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('data-testid')),
    ).toEqual(['plugin-option-calculator', 'plugin-option-datetime']);
    expect(select.querySelector('summary')?.textContent).toBe('Current Date');
    fireEvent.click(within(select).getByTestId('plugin-option-calculator'));
    expect(onChange).toHaveBeenCalledWith(['datetime', 'calculator']);
  });

  it('names the MCP server of a server’s tool, in the menu and in the store', async () => {
    const { select } = renderSelect([], ['calculator', 'echo_mcp_files']);
    const option = await within(select).findByTestId('plugin-option-echo_mcp_files');
    expect(option.closest('label')?.textContent).toBe('EchoMCP server: files');
    expect(within(select).getAllByTestId('plugin-mcp-server')).toHaveLength(1);
    fireEvent.click(within(select).getByRole('button', { name: 'Plugin store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plugin store' });
    const item = await within(dialog).findByTestId('plugin-store-item-echo_mcp_files');
    expect(within(item).getByTestId('plugin-mcp-server').textContent).toBe('MCP server: files');
    expect(within(dialog).getByTestId('plugin-store-item-calculator').textContent).not.toContain('MCP');
  });

  it('says when nothing is installed, and opens the store from its entry; focus returns to the select', async () => {
    const { select } = renderSelect([], []);
    await waitFor(() => expect(select.textContent).toContain('No plugins installed yet'));
    const store = within(select).getByRole('button', { name: 'Plugin store' });
    fireEvent.click(store);
    // The store is its own chunk, loaded when first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Plugin store' });
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(select.querySelector('summary'));
  });

  it('drops a plugin uninstalled in the store from the selection', async () => {
    const { onChange, onUser } = renderSelect(['calculator', 'datetime'], ['calculator', 'datetime']);
    fireEvent.click(screen.getByRole('button', { name: 'Plugin store' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Uninstall Calculator' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['datetime']));
    expect(onUser).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape (focus back on the select), on a press outside and when the focus moves away', async () => {
    render(<button type="button">elsewhere</button>);
    const { select } = renderSelect([], ['calculator']);
    const details = select as HTMLDetailsElement;
    const summary = select.querySelector('summary') as HTMLElement;
    const option = await within(select).findByTestId('plugin-option-calculator');
    const openMenu = async () => {
      fireEvent.click(summary);
      await waitFor(() => expect(details.open).toBe(true));
    };

    await openMenu();
    option.focus();
    fireEvent.keyDown(option, { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);

    await openMenu();
    fireEvent.mouseDown(document.body);
    expect(details.open).toBe(false);

    await openMenu();
    // A press inside the panel keeps it open.
    fireEvent.mouseDown(option);
    expect(details.open).toBe(true);
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    fireEvent.blur(option, { relatedTarget: elsewhere });
    expect(details.open).toBe(false);
  });
});
