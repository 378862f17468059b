import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../config/app-config.js';
import { ConfigError, parseEnv } from '../../config/env.js';
import { parseYamlConfig } from '../../config/yaml-config.js';
import { addRefillInterval } from './yaml.js';

const load = (text: string) => parseYamlConfig(text, '/etc/librechat.yaml', {});

function problemsOf(text: string): string {
  try {
    load(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected the file to be refused');
}

const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
const build = (vars: NodeJS.ProcessEnv, text?: string) =>
  buildAppConfig(parseEnv({ OPENAI_API_KEY: 'sk-test', ...vars }), secrets, text ? load(text) : null);

describe('balance', () => {
  it('is over CHECK_BALANCE / START_BALANCE for each key it sets; the environment keeps the rest', () => {
    expect(
      build({ CHECK_BALANCE: 'false', START_BALANCE: '500' }, 'balance:\n  enabled: true\n'),
    ).toMatchObject({
      checkBalance: true,
      startBalance: 500,
    });
    expect(build({ CHECK_BALANCE: 'true' }, 'balance:\n  enabled: false\n  startBalance: 7\n')).toMatchObject(
      {
        checkBalance: false,
        startBalance: 7,
      },
    );
    const envOnly = build({ CHECK_BALANCE: 'true', START_BALANCE: '42' });
    expect(envOnly).toMatchObject({ checkBalance: true, startBalance: 42 });
    expect(envOnly.autoRefill).toBeUndefined();
  });

  it('reads auto-refill, needing its interval and amount, and ignores LibreChat keys it has not', () => {
    const yaml = load(`
balance:
  enabled: true
  startBalance: 20000
  autoRefillEnabled: true
  refillIntervalValue: 30
  refillIntervalUnit: days
  refillAmount: 10000
  reservationTtlMs: 1800000
`);
    expect(yaml.ignored).toEqual(['balance.reservationTtlMs']);
    expect(buildAppConfig(parseEnv({ OPENAI_API_KEY: 'k' }), secrets, yaml).autoRefill).toEqual({
      amount: 10_000,
      intervalValue: 30,
      intervalUnit: 'days',
    });
    const missing = problemsOf('balance:\n  autoRefillEnabled: true\n  refillAmount: 5\n');
    expect(missing).toContain('balance.refillIntervalValue: is required when autoRefillEnabled is true');
    expect(missing).toContain('balance.refillIntervalUnit: is required when autoRefillEnabled is true');
    expect(problemsOf('balance:\n  refillIntervalUnit: fortnights\n')).toContain(
      'balance.refillIntervalUnit:',
    );
    expect(problemsOf('balance:\n  startBalance: -1\n')).toContain('balance.startBalance:');
    // Off, or a zero amount: no refill.
    expect(build({}, 'balance:\n  autoRefillEnabled: false\n  refillAmount: 5\n').autoRefill).toBeUndefined();
  });

  it('adds intervals by their unit, months by the calendar', () => {
    const from = new Date('2026-01-31T10:00:00Z');
    expect(addRefillInterval(from, 90, 'seconds').toISOString()).toBe('2026-01-31T10:01:30.000Z');
    expect(addRefillInterval(from, 2, 'hours').toISOString()).toBe('2026-01-31T12:00:00.000Z');
    expect(addRefillInterval(from, 1, 'weeks').toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(addRefillInterval(new Date('2026-03-15T00:00:00Z'), 1, 'months').toISOString()).toBe(
      '2026-04-15T00:00:00.000Z',
    );
  });
});
