import { describe, expect, it } from 'vitest';
import { concurrentLimitText, messageLimitText, PREMIUM_TEXTS } from '@chat/contract';
import i18n from '../../../app/i18n';
import en from '../../../locales/en.json';
import { errorLinkFor, errorTextFor, isErrorJsonText, type Translate } from './error-text';

const dict = en as Record<string, string>;
// The real translator (plural forms, interpolation) over the English dictionary.
const t: Translate = (key, options = {}) => i18n.t(key, options);

const GENERIC = "Something went wrong. Here's the specific error message we encountered: ";

describe('errorTextFor', () => {
  it('maps a live error code through ERROR_TEXT_KEYS', () => {
    expect(errorTextFor(t, '', { code: 'insufficient_quota', message: 'x' })).toBe(
      dict.com_error_insufficient_quota,
    );
    expect(errorTextFor(t, '', { code: 'conflict', message: 'busy' })).toBe(dict.com_error_conflict);
    expect(errorTextFor(t, '', { code: 'id_conflict', message: 'taken' })).toBe(dict.com_error_id_conflict);
    expect(errorTextFor(t, '', { code: 'network_error', message: 'x' })).toBe('Error connecting to server');
  });

  it("shows the premium limit's refusal as the spec's quota-exceeded text", () => {
    const quota =
      'You have reached your current usage limit for premium models. Please try again later or switch to another model.';
    expect(
      errorTextFor(t, '', { code: 'premium_quota_exceeded', message: PREMIUM_TEXTS.quotaExceeded }),
    ).toBe(quota);
    expect(errorTextFor(t, JSON.stringify({ code: 'premium_quota_exceeded', message: 'x' }))).toBe(quota);
    expect(errorTextFor(t, quota)).toBe(quota);
  });

  it("embeds the provider's message for upstream_error", () => {
    expect(errorTextFor(t, 'partial', { code: 'upstream_error', message: 'bad gateway' })).toBe(
      `${GENERIC}bad gateway`,
    );
  });

  it('maps a JSON text with a code or a legacy type', () => {
    expect(errorTextFor(t, JSON.stringify({ code: 'moderation', message: 'm' }))).toBe(
      dict.com_error_moderation,
    );
    expect(errorTextFor(t, '{"type":"invalid_api_key"}')).toBe(dict.com_error_invalid_api_key);
    expect(errorTextFor(t, '{"type":"concurrent","limit":2}')).toContain('Only 2 message(s) at a time');
    expect(errorTextFor(t, '{"type":"message_limit","max":5,"windowInMinutes":1}')).toBe(
      'You hit the message limit. You have a cap of 5 message(s) per minute.',
    );
  });

  it("shows the concurrent and message_limit refusals with the numbers of the server's text", () => {
    expect(errorTextFor(t, '', { code: 'concurrent', message: concurrentLimitText(3) })).toBe(
      concurrentLimitText(3),
    );
    expect(errorTextFor(t, '', { code: 'message_limit', message: messageLimitText(40, 1) })).toBe(
      messageLimitText(40, 1),
    );
    expect(errorTextFor(t, '', { code: 'message_limit', message: messageLimitText(7, 5) })).toBe(
      'You hit the message limit. You have a cap of 7 message(s) per 5 minutes.',
    );
  });

  it('shows token_balance as Insufficient Funds with the balance, prompt tokens and cost', () => {
    const refusal = { type: 'token_balance', balance: 10, tokenCost: 602, promptTokens: 2 };
    const expected = 'Insufficient Funds! Balance: 10. Prompt tokens: 2. Cost: 602.';
    expect(errorTextFor(t, '', { code: 'token_balance', message: JSON.stringify(refusal) })).toBe(expected);
    expect(errorTextFor(t, JSON.stringify(refusal))).toBe(expected);
    expect(errorTextFor(t, JSON.stringify({ ...refusal, generations: [{ text: 'a' }] }))).toBe(
      `${expected}\n\nGenerations: [{"text":"a"}]`,
    );
  });

  it('shows known provider texts as they are', () => {
    const oops = 'Oops, something went wrong. Please try again later.';
    expect(errorTextFor(t, oops)).toBe(oops);
  });

  it('prefixes unknown text and cuts it to 512 characters', () => {
    expect(errorTextFor(t, 'boom')).toBe(`${GENERIC}boom`);
    const long = 'x'.repeat(600);
    expect(errorTextFor(t, long)).toBe(GENERIC + 'x'.repeat(512));
  });

  it('does not cut JSON text without a known code', () => {
    const json = JSON.stringify({ detail: 'y'.repeat(600) });
    expect(errorTextFor(t, json)).toBe(GENERIC + json);
  });

  it('shows a saved upstream failure (JSON with its code) as the live error did', () => {
    const saved = (code: string, message: string) => JSON.stringify({ code, message });
    expect(errorTextFor(t, saved('upstream_rate_limited', 'retry after 1 s'))).toBe(
      dict.com_error_upstream_rate_limited,
    );
    expect(errorTextFor(t, saved('upstream_timeout', 'slow'))).toBe(dict.com_error_upstream_timeout);
    expect(errorTextFor(t, saved('upstream_error', 'reset'))).toBe(`${GENERIC}reset`);
    expect(isErrorJsonText(saved('upstream_error', 'reset'))).toBe(true);
    expect(isErrorJsonText('{"a":1}')).toBe(false);
    expect(isErrorJsonText('partial reply')).toBe(false);
  });

  it("turns an upstream's moderation block into the edit-and-retry notice, with its link", () => {
    const blocked = 'This message was blocked due to upstream moderation. Reason: violence.';
    const notice =
      'This message was blocked due to upstream moderation. Please edit your message and try again.';
    expect(errorTextFor(t, blocked)).toBe(notice);
    expect(errorTextFor(t, JSON.stringify({ code: 'moderation', message: blocked }))).toBe(notice);
    expect(errorTextFor(t, '', { code: 'moderation', message: blocked })).toBe(notice);
    expect(errorLinkFor(blocked)).toEqual({
      href: '/faq',
      labelKey: 'com_chat_error_upstream_moderation_link',
    });
    expect(errorLinkFor(JSON.stringify({ code: 'moderation', message: blocked }))).not.toBeNull();
    expect(errorLinkFor('', { code: 'moderation', message: blocked })).not.toBeNull();
    expect(errorLinkFor('boom')).toBeNull();
  });

  it('says a block for sexual content involving minors is a violation that a repeat gets banned', () => {
    const blocked =
      'This message was blocked due to upstream moderation. Flagged categories: sexual/minors, sexual.';
    const text = errorTextFor(t, blocked);
    expect(text).toBe(
      'This message was flagged as sexual content involving minors, which is never allowed. Repeat offences will get your account banned.',
    );
    expect(errorLinkFor(blocked)).not.toBeNull();
    // The category alone, outside a moderation block, is not such a notice.
    expect(errorTextFor(t, 'sexual/minors')).toBe(`${GENERIC}sexual/minors`);
  });
});
