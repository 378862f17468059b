import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  type EndpointsConfig,
  type ModelsConfig,
  type PremiumStatus,
  type RoutePath,
} from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { EndpointMenu } from './EndpointMenu';

let status: PremiumStatus = { models: ['grok-3'], limited: true, dailyUses: 5, usesLeft: 3 };
vi.mock('../../api/call', () => ({
  callApi: vi.fn(async (route: RoutePath) => (route === API_ROUTE_PATHS.premiumStatus ? status : {})),
}));
const mockedCall = vi.mocked(callApi);
const premiumCalls = () => mockedCall.mock.calls.filter(([r]) => r === API_ROUTE_PATHS.premiumStatus).length;

// The server marks an endpoint's premium models (PREMIUM_MODELS) where they are counted.
const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  xai: { order: 8, type: 'custom', userProvide: false, relabelModels: true, premiumModels: ['grok-3'] },
};
const models: ModelsConfig = { openAI: ['gpt-4o'], xai: ['grok-3', 'deepseek-chat'] };

function show(endpoint: string, model: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EndpointMenu
        config={config}
        models={models}
        endpoint={endpoint}
        model={model}
        onChoose={() => undefined}
        onConfigureKey={() => undefined}
      />
    </QueryClientProvider>,
  );
  return screen.getByTestId('endpoint-picker');
}

beforeEach(() => {
  status = { models: ['grok-3'], limited: true, dailyUses: 5, usesLeft: 3 };
  mockedCall.mockClear();
});
afterEach(cleanup);

describe('premium models are marked before a send is refused', () => {
  it('the menu marks the premium model with the uses left today; the standard one is unmarked', async () => {
    const trigger = show('openAI', 'gpt-4o');
    // A standard model chosen and the menu shut: nothing asked.
    expect(screen.queryByTestId('premium-chip')).toBeNull();
    expect(premiumCalls()).toBe(0);
    fireEvent.click(trigger);
    fireEvent.click(screen.getByTestId('endpoint-item-xai'));
    const g3 = screen.getByTestId('model-item-grok-3');
    expect(within(g3).getByTestId('premium-badge').textContent).toBe('Premium');
    await waitFor(() =>
      expect(within(g3).getByTestId('premium-note').textContent).toBe('3 of 5 uses left today'),
    );
    expect(within(screen.getByTestId('model-item-deepseek-chat')).queryByTestId('premium-badge')).toBeNull();
    expect(within(screen.getByTestId('model-item-gpt-4o')).queryByTestId('premium-badge')).toBeNull();
  });

  it('the chosen premium model shows its uses left on the menu button, and a subscriber sees it included', async () => {
    const trigger = show('xai', 'grok-3');
    await waitFor(() => expect(screen.getByTestId('premium-chip').textContent).toBe('3 left'));
    // Named by what it shows; the whole note is its description.
    expect(trigger.getAttribute('aria-label')).toBe('xai, G3, 3 left');
    const described = (trigger.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Endpoints and models', '3 of 5 uses left today']);
    cleanup();
    status = { models: ['grok-3'], limited: false, dailyUses: 5, usesLeft: 5 };
    show('xai', 'grok-3');
    const noteOf = () => {
      const id = screen.getByTestId('endpoint-picker').getAttribute('aria-describedby')?.split(' ')[1];
      return document.getElementById(id ?? '')?.textContent;
    };
    await waitFor(() => expect(noteOf()).toBe('Included in your plan'));
    expect(screen.getByTestId('endpoint-picker').getAttribute('aria-label')).toBe('xai, G3, Premium');
    expect(screen.getByTestId('premium-chip').textContent).toBe('Premium');
  });
});
