import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import '../../app/i18n';
import { ToolsMenu, type MenuPlugin, type MenuServer } from './ToolsMenu';

const SERVERS: MenuServer[] = [
  { name: 'files', toolCount: 5 },
  { name: 'web', toolCount: 1 },
];
const PLUGINS: MenuPlugin[] = [{ pluginKey: 'calculator', name: 'Calculator' }];

/** The menu with its choice kept as the chat setup keeps it. */
function Harness(props: {
  onMcp: (s: string[]) => void;
  onTools: (t: string[]) => void;
  initialMcp?: string[];
}) {
  const [mcp, setMcp] = useState<string[]>(props.initialMcp ?? []);
  const [tools, setTools] = useState<string[]>([]);
  return (
    <ToolsMenu
      servers={SERVERS}
      plugins={PLUGINS}
      mcp={mcp}
      tools={tools}
      onMcp={(s) => {
        setMcp(s);
        props.onMcp(s);
      }}
      onTools={(t) => {
        setTools(t);
        props.onTools(t);
      }}
    />
  );
}

afterEach(cleanup);

describe('ToolsMenu', () => {
  it('opens a menu of MCP servers and plugins as checkboxes, and reports each choice', () => {
    const onMcp = vi.fn<(s: string[]) => void>();
    const onTools = vi.fn<(t: string[]) => void>();
    render(<Harness onMcp={onMcp} onTools={onTools} />);
    const button = screen.getByTestId('tools-menu-button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Tools');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByTestId('tools-menu');
    expect(within(menu).getByRole('group', { name: 'MCP servers' })).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('data-testid')),
    ).toEqual(['tools-menu-mcp-files', 'tools-menu-mcp-web', 'tools-menu-plugin-calculator']);
    expect(within(menu).getByText('Tools: 5')).toBeTruthy();

    fireEvent.click(screen.getByTestId('tools-menu-mcp-web'));
    expect(onMcp).toHaveBeenLastCalledWith(['web']);
    fireEvent.click(screen.getByTestId('tools-menu-plugin-calculator'));
    expect(onTools).toHaveBeenLastCalledWith(['calculator']);
    fireEvent.click(screen.getByTestId('tools-menu-mcp-web'));
    expect(onMcp).toHaveBeenLastCalledWith([]);
    expect(button.getAttribute('aria-label')).toBe('Tools (1 chosen)');
  });

  it('is keyboard reachable: the first choice takes the focus, Escape closes back onto the button', () => {
    render(<Harness onMcp={() => {}} onTools={() => {}} initialMcp={['files']} />);
    const button = screen.getByTestId('tools-menu-button');
    expect(button.getAttribute('aria-label')).toBe('Tools (1 chosen)');
    button.focus();
    fireEvent.click(button);
    const first = screen.getByTestId('tools-menu-mcp-files') as HTMLInputElement;
    expect(document.activeElement).toBe(first);
    expect(first.checked).toBe(true);
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(screen.queryByTestId('tools-menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('asks for its choices when opened, shows them loading, then says when there are none', () => {
    const onOpen = vi.fn();
    const menu = (loading: boolean) => (
      <div>
        <span data-testid="outside">outside</span>
        <ToolsMenu
          servers={[]}
          plugins={[]}
          mcp={[]}
          tools={[]}
          onMcp={() => {}}
          onTools={() => {}}
          onOpen={onOpen}
          loading={loading}
        />
      </div>
    );
    const { rerender } = render(menu(true));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('tools-menu-button'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    rerender(menu(false));
    expect(screen.getByText('No MCP servers or installed plugins to choose from.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('outside'));
    expect(screen.queryByTestId('tools-menu')).toBeNull();
  });
});
