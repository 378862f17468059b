import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
