// HELP_AND_FAQ_URL (LibreChat's name) reaches the web client as /api/config's helpAndFaqURL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StartupConfig } from '@chat/contract';
import { parseEnv } from '../../config/env.js';
import { buildAppConfig, loadSecrets } from '../../config/app-config.js';
import { startTestApp } from '../../../test/support/harness.js';

const secrets = loadSecrets(parseEnv({}), mkdtempSync(join(tmpdir(), 'secrets-')), () => {});

/** /api/config's helpAndFaqURL on a server started with `env`. */
async function served(env: Record<string, string>): Promise<string> {
  const { helpAndFaqUrl } = buildAppConfig(parseEnv(env), secrets);
  const h = await startTestApp({ helpAndFaqUrl });
  try {
    const res = await fetch(`${h.url}/api/config`);
    expect(res.status).toBe(200);
    return ((await res.json()) as StartupConfig).helpAndFaqURL;
  } finally {
    await h.close();
  }
}

describe('HELP_AND_FAQ_URL', () => {
  it('is the built-in FAQ when unset, empty or "/"', async () => {
    expect(await served({})).toBe('/faq');
    expect(await served({ HELP_AND_FAQ_URL: '' })).toBe('/faq');
    expect(await served({ HELP_AND_FAQ_URL: '/' })).toBe('/faq');
  });

  it("is the operator's http(s) page when one is given", async () => {
    expect(await served({ HELP_AND_FAQ_URL: 'https://help.example.com/faq?x=1' })).toBe(
      'https://help.example.com/faq?x=1',
    );
    expect(await served({ HELP_AND_FAQ_URL: 'http://intranet.example/help' })).toBe(
      'http://intranet.example/help',
    );
  });

  it('refuses anything else at start-up (a script URL, a relative path)', () => {
    expect(() => parseEnv({ HELP_AND_FAQ_URL: 'javascript:alert(1)' })).toThrow(/HELP_AND_FAQ_URL/);
    expect(() => parseEnv({ HELP_AND_FAQ_URL: '/help' })).toThrow(/HELP_AND_FAQ_URL/);
    expect(() => parseEnv({ HELP_AND_FAQ_URL: 'https://a b' })).toThrow(/HELP_AND_FAQ_URL/);
  });
});
