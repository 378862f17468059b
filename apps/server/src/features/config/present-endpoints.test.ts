import { describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../config/app-config.js';
import { presentEndpoints } from './presenter.js';

const endpoint = (over: Partial<EndpointDefinition>): EndpointDefinition => ({
  name: 'openAI',
  type: 'openAI',
  apiKey: 'sk-test',
  baseURL: 'http://127.0.0.1:1/v1',
  models: ['gpt-4o'],
  titleModel: undefined,
  label: undefined,
  userProvide: false,
  isDemo: false,
  ...over,
});

describe('presentEndpoints', () => {
  it('flags the endpoints whose requests go to Azure OpenAI, and no other', () => {
    const config = presentEndpoints([
      endpoint({}),
      endpoint({
        name: 'azureOpenAI',
        type: 'azureOpenAI',
        azure: { instanceName: 'inst', deploymentName: 'dep', apiVersion: '2024-02-01' },
      }),
    ]);
    expect(config.azureOpenAI?.azure).toBe(true);
    expect(config.openAI).not.toHaveProperty('azure');
  });
});
