import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EndpointsConfig, ModelsConfig } from '@chat/contract';
import '../../app/i18n';
import { EndpointMenu } from './EndpointMenu';

vi.mock('../../api/call', () => ({ callApi: vi.fn(async () => ({ expiresAt: null })) }));

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  google: { order: 5, type: 'google', userProvide: true },
  Mistral: { order: 8, type: 'custom', userProvide: false, modelDisplayLabel: 'Mistral AI' },
};
const models: ModelsConfig = {
  openAI: ['gpt-4o-mini', 'gpt-4o'],
  google: ['gemini-pro', 'chat-bison'],
  Mistral: ['mistral-large'],
};

afterEach(cleanup);

function setup() {
  const onChoose = vi.fn();
  const onConfigureKey = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EndpointMenu
        config={config}
        models={models}
        endpoint="openAI"
        model="gpt-4o"
        onChoose={onChoose}
        onConfigureKey={onConfigureKey}
      />
    </QueryClientProvider>,
  );
  const trigger = screen.getByTestId('endpoint-picker');
  return { onChoose, onConfigureKey, trigger };
}

const focused = () => document.activeElement as HTMLElement;

describe('EndpointMenu', () => {
  it('names the chosen endpoint and model on its button', () => {
    const { trigger } = setup();
    expect(trigger.getAttribute('aria-label')).toBe('OpenAI, gpt-4o');
    const description = document.getElementById(trigger.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Endpoints and models');
    expect(trigger.textContent).toContain('gpt-4o');
  });

  it('opens with the keyboard on the chosen model; arrows move, Right opens an endpoint, Enter picks', () => {
    const { trigger, onChoose } = setup();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Endpoints and models' });
    expect(focused()).toBe(within(menu).getByRole('menuitemradio', { name: 'gpt-4o' }));
    expect(focused().getAttribute('aria-checked')).toBe('true');
    // Only the chosen endpoint is open.
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((m) => m.textContent),
    ).toEqual(['gpt-4o-mini', 'gpt-4o']);
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    const google = within(menu).getByRole('menuitem', { name: 'Google' });
    expect(focused()).toBe(google);
    expect(google.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    expect(google.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('group', { name: 'Google models' })).toBeTruthy();
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    // The key button sits beside the endpoint, then its models.
    expect(focused()).toBe(within(menu).getByRole('menuitem', { name: 'Set API key for Google' }));
    // Then the button that hides the endpoint from the menu.
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    expect(focused()).toBe(within(menu).getByRole('menuitem', { name: 'Hide Google' }));
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    expect(focused().textContent).toBe('gemini-pro');
    fireEvent.keyDown(focused(), { key: 'ArrowLeft' });
    expect(google.getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe(google);
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    fireEvent.keyDown(focused(), { key: 'End' });
    expect(focused()).toBe(within(menu).getByRole('menuitem', { name: 'Hide Mistral' }));
    fireEvent.keyDown(focused(), { key: 'Home' });
    expect(focused()).toBe(within(menu).getByRole('menuitem', { name: 'OpenAI' }));
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(focused()).toBe(within(menu).getByRole('menuitem', { name: 'Hide Mistral' }));
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(focused().textContent).toContain('Mistral');
    fireEvent.keyDown(focused(), { key: 'ArrowUp' });
    expect(focused().textContent).toBe('chat-bison');
    fireEvent.click(focused());
    expect(onChoose).toHaveBeenCalledWith('google', 'chat-bison');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(trigger);
  });

  it('shows custom endpoints with their model label; the key button opens the key dialog', () => {
    const { trigger, onConfigureKey } = setup();
    fireEvent.click(trigger);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByTestId('endpoint-item-Mistral').textContent).toContain('Mistral AI');
    // Only endpoints whose key the person brings have one.
    expect(within(menu).queryByTestId('endpoint-key-openAI')).toBeNull();
    fireEvent.click(within(menu).getByTestId('endpoint-key-google'));
    expect(onConfigureKey).toHaveBeenCalledWith('google');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape, giving the focus back', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    fireEvent.keyDown(focused(), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(trigger);
  });
});
