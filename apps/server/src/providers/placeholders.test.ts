import { describe, expect, it } from 'vitest';
import { fillHeaders, fillJson, fillPlaceholders, headerSafe } from './placeholders.js';

const ctx = {
  user: { ID: 'u-1', NAME: 'Eve\r\nX-Injected: yes', EMAIL: 'eve@example.com' },
  body: { CONVERSATIONID: 'c-1' },
};

describe('request placeholders', () => {
  it('fills the fields it has, every occurrence, and leaves the others as written', () => {
    expect(
      fillPlaceholders('{{LIBRECHAT_USER_ID}}/{{LIBRECHAT_USER_ID}} {{LIBRECHAT_BODY_CONVERSATIONID}}', ctx),
    ).toBe('u-1/u-1 c-1');
    for (const kept of [
      '{{LIBRECHAT_USER_SAMLID}}',
      '{{LIBRECHAT_BODY_MESSAGEID}}',
      '{{LIBRECHAT_OPENID_ACCESS_TOKEN}}',
      '{{librechat_user_id}}',
      '{LIBRECHAT_USER_ID}',
      '{{LIBRECHAT_USER_CONSTRUCTOR}}',
    ])
      expect(fillPlaceholders(kept, ctx)).toBe(kept);
    expect(fillPlaceholders('{{LIBRECHAT_USER_ID}}', undefined)).toBe('{{LIBRECHAT_USER_ID}}');
  });

  it('never lets a value start a header of its own: control characters and non-ASCII are encoded', () => {
    const headers = fillHeaders({ 'X-Name': 'name={{LIBRECHAT_USER_NAME}}' }, ctx);
    expect(headers['X-Name']).toBe('name=Eve%0D%0AX-Injected: yes');
    expect(headers['X-Name']).not.toMatch(/[\r\n]/);
    expect(headerSafe('Zoë\u0000\ttab')).toBe('Zo%C3%AB%00%09tab');
    expect(headerSafe('lone \ud800 surrogate')).toBe('lone  surrogate');
    // Building real headers from it does not throw.
    expect(() => new Headers(headers)).not.toThrow();
  });

  it('fills the strings of JSON values, keeping other types and the structure', () => {
    expect(
      fillJson(
        {
          n: 1,
          b: true,
          nil: null,
          list: ['{{LIBRECHAT_USER_EMAIL}}', 2],
          o: { id: '{{LIBRECHAT_USER_ID}}' },
        },
        ctx,
      ),
    ).toEqual({ n: 1, b: true, nil: null, list: ['eve@example.com', 2], o: { id: 'u-1' } });
  });
});
