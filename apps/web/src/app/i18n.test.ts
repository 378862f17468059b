import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT_KEYS, KEY_EXPIRY_CHOICES, VALIDATION_TEXTS } from '@chat/contract';
import { KEY_FIELD_LABELS } from '../features/user-keys/key-form';
import { PARAM_LABEL_KEYS } from '../features/conversation-options/params';
import i18n, { changeLanguage, resolveLanguage } from './i18n';

describe('English texts', () => {
  it("translates every validation key the server sends in an issue, from the contract's texts", () => {
    for (const [key, english] of Object.entries(VALIDATION_TEXTS)) {
      expect(i18n.exists(key), key).toBe(true);
      expect(i18n.t(key)).toBe(english);
    }
  });

  it('has a text for every error code', () => {
    // A counted text (concurrent, message_limit: the server's numbers) exists as its plural forms.
    for (const key of Object.values(ERROR_TEXT_KEYS)) {
      expect(i18n.exists(key) || i18n.exists(`${key}_other`), key).toBe(true);
    }
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

describe('switching language', () => {
  afterAll(() => changeLanguage('en-US'));

  it('loads a dictionary on demand, sets <html lang dir>, and mirrors for Arabic', async () => {
    expect(i18n.hasResourceBundle('ar-EG', 'translation')).toBe(false);
    await changeLanguage('ar-EG');
    expect(i18n.t('com_ui_new_chat')).toBe('محادثة جديدة');
    expect(document.documentElement.lang).toBe('ar-EG');
    expect(document.documentElement.dir).toBe('rtl');
    // The contract's validation texts are translated per locale too.
    expect(i18n.t('com_auth_password_min_length')).toBe('يجب ألا تقل كلمة المرور عن 8 أحرف');
    await changeLanguage('ja-JP');
    expect(i18n.t('com_ui_new_chat')).toBe('新しいチャット');
    expect(document.documentElement.dir).toBe('ltr');
    await changeLanguage('en-US');
    expect(i18n.t('com_ui_new_chat')).toBe('New chat');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('keeps Simplified and Traditional Chinese apart', async () => {
    await changeLanguage('zh-CN');
    expect(i18n.t('com_nav_search_placeholder')).toBe('搜索消息');
    expect(document.documentElement.lang).toBe('zh-CN');
    await changeLanguage('zh-TC');
    expect(i18n.t('com_nav_search_placeholder')).toBe('搜尋訊息');
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
  });

  it("picks each language's plural form", async () => {
    await changeLanguage('ru-RU');
    const ru = [1, 3, 5, 21].map((count) => i18n.t('com_chat_minutes', { count }));
    expect(ru).toEqual(['1 минуту', '3 минуты', '5 минут', '21 минуту']);
    await changeLanguage('ar-EG');
    const ar = [0, 1, 2, 3, 11, 100].map((count) => i18n.t('com_chat_minutes', { count }));
    expect(ar).toEqual(['0 دقيقة', 'دقيقة واحدة', 'دقيقتين', '3 دقائق', '11 دقيقة', '100 دقيقة']);
    await changeLanguage('en-US');
    expect(i18n.t('com_chat_minutes', { count: 1 })).toBe('1 minute');
    expect(i18n.t('com_chat_minutes', { count: 5 })).toBe('5 minutes');
  });

  it('a later pick wins over one still loading', async () => {
    const slow = changeLanguage('de-DE');
    const fast = changeLanguage('fr-FR');
    await Promise.all([slow, fast]);
    expect(i18n.language).toBe('fr-FR');
    expect(document.documentElement.lang).toBe('fr-FR');
  });

  it('resolves the stored or browser language to one of the 18', () => {
    expect(resolveLanguage('auto', 'de-AT')).toBe('de-DE');
    expect(resolveLanguage(null, 'zh-TW')).toBe('zh-TC');
    expect(resolveLanguage(null, 'zh-Hant-HK')).toBe('zh-TC');
    expect(resolveLanguage(null, 'zh')).toBe('zh-CN');
    expect(resolveLanguage('ar-EG', 'en-US')).toBe('ar-EG');
    expect(resolveLanguage(null, 'xx')).toBe('en-US');
  });
});
