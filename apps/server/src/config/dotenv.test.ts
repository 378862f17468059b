import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDotEnv } from './dotenv.js';
import { ConfigError } from './env.js';

const dirs: string[] = [];
const KEYS = ['DOTENV_TEST_FROM_FILE', 'DOTENV_TEST_QUOTED', 'DOTENV_TEST_SET_BEFORE'];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const k of KEYS) delete process.env[k];
});
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'dotenv-'));
  dirs.push(d);
  return d;
};

describe('loadDotEnv', () => {
  it("reads the working directory's .env; a variable the environment already sets wins", () => {
    const cwd = dir();
    writeFileSync(
      join(cwd, '.env'),
      [
        '# LibreChat-style settings',
        'DOTENV_TEST_FROM_FILE=from-file',
        'DOTENV_TEST_QUOTED="two words"',
        'DOTENV_TEST_SET_BEFORE=from-file',
      ].join('\n'),
    );
    process.env.DOTENV_TEST_SET_BEFORE = 'from-environment';
    expect(loadDotEnv(cwd)).toBe(join(cwd, '.env'));
    expect(process.env.DOTENV_TEST_FROM_FILE).toBe('from-file');
    expect(process.env.DOTENV_TEST_QUOTED).toBe('two words');
    expect(process.env.DOTENV_TEST_SET_BEFORE).toBe('from-environment');
  });

  it('does nothing without a .env', () => {
    expect(loadDotEnv(dir())).toBeNull();
    expect(process.env.DOTENV_TEST_FROM_FILE).toBeUndefined();
  });

  it('stops the start with the reason when .env cannot be read', () => {
    const cwd = dir();
    mkdirSync(join(cwd, '.env'));
    expect(() => loadDotEnv(cwd)).toThrow(ConfigError);
    expect(() => loadDotEnv(cwd)).toThrow(/\.env could not be read/);
  });
});
