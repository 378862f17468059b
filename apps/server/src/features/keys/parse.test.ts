import { describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../config/app-config.js';
import { parseKeyValue } from './parse.js';

const endpoint = (over: Partial<EndpointDefinition>): EndpointDefinition => ({
  name: 'x',
  type: 'custom',
  apiKey: '',
  baseURL: undefined,
  models: [],
  titleModel: undefined,
  label: undefined,
  userProvide: true,
  isDemo: false,
  ...over,
});

describe('a saved key per endpoint kind', () => {
  it('OpenAI and Anthropic: the key itself', () => {
    expect(parseKeyValue(endpoint({ type: 'openAI' }), 'sk-1')).toEqual({ apiKey: 'sk-1' });
    expect(parseKeyValue(endpoint({ type: 'anthropic' }), 'sk-ant')).toEqual({ apiKey: 'sk-ant' });
  });

  it('custom: apiKey, and a baseURL only where the user brings it, never a private address', () => {
    const fixedURL = endpoint({ baseURL: 'https://api.example.com/v1' });
    expect(parseKeyValue(fixedURL, 'sk-2')).toEqual({ apiKey: 'sk-2' });
    expect(
      parseKeyValue(fixedURL, JSON.stringify({ apiKey: 'sk-2', baseURL: 'https://evil.example' })),
    ).toEqual({
      apiKey: 'sk-2',
    });
    const byURL = endpoint({ userProvideURL: true });
    expect(
      parseKeyValue(byURL, JSON.stringify({ apiKey: 'sk-3', baseURL: 'https://llm.example.com/v1/' })),
    ).toEqual({ apiKey: 'sk-3', baseURL: 'https://llm.example.com/v1' });
    expect(() => parseKeyValue(byURL, JSON.stringify({ apiKey: 'sk-3' }))).toThrow(/baseURL is required/);
    for (const url of [
      'http://127.0.0.1:11434/v1',
      'http://169.254.169.254/',
      'http://localhost/v1',
      'file:///etc',
    ]) {
      expect(() => parseKeyValue(byURL, JSON.stringify({ apiKey: 'k', baseURL: url }))).toThrow(
        /not allowed/,
      );
    }
    expect(
      parseKeyValue(byURL, JSON.stringify({ apiKey: 'k', baseURL: 'http://127.0.0.1:11434/v1' }), {
        allow: ['127.0.0.1'],
      }),
    ).toEqual({ apiKey: 'k', baseURL: 'http://127.0.0.1:11434/v1' });
    expect(() => parseKeyValue(byURL, 'not json')).toThrow(/not valid/);
  });

  it('Azure: instance, deployment, version and key, all required', () => {
    const azure = endpoint({ type: 'azureOpenAI' });
    const value = {
      azureOpenAIApiKey: 'az-key',
      azureOpenAIApiInstanceName: 'inst',
      azureOpenAIApiDeploymentName: 'dep',
      azureOpenAIApiVersion: '2024-10-21',
    };
    expect(parseKeyValue(azure, JSON.stringify(value))).toEqual({
      apiKey: 'az-key',
      azure: { instanceName: 'inst', deploymentName: 'dep', apiVersion: '2024-10-21' },
    });
    expect(() => parseKeyValue(azure, JSON.stringify({ ...value, azureOpenAIApiVersion: '' }))).toThrow(
      /azureOpenAIApiVersion/,
    );
  });

  it('Google: an API key, a service key, or both', () => {
    const google = endpoint({ type: 'google' });
    const sa = {
      client_email: 'a@b.iam.gserviceaccount.com',
      project_id: 'proj-1',
      private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(620)}\n-----END PRIVATE KEY-----\n`,
    };
    expect(parseKeyValue(google, 'AIza-1')).toEqual({ apiKey: 'AIza-1' });
    expect(parseKeyValue(google, JSON.stringify({ GOOGLE_SERVICE_KEY: sa }))).toEqual({
      apiKey: '',
      googleServiceAccount: sa,
    });
    const withTokenURI = { ...sa, token_uri: 'https://oauth2.googleapis.com/token' };
    expect(parseKeyValue(google, JSON.stringify({ GOOGLE_SERVICE_KEY: withTokenURI }))).toEqual({
      apiKey: '',
      googleServiceAccount: withTokenURI,
    });
    expect(() => parseKeyValue(google, JSON.stringify({}))).toThrow(/required/);
    // A service key's fields have minimum lengths.
    expect(() =>
      parseKeyValue(google, JSON.stringify({ GOOGLE_SERVICE_KEY: { ...sa, private_key: 'short' } })),
    ).toThrow(/601/);
  });

  it('Google: a service key whose token endpoint is an internal address is refused, naming the field', () => {
    const google = endpoint({ type: 'google' });
    const sa = {
      client_email: 'a@b.iam.gserviceaccount.com',
      project_id: 'proj-1',
      private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(620)}\n-----END PRIVATE KEY-----\n`,
    };
    for (const token_uri of ['http://169.254.169.254/token', 'http://10.0.0.5:80/', 'file:///etc/passwd']) {
      const value = JSON.stringify({ GOOGLE_SERVICE_KEY: { ...sa, token_uri } });
      let issues: unknown;
      try {
        parseKeyValue(google, value);
      } catch (err) {
        issues = (err as { issues?: unknown }).issues;
      }
      expect(issues).toMatchObject([{ path: 'value.GOOGLE_SERVICE_KEY.token_uri' }]);
    }
    // The operator may allow an internal token endpoint, as for base URLs.
    const internal = { ...sa, token_uri: 'http://10.0.0.5/token' };
    expect(
      parseKeyValue(google, JSON.stringify({ GOOGLE_SERVICE_KEY: internal }), { allow: ['10.0.0.0/8'] }),
    ).toMatchObject({ googleServiceAccount: internal });
  });

  it('custom: a user base URL refused by the guard names its field', () => {
    const custom = endpoint({ type: 'custom', userProvideURL: true });
    expect(() =>
      parseKeyValue(custom, JSON.stringify({ apiKey: 'k', baseURL: 'http://127.0.0.1:6379/' })),
    ).toThrow(expect.objectContaining({ issues: [expect.objectContaining({ path: 'value.baseURL' })] }));
  });
});
