import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type Agent, type RoutePath } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { apiFetch } from '../../api/http';
import type * as HttpModule from '../../api/http';
import { AgentFiles } from './AgentFiles';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('../../api/http', async (original) => ({
  ...(await original<typeof HttpModule>()),
  apiFetch: vi.fn(),
}));
const mockedCall = vi.mocked(callApi);
const mockedFetch = vi.mocked(apiFetch);

const FILE_A = '11111111-1111-4111-8111-111111111111';
const FILE_B = '22222222-2222-4222-8222-222222222222';
const agent: Agent = {
  id: 'agent_files',
  name: 'Reader',
  description: null,
  instructions: null,
  avatar: null,
  provider: 'openAI',
  model: 'gpt-4o',
  model_parameters: {},
  tools: ['file_search'],
  tool_resources: { file_search: { file_ids: [FILE_A, FILE_B] } },
  conversation_starters: [],
  author: 'u1',
  authorName: 'Ann',
  isPublic: false,
  sharedWith: [],
  permissions: ['VIEW', 'EDIT'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe("an agent's documents in the builder", () => {
  it('are listed by name, taken off by a PATCH of tool_resources, and added by an upload naming the agent', async () => {
    const calls: { route: RoutePath; input: unknown }[] = [];
    mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
      calls.push({ route, input });
      if (route === API_ROUTE_PATHS.files)
        return [
          { file_id: FILE_A, filename: 'manual.pdf' },
          { file_id: FILE_B, filename: 'faq.md' },
        ];
      return agent;
    });
    mockedFetch.mockResolvedValue(new Response('{}', { status: 200 }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AgentFiles agent={agent} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('manual.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove faq.md' }));
    await waitFor(() => expect(calls.some((c) => c.route === API_ROUTE_PATHS.updateAgent)).toBe(true));
    expect(calls.find((c) => c.route === API_ROUTE_PATHS.updateAgent)?.input).toEqual({
      params: { id: 'agent_files' },
      body: { tool_resources: { file_search: { file_ids: [FILE_A] } } },
    });

    const file = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('agent-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(mockedFetch).toHaveBeenCalled());
    const [path, init] = mockedFetch.mock.calls[0]!;
    expect(path).toBe('/api/files');
    const form = init?.body as FormData;
    expect(form.get('agent_id')).toBe('agent_files');
    expect(form.get('tool_resource')).toBe('file_search');
    await waitFor(() => expect(calls.some((c) => c.route === API_ROUTE_PATHS.getAgent)).toBe(true));
  });
});
