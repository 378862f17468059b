import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './env.js';

/** The settings file read at start from the working directory, as LibreChat reads its own. */
const DOTENV_FILE = '.env';

/**
 * Loads `.env` from `cwd` into `env` when it exists: a variable the environment already sets is
 * kept (the process's own environment wins, as with LibreChat and Docker's `--env`). Answers the
 * file's path, or null without one. An unreadable or malformed file stops the start with its
 * reason, rather than starting on half of the operator's settings.
 */
export function loadDotEnv(
  cwd: string = process.cwd(),
  load: (path: string) => void = (path) => process.loadEnvFile(path),
): string | null {
  const path = resolve(cwd, DOTENV_FILE);
  if (!existsSync(path)) return null;
  try {
    load(path);
  } catch (err) {
    throw new ConfigError(`${path} could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  return path;
}
