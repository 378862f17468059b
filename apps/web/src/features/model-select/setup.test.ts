import { beforeEach, describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@chat/contract';
import {
  installedOnly,
  pickEndpoint,
  pickModel,
  readLastModels,
  readLastSetup,
  sortedEndpoints,
  writeLastSetup,
} from './setup';

const config: EndpointsConfig = {
  demo: { order: 2, userProvide: false, isDemo: true },
  openAI: { order: 1, userProvide: false },
  groq: { order: 3, userProvide: false, type: 'custom' },
};

describe('chat setup', () => {
  beforeEach(() => localStorage.clear());

  it('sorts endpoints by order', () => {
    expect(sortedEndpoints(config)).toEqual(['openAI', 'demo', 'groq']);
    // Assistants have their own view: never in the chat view's endpoint menu.
    const withAssistant = { ...config, assistant: { order: 0, type: 'assistant', userProvide: false } };
    expect(sortedEndpoints(withAssistant)).toEqual(['openAI', 'demo', 'groq']);
  });

  it("starts with the conversation's endpoint, else the stored one, else the first by order", () => {
    expect(pickEndpoint('groq', 'demo', config)).toBe('groq');
    expect(pickEndpoint(undefined, 'demo', config)).toBe('demo');
    expect(pickEndpoint(undefined, 'gone', config)).toBe('openAI');
    expect(pickEndpoint(undefined, null, {})).toBeNull();
  });

  it('a new person starts on the first endpoint they can use, not on one that asks for their own key', () => {
    // The spec's order puts Azure first; here it waits for the person's key while others run on
    // the server's.
    const mixed: EndpointsConfig = {
      azureOpenAI: { order: 0, type: 'azureOpenAI', userProvide: true },
      openAI: { order: 1, type: 'openAI', userProvide: false },
      google: { order: 5, type: 'google', userProvide: false },
      anthropic: { order: 6, type: 'anthropic', userProvide: false },
    };
    expect(pickEndpoint(undefined, null, mixed)).toBe('openAI');
    // The menu keeps the spec's order.
    expect(sortedEndpoints(mixed)).toEqual(['azureOpenAI', 'openAI', 'google', 'anthropic']);
    // A conversation's own endpoint and a stored choice still win.
    expect(pickEndpoint('azureOpenAI', null, mixed)).toBe('azureOpenAI');
    expect(pickEndpoint(undefined, 'azureOpenAI', mixed)).toBe('azureOpenAI');
    // Every endpoint needs a key: the first by order.
    const allOwn: EndpointsConfig = {
      anthropic: { order: 6, userProvide: true },
      azureOpenAI: { order: 0, userProvide: true },
    };
    expect(pickEndpoint(undefined, null, allOwn)).toBe('azureOpenAI');
  });

  it('passes over the endpoints the person hid from the menu', () => {
    expect(pickEndpoint(undefined, null, config, ['openAI'])).toBe('demo');
    // Everything hidden: the first by order, as if nothing were.
    expect(pickEndpoint(undefined, null, config, ['openAI', 'demo', 'groq'])).toBe('openAI');
    // A conversation's own endpoint is still its own.
    expect(pickEndpoint('openAI', null, config, ['openAI'])).toBe('openAI');
  });

  it('picks a preferred model the endpoint offers, else its first', () => {
    const models = { openAI: ['gpt-4o', 'gpt-4o-mini'] };
    expect(pickModel('openAI', models, [null, 'gpt-4o-mini'])).toBe('gpt-4o-mini');
    expect(pickModel('openAI', models, ['nope'])).toBe('gpt-4o');
    expect(pickModel('openAI', {}, [])).toBe('gpt-3.5-turbo');
    // Nothing preferred: the endpoint's default model where it is offered, not the list's first.
    expect(pickModel('openAI', { openAI: ['gpt-4o', 'gpt-3.5-turbo'] }, [null])).toBe('gpt-3.5-turbo');
    expect(pickModel('anthropic', { anthropic: ['claude-2', 'claude-1'] }, [])).toBe('claude-1');
  });

  it('remembers the last setup and the model per endpoint', () => {
    writeLastSetup({ endpoint: 'openAI', model: 'gpt-4o' });
    writeLastSetup({ endpoint: 'demo', model: 'demo-fast' });
    expect(readLastSetup()).toEqual({ endpoint: 'demo', model: 'demo-fast' });
    expect(readLastModels()).toEqual({ openAI: 'gpt-4o', demo: 'demo-fast' });
  });

  it('keeps only the selected plugins still installed, in their order', () => {
    expect(installedOnly(['calculator', 'dalle', 'datetime'], ['datetime', 'calculator'])).toEqual([
      'calculator',
      'datetime',
    ]);
    expect(installedOnly(['calculator'], [])).toEqual([]);
    expect(installedOnly(['calculator'], undefined)).toEqual(['calculator']);
  });
});
