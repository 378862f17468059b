import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type Agent, type EndpointsConfig, type RoutePath } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import type { Slots } from '../../platform/slots';
import { agentMissing, otherEndpoints } from './missing';
import { MissingAgent } from './slots';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const endpoints: EndpointsConfig = {
  agents: { order: 9, type: 'agents', userProvide: false },
  google: { order: 3, type: 'google', userProvide: false },
  openAI: { order: 1, type: 'openAI', userProvide: false },
};
const models = { openAI: ['gpt-4o-mini'], google: ['gemini-pro'], agents: ['agent_kept'] };

const agent = (id: string): Agent => ({
  id,
  name: 'Kept',
  description: null,
  avatar: null,
  provider: 'openAI',
  model: 'gpt-4o-mini',
  model_parameters: {},
  tools: [],
  conversation_starters: [],
  authorName: 'Ann',
  isPublic: false,
  permissions: ['VIEW', 'EDIT'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

function show(model: string, choose = vi.fn()) {
  mockedCall.mockImplementation(async (route: RoutePath) => {
    if (route === API_ROUTE_PATHS.listAgents)
      return { object: 'list', data: [agent('agent_kept')], first_id: null, last_id: null, has_more: false };
    throw new Error(`unexpected ${route}`);
  });
  const props = {
    routeId: 'c1',
    assistantView: false,
    busy: false,
    setup: { endpoint: 'agents', model, endpointsConfig: endpoints, models, choose },
    endpointLabel: (e: string) => `label:${e}`,
    modelLabel: (_e: string, m: string) => m,
    paramLabel: (k: string) => k,
  } as unknown as Slots['chat.header.below'];
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MissingAgent {...props} />
    </QueryClientProvider>,
  );
  return choose;
}

describe('a conversation whose agent is gone', () => {
  it('says so and offers the other endpoints, in the menu order, each with its first model', async () => {
    const choose = show('agent_deleted');
    const notice = await screen.findByTestId('agent-missing');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('no longer available');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Use label:openAI', 'Use label:google']);
    fireEvent.click(buttons[1]!);
    expect(choose).toHaveBeenCalledWith('google', 'gemini-pro');
  });

  it('shows nothing while the agent is there', async () => {
    show('agent_kept');
    await waitFor(() => expect(mockedCall).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('agent-missing')).toBeNull();
  });

  it('decides only once the agents are known, on the agents endpoint', () => {
    expect(agentMissing('agents', 'agent_x', undefined)).toBe(false);
    expect(agentMissing('openAI', 'agent_x', [])).toBe(false);
    expect(agentMissing('agents', 'agent_x', [])).toBe(true);
    expect(agentMissing('agents', 'agent_kept', [agent('agent_kept')])).toBe(false);
    expect(otherEndpoints(endpoints, { openAI: [] })).toEqual([]);
  });
});
