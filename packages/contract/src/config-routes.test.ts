import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_KNOWN_MODELS,
  API_ROUTES,
  configOverrideSchema,
  endpointNameSchema,
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

  it('accepts custom endpoint names with single inner spaces, as librechat.yaml has them', () => {
    expect(endpointNameSchema.safeParse('Reverse Proxy').success).toBe(true);
    expect(endpointNameSchema.safeParse('together.ai').success).toBe(true);
    for (const bad of [' lead', 'trail ', 'two  spaces', 'a/b', '', 'x'.repeat(65)])
      expect(endpointNameSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('checks a Google service key as spec §5 says', () => {
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
