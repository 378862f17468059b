import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { AppError } from '../errors.js';

/** A file path built from request data that would leave its root (400: the request is bad). */
export class UnsafePathError extends AppError {
  constructor(readonly reason: string) {
    super('validation_error', `Invalid file path: ${reason}`);
  }
}

/** Characters never allowed in a path part: controls (NUL…), `\`, `%` (no encoded forms), `:`. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\%:]/;

function checkPart(part: string): void {
  if (typeof part !== 'string' || part === '') throw new UnsafePathError('an empty segment');
  if (FORBIDDEN.test(part)) throw new UnsafePathError('a forbidden character');
  if (isAbsolute(part)) throw new UnsafePathError('an absolute segment');
  for (const piece of part.split('/')) {
    if (piece === '' || piece === '.' || piece === '..') throw new UnsafePathError('a relative segment');
  }
}

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * `root` joined with segments taken from a request (ids, stored names): each must be a plain
 * relative name (`a/b.png` is fine), never `..`, `.`, empty, absolute, or carrying NUL, `\`, `:`
 * or percent-encoding (`%2e%2e%2f`). The result is checked to lie strictly inside `root`.
 * Synchronous and lexical; use `safeJoinReal` when a symlink could point out of `root`.
 */
export function safeJoin(root: string, ...segments: string[]): string {
  if (segments.length === 0) throw new UnsafePathError('no segment');
  segments.forEach(checkPart);
  const base = resolve(root);
  const target = resolve(base, ...segments);
  if (!inside(base, target)) throw new UnsafePathError('outside its folder');
  return target;
}

/**
 * safeJoin, then the real path (symlinks resolved) of the target, or of its nearest existing
 * parent when it does not exist yet, must still be inside the real `root`.
 */
export async function safeJoinReal(root: string, ...segments: string[]): Promise<string> {
  const target = safeJoin(root, ...segments);
  const realRoot = await realpath(root);
  let probe = target;
  for (;;) {
    try {
      const real = await realpath(probe);
      const ok = inside(realRoot, real) || (probe !== target && real === realRoot);
      if (!ok) throw new UnsafePathError('a link out of its folder');
      return target;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      probe = dirname(probe);
    }
  }
}
