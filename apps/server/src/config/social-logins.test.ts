// librechat.yaml's registration.socialLogins as LibreChat's own example writes it (apple and saml
// included): accepted without a warning, the buttons kept in the file's order on /api/config.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StartupConfig } from '@chat/contract';
import { buildAppConfig, loadSecrets } from './app-config.js';
import { ConfigError, parseEnv } from './env.js';
import { loadYamlConfig } from './yaml-config.js';
import { startTestApp } from '../../test/support/harness.js';

const dir = mkdtempSync(join(tmpdir(), 'social-logins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secrets = loadSecrets(parseEnv({}), dir, () => {});

const ENV = {
  ALLOW_SOCIAL_LOGIN: 'true',
  GITHUB_CLIENT_ID: 'gh-id',
  GITHUB_CLIENT_SECRET: 'gh-secret',
  GOOGLE_CLIENT_ID: 'g-id',
  GOOGLE_CLIENT_SECRET: 'g-secret',
  DISCORD_CLIENT_ID: 'd-id',
  DISCORD_CLIENT_SECRET: 'd-secret',
};

/** The app configured from `yaml` (as librechat.yaml) and ENV, with the start-up warnings. */
function configure(yaml: string) {
  writeFileSync(join(dir, 'librechat.yaml'), yaml);
  const env = parseEnv(ENV);
  const warnings: string[] = [];
  const config = buildAppConfig(env, secrets, loadYamlConfig(env, {}, dir), (m) => warnings.push(m));
  return { config, warnings };
}

describe('registration.socialLogins', () => {
  it("accepts apple and saml without a warning, and keeps the file's order", async () => {
    const { config, warnings } = configure(
      'version: 1.0.5\nregistration:\n  socialLogins: ["saml", "discord", "apple", "github", "google", "openid", "facebook"]\n',
    );
    expect(warnings.filter((w) => w.includes('socialLogins'))).toEqual([]);
    const h = await startTestApp({ oauth: config.oauth, socialLoginEnabled: true });
    try {
      const res = await fetch(`${h.url}/api/config`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as StartupConfig;
      expect(body.socialLogins).toEqual([
        'saml',
        'discord',
        'apple',
        'github',
        'google',
        'openid',
        'facebook',
      ]);
      expect(body.githubLoginEnabled).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('warns about nothing when every provider named is offered', () => {
    const { config, warnings } = configure('registration:\n  socialLogins: ["google", "github"]\n');
    expect(warnings).toEqual([]);
    expect(config.oauth?.socialLogins).toEqual(['google', 'github']);
  });

  it('still refuses a name LibreChat does not know (a typo)', () => {
    expect(() => configure('registration:\n  socialLogins: ["gihtub"]\n')).toThrow(ConfigError);
  });
});
