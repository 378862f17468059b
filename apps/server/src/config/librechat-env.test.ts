import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.js';
import {
  LIBRECHAT_YAML_ONLY_ENV,
  UNSUPPORTED_LIBRECHAT_ENV,
  unsupportedSettings,
  unsupportedWarning,
} from './librechat-env.js';

const documented = readFileSync(
  new URL('../../test/fixtures/librechat-env-example-keys.txt', import.meta.url),
  'utf8',
)
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
const read = new Set(Object.keys(envSchema.shape));

describe("LibreChat's .env", () => {
  it('has every documented setting either read here, read through librechat.yaml, or named as not supported', () => {
    expect(documented.length).toBeGreaterThan(200);
    const silent = documented.filter(
      (key) =>
        !read.has(key) && !LIBRECHAT_YAML_ONLY_ENV.includes(key) && !(key in UNSUPPORTED_LIBRECHAT_ENV),
    );
    expect(silent).toEqual([]);
  });

  it('names as not supported only settings that are really not read', () => {
    expect(Object.keys(UNSUPPORTED_LIBRECHAT_ENV).filter((key) => read.has(key))).toEqual([]);
  });

  it('warns once, naming the unsupported settings that are set, and nothing when none is', () => {
    const env = { MONGO_URI: 'mongodb://x', SEARCH: 'true', MEILI_HOST: '', PORT: '3080' };
    expect(unsupportedSettings(env)).toEqual(['MONGO_URI', 'SEARCH']);
    expect(unsupportedWarning(env)).toMatch(/^not supported: MONGO_URI, SEARCH /);
    expect(unsupportedWarning({ PORT: '3080' })).toBeNull();
  });
});
