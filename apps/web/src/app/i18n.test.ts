import { describe, expect, it } from 'vitest';
import { ERROR_TEXT_KEYS, KEY_EXPIRY_CHOICES, VALIDATION_TEXTS } from '@chat/contract';
import { KEY_FIELD_LABELS } from '../features/chat/keys/key-form';
import { PARAM_LABEL_KEYS } from '../features/chat/options/params';
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

  it('has a text for every key expiry choice (the contract names their keys), key field and parameter', () => {
    for (const { key } of KEY_EXPIRY_CHOICES) expect(i18n.exists(key), key).toBe(true);
    for (const key of Object.values(KEY_FIELD_LABELS)) expect(i18n.exists(key), key).toBe(true);
    for (const key of Object.values(PARAM_LABEL_KEYS)) expect(i18n.exists(key), key).toBe(true);
  });

  it("has the spec's required-fields text", () => {
    expect(i18n.t('com_endpoint_config_required_fields', { fields: 'API Key, Base URL' })).toBe(
      'The following fields are required: API Key, Base URL',
    );
  });
});
