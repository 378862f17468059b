import { LOGIN_RATE_LIMIT, REGISTER_RATE_LIMIT } from '@chat/contract';
import type { AppConfig } from '../../src/config/app-config.js';

/** A config for tests: fixed secrets, no endpoints unless given. */
export function testAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const enc = new TextEncoder();
  return {
    appTitle: 'OmniChat',
    customFooter: null,
    registrationEnabled: true,
    emailLoginEnabled: true,
    socialLoginEnabled: false,
    checkBalance: false,
    startBalance: 20_000,
    titleConvo: true,
    jwtSecret: enc.encode('test-jwt-secret-test-jwt-secret-0123456789'),
    jwtRefreshSecret: enc.encode('test-refresh-secret-test-refresh-secret-012'),
    credsKey: Buffer.alloc(32, 7),
    secureCookies: false,
    trustProxy: false,
    loginRateLimit: { ...LOGIN_RATE_LIMIT },
    // Test files register many users from one address.
    registerRateLimit: { max: 10_000, windowMs: REGISTER_RATE_LIMIT.windowMs },
    endpoints: [],
    ...overrides,
  };
}
