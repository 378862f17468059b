import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type Action, type RoutePath } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import ActionsSection from './ActionsSection';
import { outlineOf } from './spec-outline';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const SPEC = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Weather', version: '1' },
  servers: [{ url: 'https://api.weather.example/v1' }],
  paths: { '/weather/{city}': { get: { operationId: 'getWeather' } } },
});

const stored = (over: Partial<Action> = {}): Action => ({
  action_id: 'act1',
  agent_id: 'agent_a',
  type: 'action_prototype',
  metadata: {
    domain: 'api.weather.example',
    raw_spec: SPEC,
    auth: { type: 'service_http', authorization_type: 'bearer' },
    api_key_set: true,
  },
  functions: ['getWeather'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

let calls: { route: RoutePath; input: { params?: unknown; body?: unknown } }[];
let list: Action[];
beforeEach(() => {
  calls = [];
  list = [
    stored({
      action_id: 'other',
      agent_id: 'agent_b',
      metadata: { ...stored().metadata, domain: 'b.example' },
    }),
  ];
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    calls.push({ route, input: input as { params?: unknown; body?: unknown } });
    if (route === API_ROUTE_PATHS.listActions) return list;
    if (route === API_ROUTE_PATHS.saveAction) return [{ id: 'agent_a' }, stored()];
    if (route === API_ROUTE_PATHS.deleteAction) return { message: 'Action deleted successfully' };
    throw new Error(`unexpected ${route.path}`);
  });
});
afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('the Actions section of the agent builder', () => {
  it('adds an action from a pasted spec with a Bearer key, lists it without the key, deletes it', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ActionsSection agentId="agent_a" />
      </QueryClientProvider>,
    );
    // Another agent's action is not this one's.
    expect(await screen.findByText('No actions yet')).toBeTruthy();
    fireEvent.change(screen.getByTestId('agent-action-spec'), { target: { value: SPEC } });
    fireEvent.change(screen.getByTestId('agent-action-auth'), { target: { value: 'bearer' } });
    fireEvent.change(screen.getByTestId('agent-action-key'), { target: { value: 'sk-secret' } });
    fireEvent.click(screen.getByTestId('agent-action-add'));

    await waitFor(() => expect(screen.getAllByTestId('agent-action')).toHaveLength(1));
    const save = calls.find((c) => c.route === API_ROUTE_PATHS.saveAction)!;
    expect(save.input).toEqual({
      params: { agent_id: 'agent_a' },
      body: {
        functions: [{ type: 'function', function: { name: 'getWeather' } }],
        metadata: {
          domain: 'api.weather.example',
          raw_spec: SPEC,
          auth: { type: 'service_http', authorization_type: 'bearer' },
          api_key: 'sk-secret',
        },
      },
    });
    const item = screen.getByTestId('agent-action');
    expect(item.textContent).toContain('api.weather.example');
    expect(item.textContent).toContain('getWeather · API key saved');
    expect(document.body.textContent).not.toContain('sk-secret');
    expect((screen.getByTestId('agent-action-spec') as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(screen.getByTestId('agent-action-delete'));
    await waitFor(() => expect(screen.queryAllByTestId('agent-action')).toHaveLength(0));
    expect(calls.find((c) => c.route === API_ROUTE_PATHS.deleteAction)?.input).toMatchObject({
      params: { agent_id: 'agent_a', action_id: 'act1' },
    });
  });

  it('says so when the spec names no server, without sending it', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ActionsSection agentId="agent_a" />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('agent-action-spec'), { target: { value: 'openapi: 3.0.0\n' } });
    fireEvent.click(screen.getByTestId('agent-action-add'));
    expect((await screen.findByTestId('agent-action-error')).textContent).toContain('names no server URL');
    expect(calls.some((c) => c.route === API_ROUTE_PATHS.saveAction)).toBe(false);
  });
});

describe('outlineOf', () => {
  it('reads the server host and operation names of a YAML spec', () => {
    const yaml = [
      'openapi: 3.0.3',
      'info: { title: T, version: "1" }',
      'servers:',
      '  - url: "https://swapi.dev/api"',
      'paths:',
      '  /people:',
      '    get:',
      '      operationId: listPeople',
      '  /planets:',
      '    get:',
      "      operationId: 'listPlanets'",
    ].join('\n');
    expect(outlineOf(yaml)).toEqual({ domain: 'swapi.dev', functions: ['listPeople', 'listPlanets'] });
    expect(outlineOf('servers: [{ url: https://api.example.org/v1 }]').domain).toBe('api.example.org');
    expect(outlineOf('{ not json').domain).toBeNull();
  });
});
