import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_KNOWN_MODELS,
  API_ROUTES,
  configOverrideSchema,
  endpointNameSchema,
  ENDPOINT_NAME_LIMITS,
  GOOGLE_KNOWN_MODELS,
  googleServiceKeySchema,
  KNOWN_MODELS,
  OPENAI_KNOWN_MODELS,
} from './index.js';

describe('configuration contract', () => {
  it('has the override route in the table, answering false or both configs', () => {
    expect(API_ROUTES.endpointsConfigOverride.path).toBe('/api/endpoints/config/override');
    expect(configOverrideSchema.parse(false)).toBe(false);
    expect(
      configOverrideSchema.parse({
        endpointsConfig: { openAI: { order: 1, userProvide: false, modelLabels: { a: 'A' } } },
        modelsConfig: { openAI: ['a'] },
      }),
    ).toMatchObject({ modelsConfig: { openAI: ['a'] } });
    expect(configOverrideSchema.safeParse(true).success).toBe(false);
  });

  it('keeps the spec’s counts of known models (openAI 17, google 12, anthropic 7), without repeats', () => {
    expect(OPENAI_KNOWN_MODELS).toHaveLength(17);
    expect(GOOGLE_KNOWN_MODELS).toHaveLength(12);
    expect(ANTHROPIC_KNOWN_MODELS).toHaveLength(7);
    for (const list of Object.values(KNOWN_MODELS)) expect(new Set(list).size).toBe(list.length);
  });

  it('accepts the custom endpoint names operators write, refusing only what cannot be a name', () => {
    for (const good of [
      'Reverse Proxy',
      'together.ai',
      'OpenAI (DigitalOcean)',
      'R&D: GPT-4o + tools',
      'a/b',
      'two  spaces',
      'Ünïcode 模型 🚀',
      'constructor',
      'x'.repeat(ENDPOINT_NAME_LIMITS.maxChars),
      // Counted in characters, not UTF-16 units.
      '模'.repeat(ENDPOINT_NAME_LIMITS.maxChars),
    ])
      expect(endpointNameSchema.safeParse(good).success, JSON.stringify(good)).toBe(true);
    for (const bad of [
      ' lead',
      'trail ',
      '',
      'line\nbreak',
      'tab\there',
      'del\u007f',
      '__proto__',
      'x'.repeat(ENDPOINT_NAME_LIMITS.maxChars + 1),
    ])
      expect(endpointNameSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('checks the fields of a Google service key and their minimum lengths', () => {
    const key = {
      client_email: 'svc@proj.iam.gserviceaccount.com',
      project_id: 'proj',
      private_key: 'k'.repeat(601),
    };
    expect(googleServiceKeySchema.safeParse(key).success).toBe(true);
    const issues = (v: object) =>
      googleServiceKeySchema.safeParse({ ...key, ...v }).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ client_email: 'not-an-email' })).toEqual(['client_email']);
    expect(issues({ project_id: 'pr' })).toEqual(['project_id']);
    expect(issues({ private_key: 'k'.repeat(600) })).toEqual(['private_key']);
  });
});
