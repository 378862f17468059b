import { describe, expect, it } from 'vitest';
import { VALIDATION_TEXTS } from '@chat/contract';
import { Translator } from '../state/translator';
import { joinTexts } from './join';

/**
 * Texts the product must show word for word: each key's English, rendered as the app renders it
 * (placeholders filled), against the words the product's specification gives.
 */
const translator = new Translator('en-US');
// Every set's English: the shared file's and each feature's.
const english = import.meta.glob(['./en.json', '../features/**/locales/en.json'], {
  eager: true,
  import: 'default',
});
translator.addResourceBundle('en-US', 'translation', { ...VALIDATION_TEXTS, ...joinTexts(english) });
const { t } = translator;

describe("the spec's own words", () => {
  it('preset saved toast: "{title} saved."', () => {
    expect(t('com_endpoint_preset_saved', { title: 'Work' })).toBe('Work saved.');
  });

  it('rename failure: "Failed to rename conversation."', () => {
    expect(t('com_ui_rename_failed')).toBe('Failed to rename conversation.');
  });

  it('confirm password: "passwords do not match"', () => {
    expect(t('com_auth_password_not_match')).toBe('passwords do not match');
  });

  it('admin panel: "Access Denied: …" as one sentence', () => {
    expect(t('com_admin_access_denied')).toBe(
      'Access Denied: You are not authorized to view this page. Please contact an administrator if you believe this is an error.',
    );
  });

  it('long chat: "This chat is getting long, …"', () => {
    expect(t('com_chat_long_chat')).toBe(
      'This chat is getting long, which may affect response quality. Please consider starting a new chat.',
    );
  });

  it('validation: "conversationId is required" and "undefined endpoint" beside "Unknown endpoint"', () => {
    expect(t('com_error_conversation_id_required')).toBe('conversationId is required');
    expect(t('com_error_undefined_endpoint')).toBe('undefined endpoint');
    expect(t('com_error_unknown_endpoint')).toBe('Unknown endpoint');
  });

  it("upstream moderation: begins with the upstream's own words and asks to edit and retry", () => {
    expect(t('com_chat_error_upstream_moderation')).toMatch(
      /^This message was blocked due to upstream moderation\. Please edit your message and try again\.$/,
    );
  });
});
