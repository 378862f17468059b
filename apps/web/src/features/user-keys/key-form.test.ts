import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@chat/contract';
import {
  expiryFrom,
  googleMissing,
  keyKindOf,
  keyValue,
  missingFields,
  parseServiceKey,
  visibleFields,
} from './key-form';

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: true },
  anthropic: { order: 6, type: 'anthropic', userProvide: true },
  google: { order: 5, type: 'google', userProvide: true },
  azureOpenAI: { order: 0, type: 'azureOpenAI', userProvide: true },
  Mistral: { order: 8, type: 'custom', userProvide: true, userProvideURL: true },
  groq: { order: 9, type: 'custom', userProvide: true },
};

const serviceKey = {
  client_email: 'bot@project.iam.gserviceaccount.com',
  project_id: 'my-project',
  private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(620)}\n-----END PRIVATE KEY-----\n`,
};

describe('key shape per endpoint', () => {
  it('follows the endpoint type, not its name', () => {
    expect(keyKindOf('Mistral', config)).toBe('custom');
    expect(keyKindOf('azureOpenAI', config)).toBe('azure');
    expect(keyKindOf('google', config)).toBe('google');
    expect(keyKindOf('openAI', config)).toBe('plain');
    expect(keyKindOf('anthropic', config)).toBe('plain');
    // No type sent: a built-in's name is its type.
    expect(keyKindOf('google', undefined)).toBe('google');
  });

  it('asks a custom endpoint for its base URL only when the person brings it', () => {
    expect(visibleFields('custom', config.Mistral)).toEqual(['apiKey', 'baseURL']);
    expect(visibleFields('custom', config.groq)).toEqual(['apiKey']);
    expect(visibleFields('azure', config.azureOpenAI)).toEqual([
      'azureOpenAIApiInstanceName',
      'azureOpenAIApiDeploymentName',
      'azureOpenAIApiVersion',
      'azureOpenAIApiKey',
    ]);
    expect(visibleFields('plain', config.openAI)).toEqual(['apiKey']);
  });

  it('lists the empty required fields in the dialog order (blank counts as empty)', () => {
    expect(missingFields('custom', config.Mistral, {})).toEqual(['apiKey', 'baseURL']);
    expect(missingFields('custom', config.Mistral, { apiKey: 'sk', baseURL: '  ' })).toEqual(['baseURL']);
    expect(missingFields('custom', config.groq, {})).toEqual(['apiKey']);
    expect(missingFields('azure', config.azureOpenAI, { azureOpenAIApiKey: 'k' })).toEqual([
      'azureOpenAIApiInstanceName',
      'azureOpenAIApiDeploymentName',
      'azureOpenAIApiVersion',
    ]);
    expect(missingFields('plain', config.openAI, { apiKey: 'sk-1' })).toEqual([]);
  });

  it("builds the saved value: the plain key, else the JSON of the contract's shape", () => {
    expect(keyValue('plain', config.openAI, { apiKey: ' sk-1 ' })).toBe('sk-1');
    expect(JSON.parse(keyValue('custom', config.Mistral, { apiKey: 'k', baseURL: 'https://x/v1' }))).toEqual({
      apiKey: 'k',
      baseURL: 'https://x/v1',
    });
    expect(JSON.parse(keyValue('custom', config.groq, { apiKey: 'k', baseURL: 'ignored' }))).toEqual({
      apiKey: 'k',
    });
    expect(
      JSON.parse(
        keyValue('azure', config.azureOpenAI, {
          azureOpenAIApiInstanceName: 'inst',
          azureOpenAIApiDeploymentName: 'dep',
          azureOpenAIApiVersion: '2024-02-01',
          azureOpenAIApiKey: 'key',
        }),
      ),
    ).toEqual({
      azureOpenAIApiInstanceName: 'inst',
      azureOpenAIApiDeploymentName: 'dep',
      azureOpenAIApiVersion: '2024-02-01',
      azureOpenAIApiKey: 'key',
    });
    expect(JSON.parse(keyValue('google', config.google, { GOOGLE_API_KEY: 'g' }, serviceKey))).toEqual({
      GOOGLE_SERVICE_KEY: serviceKey,
      GOOGLE_API_KEY: 'g',
    });
    expect(JSON.parse(keyValue('google', config.google, {}, serviceKey))).toEqual({
      GOOGLE_SERVICE_KEY: serviceKey,
    });
  });

  it('needs a Google service account or API key, or both', () => {
    expect(googleMissing({}, null)).toBe(true);
    expect(googleMissing({ GOOGLE_API_KEY: ' ' }, null)).toBe(true);
    expect(googleMissing({ GOOGLE_API_KEY: 'g' }, null)).toBe(false);
    expect(googleMissing({}, serviceKey)).toBe(false);
  });

  it('accepts a service account file only as the spec checks it', () => {
    expect(parseServiceKey(JSON.stringify({ ...serviceKey, type: 'service_account' }))).toEqual(serviceKey);
    expect(parseServiceKey('not json')).toBeNull();
    expect(parseServiceKey('[]')).toBeNull();
    expect(parseServiceKey(JSON.stringify({ ...serviceKey, client_email: 'not-an-email' }))).toBeNull();
    expect(parseServiceKey(JSON.stringify({ ...serviceKey, project_id: 'ab' }))).toBeNull();
    expect(parseServiceKey(JSON.stringify({ ...serviceKey, private_key: 'x'.repeat(600) }))).toBeNull();
    expect(parseServiceKey(JSON.stringify({ ...serviceKey, private_key: 'x'.repeat(601) }))).not.toBeNull();
  });

  it('saves the expiry as an ISO date the chosen time from now', () => {
    expect(expiryFrom(Date.parse('2026-03-01T12:00:00.000Z'), 12 * 3_600_000)).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });
});
