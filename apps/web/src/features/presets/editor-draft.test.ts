import { describe, expect, it } from 'vitest';
import type { EndpointsConfig, Preset } from '@chat/contract';
import {
  draftOf,
  draftParamSpecs,
  draftToPreset,
  endpointChoices,
  modelChoices,
  withEndpoint,
} from './editor-draft';

const config = {
  openAI: { order: 1, type: 'openAI' },
  google: { order: 5 },
  Byok: { order: 7, type: 'custom' },
  assistant: { order: 0 },
} as unknown as EndpointsConfig;
const models = { openAI: ['gpt-4o', 'gpt-4o-mini'], google: ['gemini-2.5-flash'], Byok: ['byok-1'] };

describe('the preset editor’s draft', () => {
  it('starts from a preset, or from the current setup with an empty title', () => {
    const p = {
      presetId: 'p',
      title: 'T',
      user: 'u',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.4,
      promptPrefix: 'Hi',
      imageDetail: 'high',
      defaultPreset: false,
      order: null,
      createdAt: '',
      updatedAt: '',
    } as Preset;
    expect(draftOf(p, null, 'google')).toEqual({
      title: 'T',
      endpoint: 'openAI',
      model: 'gpt-4o',
      params: { temperature: '0.4' },
      chatGptLabel: '',
      promptPrefix: 'Hi',
      rest: { imageDetail: 'high' },
    });
    const fromCurrent = draftOf(
      null,
      { endpoint: 'google', model: 'gemini-2.5-flash', options: { topK: 3 } },
      'x',
    );
    expect(fromCurrent).toMatchObject({ title: '', endpoint: 'google', params: { topK: '3' } });
  });

  it('typed values are read; invalid ones fall back to the defaults and are named; defaults dropped', () => {
    const draft = {
      ...draftOf(null, { endpoint: 'openAI', model: 'gpt-4o', options: {} }, 'openAI'),
      title: ' Mine ',
      params: { temperature: '1', top_p: '0.3', presence_penalty: 'abc', frequency_penalty: '5' },
      chatGptLabel: 'Bot',
    };
    const { body, invalid } = draftToPreset(draft);
    expect(body).toEqual({
      presetId: null,
      title: 'Mine',
      endpoint: 'openAI',
      model: 'gpt-4o',
      top_p: 0.3,
      chatGptLabel: 'Bot',
    });
    expect(invalid.sort()).toEqual(['frequency_penalty', 'presence_penalty']);
  });

  it('lists endpoints by order without assistants, and models with the draft’s own first when missing', () => {
    expect(endpointChoices(config)).toEqual(['openAI', 'google', 'Byok']);
    expect(modelChoices('openAI', models, 'gpt-4o')).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(modelChoices('openAI', models, 'old-model')).toEqual(['old-model', 'gpt-4o', 'gpt-4o-mini']);
    expect(modelChoices('anthropic', {}, '')).toEqual(['claude-1']);
  });

  it('another endpoint takes its first model and its type', () => {
    const draft = draftOf(
      null,
      { endpoint: 'openAI', model: 'gpt-4o', options: { endpointType: 'openAI' } },
      'x',
    );
    const byok = withEndpoint(draft, 'Byok', config, models);
    expect(byok).toMatchObject({ endpoint: 'Byok', model: 'byok-1', rest: { endpointType: 'custom' } });
    const google = withEndpoint(byok, 'google', config, models);
    expect(google.model).toBe('gemini-2.5-flash');
    expect(google.rest).not.toHaveProperty('endpointType');
  });

  it('offers the parameters of the set the server names, with the operator’s ranges', () => {
    const claude: EndpointsConfig = {
      Claude: {
        order: 9,
        type: 'custom',
        paramsType: 'anthropic',
        paramOverrides: { temperature: { max: 0.7 } },
        userProvide: false,
      },
    };
    const draft = draftOf(
      null,
      { endpoint: 'Claude', model: 'claude-3-5-sonnet-20241022', options: {} },
      'x',
    );
    const specs = draftParamSpecs({ ...draft, rest: { ...draft.rest, endpointType: 'custom' } }, claude);
    expect(specs.map((s) => s.key)).toEqual(['temperature', 'topP', 'topK', 'maxOutputTokens']);
    expect(specs[0]?.spec.max).toBe(0.7);
  });
});
