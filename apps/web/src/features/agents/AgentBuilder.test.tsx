import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type Agent, type EndpointsConfig, type RoutePath } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import AgentBuilder from './AgentBuilder';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const endpoints: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  bingAI: { order: 2, type: 'bingAI', userProvide: false },
  agents: { order: 9, type: 'agents', userProvide: false },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], bingAI: ['BingAI'] };

const saved = (over: Partial<Agent>): Agent => ({
  id: 'agent_new',
  name: 'Pirate',
  description: null,
  instructions: 'Talk like a pirate.',
  avatar: null,
  provider: 'openAI',
  model: 'gpt-4o',
  model_parameters: {},
  tools: ['calculator'],
  conversation_starters: ['Ahoy'],
  author: 'u1',
  authorName: 'Ann',
  isPublic: false,
  sharedWith: [],
  permissions: ['VIEW', 'EDIT'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

let calls: { route: RoutePath; body: unknown }[];
beforeEach(() => {
  calls = [];
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    const body = (input as { body?: unknown }).body;
    calls.push({ route, body });
    if (route === API_ROUTE_PATHS.listAgents)
      return { object: 'list', data: [], first_id: null, last_id: null, has_more: false };
    if (route === API_ROUTE_PATHS.plugins)
      return [{ name: 'Calculator', pluginKey: 'calculator', description: '', icon: '', authConfig: [] }];
    if (route === API_ROUTE_PATHS.createAgent) return saved({});
    if (route === API_ROUTE_PATHS.shareAgent) return saved({ isPublic: true });
    throw new Error(`unexpected ${route.path}`);
  });
});
afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('the agent builder', () => {
  it('creates an agent with its model, tool and starter, shares it, and chooses it', async () => {
    const onChoose = vi.fn();
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AgentBuilder
          endpointsConfig={endpoints}
          models={models}
          selectedId={null}
          onChoose={onChoose}
          onClose={onClose}
        />
      </QueryClientProvider>,
    );
    // Only the endpoints whose models call tools are offered.
    expect(
      [...(screen.getByTestId('agent-provider') as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['openAI']);
    fireEvent.change(screen.getByTestId('agent-name'), { target: { value: 'Pirate' } });
    fireEvent.change(screen.getByTestId('agent-instructions'), { target: { value: 'Talk like a pirate.' } });
    fireEvent.change(screen.getByTestId('agent-model'), { target: { value: 'gpt-4o' } });
    fireEvent.click(await screen.findByTestId('agent-tool-calculator'));
    fireEvent.change(screen.getByTestId('agent-starter-0'), { target: { value: ' Ahoy ' } });
    fireEvent.click(screen.getByTestId('agent-share-public'));
    fireEvent.click(screen.getByTestId('agent-save'));

    await waitFor(() => expect(onChoose).toHaveBeenCalledWith('agent_new'));
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((c) => c.route === API_ROUTE_PATHS.createAgent)?.body).toEqual({
      name: 'Pirate',
      description: null,
      instructions: 'Talk like a pirate.',
      provider: 'openAI',
      model: 'gpt-4o',
      tools: ['calculator'],
      conversation_starters: ['Ahoy'],
    });
    expect(calls.find((c) => c.route === API_ROUTE_PATHS.shareAgent)?.body).toEqual({
      public: true,
      emails: [],
    });
  });
});
