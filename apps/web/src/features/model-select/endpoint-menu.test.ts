import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@chat/contract';
import { endpointLabel, menuGroups, modelLabel, modelLabelsOf } from './endpoint-menu';

const t = (key: string) => `t:${key}`;

// The server's `order` follows the spec's display order (azureOpenAI, openAI, …, google,
// anthropic), custom endpoints after; the object's own order is not the menu's.
const config = {
  Mistral: {
    order: 9,
    type: 'custom',
    userProvide: true,
    iconURL: '/m.svg',
    modelDisplayLabel: 'Mistral AI',
  },
  anthropic: { order: 6, type: 'anthropic', userProvide: true },
  openAI: {
    order: 1,
    type: 'openAI',
    userProvide: false,
    modelLabels: { 'gpt-4.1': 'GPT Unfiltered', bad: 3 },
  },
  azureOpenAI: { order: 0, type: 'azureOpenAI', userProvide: false },
  demo: { order: 10, type: 'custom', userProvide: false, isDemo: true },
  groq: { order: 8, type: 'custom', userProvide: false, modelDisplayLabel: 'groq', relabelModels: true },
} as unknown as EndpointsConfig;

describe('endpoint menu', () => {
  it("lists endpoints in the server's order, each with its models", () => {
    const groups = menuGroups(config, { openAI: ['gpt-4.1', 'gpt-4o'], Mistral: ['mistral-large'] }, t);
    expect(groups.map((g) => g.name)).toEqual([
      'azureOpenAI',
      'openAI',
      'anthropic',
      'groq',
      'Mistral',
      'demo',
    ]);
    expect(groups[1]).toMatchObject({
      label: 't:com_endpoint_openAI',
      type: 'openAI',
      userProvide: false,
      models: [
        { value: 'gpt-4.1', label: 'GPT Unfiltered', premium: false },
        { value: 'gpt-4o', label: 'gpt-4o', premium: false },
      ],
    });
    expect(groups[2]).toMatchObject({ userProvide: true, models: [] });
  });

  it('shows custom endpoints under their own names, with their icon and model label', () => {
    const groups = menuGroups(config, {}, t);
    expect(groups.find((g) => g.name === 'Mistral')).toMatchObject({
      label: 'Mistral',
      detail: 'Mistral AI',
      iconURL: '/m.svg',
      type: 'custom',
    });
    // A label equal to the name is not repeated.
    expect(groups.find((g) => g.name === 'groq')).toMatchObject({
      label: 'groq',
      detail: null,
      iconURL: null,
    });
    expect(endpointLabel('demo', config, t)).toBe('t:com_chat_endpoint_demo');
    expect(endpointLabel('google', undefined, t)).toBe('t:com_endpoint_google');
  });

  it('tolerates relabelling being absent or malformed', () => {
    expect(modelLabelsOf(undefined)).toEqual({});
    expect(modelLabelsOf(config.azureOpenAI)).toEqual({});
    expect(
      modelLabelsOf({ order: 1, userProvide: false, modelLabels: 'x' } as unknown as EndpointsConfig[string]),
    ).toEqual({});
    expect(modelLabelsOf(config.openAI)).toEqual({ 'gpt-4.1': 'GPT Unfiltered' });
    expect(modelLabel('openAI', 'gpt-4.1', config, t)).toBe('GPT Unfiltered');
    expect(modelLabel('openAI', 'gpt-4o', config, t)).toBe('gpt-4o');
    expect(modelLabel('nope', 'x', undefined, t)).toBe('x');
  });

  it("applies the spec's relabelling only where the endpoint relabels; requests keep real names", () => {
    const models = { groq: ['gpt-4.1', 'gpt-4.1-mini', 'grok-3', 'deepseek-chat', 'gpt-4o', 'llama-3'] };
    expect(menuGroups(config, models, t).find((g) => g.name === 'groq')?.models).toEqual([
      { value: 'gpt-4.1', label: 'GPT-4.1 Unfiltered', premium: false },
      { value: 'gpt-4.1-mini', label: 'GPT-4.1 Mini Unfiltered', premium: false },
      { value: 'grok-3', label: 'G3', premium: false },
      { value: 'deepseek-chat', label: 'D1-mini', premium: false },
      { value: 'gpt-4o', label: 't:com_error_no_model', premium: false },
      { value: 'llama-3', label: 'llama-3', premium: false },
    ]);
    // The openAI entry does not relabel: its own label wins, the rest show their names.
    expect(modelLabel('openAI', 'grok-3', config, t)).toBe('grok-3');
  });
});
