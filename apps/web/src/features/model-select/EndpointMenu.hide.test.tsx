import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LOCAL_KEYS, type EndpointsConfig, type ModelsConfig } from '@chat/contract';
import '../../app/i18n';
import { EndpointMenu } from './EndpointMenu';

vi.mock('../../api/call', () => ({ callApi: vi.fn(async () => ({ expiresAt: null })) }));

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  google: { order: 5, type: 'google', userProvide: false },
  anthropic: { order: 6, type: 'anthropic', userProvide: false },
};
const models: ModelsConfig = { openAI: ['gpt-4o'], google: ['gemini-pro'], anthropic: ['claude-3'] };

function openMenu() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EndpointMenu
        config={config}
        models={models}
        endpoint="openAI"
        model="gpt-4o"
        onChoose={() => undefined}
        onConfigureKey={() => undefined}
      />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('endpoint-picker'));
}

const listed = () =>
  screen.queryAllByTestId(/^endpoint-group-/).map((el) => el.getAttribute('data-group') ?? '');

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('hiding and showing endpoints', () => {
  it('hides an endpoint from the menu, remembers it, and shows it again', () => {
    openMenu();
    expect(listed()).toEqual(['openAI', 'google', 'anthropic']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide Google' }));
    expect(listed()).toEqual(['openAI', 'anthropic']);
    expect(screen.getByTestId('endpoint-hidden-google').textContent).toContain('Google');
    // The way back has the focus.
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Show Google' }));
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.hiddenEndpoints) ?? 'null')).toEqual(['google']);

    // Another visit: still hidden.
    cleanup();
    openMenu();
    expect(listed()).toEqual(['openAI', 'anthropic']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Show Google' }));
    // Back in its place in the order.
    expect(listed()).toEqual(['openAI', 'google', 'anthropic']);
    expect(screen.queryByTestId('endpoint-hidden-google')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('endpoint-item-google'));
    expect(JSON.parse(localStorage.getItem(LOCAL_KEYS.hiddenEndpoints) ?? 'null')).toEqual([]);
  });

  it('keeps one endpoint: the last one shown has no Hide button', () => {
    localStorage.setItem(LOCAL_KEYS.hiddenEndpoints, JSON.stringify(['google']));
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide Anthropic' }));
    expect(listed()).toEqual(['openAI']);
    expect(screen.queryByRole('menuitem', { name: 'Hide OpenAI' })).toBeNull();
  });

  it('a stored list that hides every endpoint shows them all', () => {
    localStorage.setItem(LOCAL_KEYS.hiddenEndpoints, JSON.stringify(['openAI', 'google', 'anthropic']));
    openMenu();
    expect(listed()).toEqual(['openAI', 'google', 'anthropic']);
  });
});
