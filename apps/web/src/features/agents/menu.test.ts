import { describe, expect, it } from 'vitest';
import type { Agent, EndpointsConfig, ModelsConfig } from '@chat/contract';
import { withAgents } from './menu';
import { agentProviders, bodyOf, emailsOf, toolChoices, valuesOf } from './form';

const agent = (over: Partial<Agent>): Agent => ({
  id: 'agent_a',
  name: 'Pirate',
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
  ...over,
});

const endpoints: EndpointsConfig = {
  openAI: { order: 0, type: 'openAI', userProvide: false },
  gptPlugins: { order: 1, type: 'gptPlugins', userProvide: false },
  bingAI: { order: 2, type: 'bingAI', userProvide: false },
  agents: { order: 9, type: 'agents', userProvide: false },
};
const models: ModelsConfig = { openAI: ['gpt-4o-mini'], gptPlugins: ['gpt-4o-mini'], bingAI: ['bing'] };

describe('the agents in the endpoint menu', () => {
  it("lists the agents as the endpoint's models, shown by their names (an unnamed one by its id)", () => {
    const menu = withAgents(endpoints, models, [agent({}), agent({ id: 'agent_b', name: null })]);
    expect(menu.models?.agents).toEqual(['agent_a', 'agent_b']);
    expect(menu.endpoints?.agents?.modelLabels).toEqual({ agent_a: 'Pirate', agent_b: 'agent_b' });
    expect(menu.models?.openAI).toEqual(['gpt-4o-mini']);
  });

  it('changes nothing where the server offers no agents', () => {
    const { agents: _gone, ...rest } = endpoints;
    const menu = withAgents(rest, models, [agent({})]);
    expect(menu.endpoints).toBe(rest);
    expect(menu.models).toBe(models);
  });
});

describe('the builder form', () => {
  it('offers the endpoints whose models call tools, the plugins endpoint and the agents aside', () => {
    expect(agentProviders(endpoints)).toEqual(['openAI']);
  });

  it('sends the starters filled in, trimmed, and reads the addresses in any separator', () => {
    const values = valuesOf(agent({ conversation_starters: ['One'] }));
    expect(values.starters).toEqual(['One', '', '', '']);
    const body = bodyOf({ ...values, starters: [' One ', '', 'Two', ''], name: '  ' });
    expect(body.conversation_starters).toEqual(['One', 'Two']);
    expect(body.name).toBeNull();
    expect(emailsOf({ ...values, emails: 'A@x.org, b@y.org;\nc@z.org' })).toEqual([
      'a@x.org',
      'b@y.org',
      'c@z.org',
    ]);
  });
});

describe('the tools the builder offers', () => {
  const plugins = [
    { pluginKey: 'calculator', name: 'Calculator' },
    { pluginKey: 'execute_code', name: 'Code Interpreter' },
  ];
  const withCapabilities = (capabilities?: string[]): EndpointsConfig => ({
    ...endpoints,
    agents: { order: 9, type: 'agents', userProvide: false, ...(capabilities ? { capabilities } : {}) },
  });

  it('are file search and the plugins when the server offers every capability', () => {
    expect(toolChoices(withCapabilities(), plugins, 'File search', []).map((t) => t.key)).toEqual([
      'file_search',
      'calculator',
      'execute_code',
    ]);
  });

  it('leave out those whose capability is off, keeping the tools the agent already has', () => {
    const only = withCapabilities(['tools']);
    expect(toolChoices(only, plugins, 'File search', ['file_search']).map((t) => t.key)).toEqual([
      'calculator',
      'file_search',
    ]);
    expect(toolChoices(withCapabilities(['file_search']), plugins, 'File search', [])).toEqual([
      { key: 'file_search', name: 'File search' },
    ]);
  });
});

describe("agents' avatars", () => {
  const pictured = agent({
    id: 'agent_p',
    avatar: { filepath: '/api/files/avatars/p.png', source: 'local' },
  });
  const plain = agent({ id: 'agent_q' });

  it('are the menu entries’ icons (the chat shows the chosen one’s as the endpoint’s)', () => {
    const { endpoints: withIcons } = withAgents(endpoints, models, [pictured, plain]);
    expect(withIcons?.agents?.modelIcons).toEqual({ agent_p: '/api/files/avatars/p.png' });
  });
});
