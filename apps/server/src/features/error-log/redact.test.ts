import { describe, expect, it } from 'vitest';
import { testAppConfig } from '../../../test/support/app-config.js';
import { redact, secretsOf } from './redact.js';

describe('redact', () => {
  const cases: [string, string, string][] = [
    ['an OpenAI key', 'failed with sk-proj-abcdefghijklmnop1234', 'abcdefghijklmnop1234'],
    ['a Bearer token', 'Authorization: Bearer eyJhbGciOi.eyJzdWIi.sig123', 'eyJhbGciOi'],
    ['a Basic credential', 'authorization=Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
    ['an x-api-key header', '{"x-api-key":"ant-key-0123456789"}', 'ant-key-0123456789'],
    ['an api-key header', 'api-key: azure0123456789abcdef', 'azure0123456789abcdef'],
    [
      'a ?key= query',
      'GET /v1beta/models?key=AIzaSyA0123456789abcdefghijkl',
      'AIzaSyA0123456789abcdefghijkl',
    ],
    ['an &access_token= query', 'callback?a=1&access_token=opaque-token-value', 'opaque-token-value'],
    ['a cookie header', 'Cookie: refreshToken=abc123def456; theme=dark', 'abc123def456'],
    ['a Stripe secret key', 'Stripe said: sk_live_51HxYzAbCdEf was refused', 'sk_live_51HxYzAbCdEf'],
    ['a Stripe webhook secret', 'signature with whsec_abcdef123456 failed', 'whsec_abcdef123456'],
    [
      'a key an upstream quotes',
      'Incorrect API key provided: plain-looking-key. Find it',
      'plain-looking-key',
    ],
    ['a password field', '{"email":"a@b.c","password":"hunter2hunter2"}', 'hunter2hunter2'],
  ];
  it.each(cases)('cuts %s', (_name, text, secret) => {
    const out = redact(text, []);
    expect(out).not.toContain(secret);
    expect(out).toContain('[Redacted]');
  });

  it('cuts configured secrets literally, whatever they look like, and keeps the rest', () => {
    const out = redact('upstream refused plainconfiguredvalue for gpt-4o', ['plainconfiguredvalue']);
    expect(out).toBe('upstream refused [Redacted] for gpt-4o');
    expect(redact('The provider cannot be reached (ECONNREFUSED)', [])).toBe(
      'The provider cannot be reached (ECONNREFUSED)',
    );
  });

  it("knows the config's secrets: endpoint keys, signing and sealing keys", () => {
    const config = testAppConfig({
      endpoints: [
        {
          name: 'openAI',
          type: 'openAI',
          apiKey: 'endpoint-key-0123456789',
          baseURL: undefined,
          models: ['gpt-4o-mini'],
          titleModel: undefined,
          label: undefined,
          userProvide: false,
          isDemo: false,
        },
      ],
    });
    const secrets = secretsOf(config);
    expect(secrets).toContain('endpoint-key-0123456789');
    expect(secrets).toContain(Buffer.from(config.jwtSecret).toString('utf8'));
    expect(secrets).toContain(Buffer.from(config.credsKey).toString('hex'));
    expect(secrets.every((s) => s.length >= 8)).toBe(true);
  });
});
