import { describe, expect, it } from 'vitest';
import { ERROR_TEXT_KEYS, VALIDATION_TEXTS } from '@chat/contract';
import i18n from './i18n';

describe('English texts', () => {
  it("translates every validation key the server sends in an issue, from the contract's texts", () => {
    for (const [key, english] of Object.entries(VALIDATION_TEXTS)) {
      expect(i18n.exists(key), key).toBe(true);
      expect(i18n.t(key)).toBe(english);
    }
  });

  it('has a text for every error code', () => {
    for (const key of Object.values(ERROR_TEXT_KEYS)) expect(i18n.exists(key), key).toBe(true);
  });
});
