import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { safeJoin, safeJoinReal, UnsafePathError } from './safe-path.js';

const base = mkdtempSync(join(tmpdir(), 'safe-path-'));
const root = join(base, 'uploads');
mkdirSync(join(root, 'user1'), { recursive: true });
writeFileSync(join(root, 'user1', 'a.png'), 'x');
writeFileSync(join(base, 'secret.txt'), 'secret');
symlinkSync(join(base, 'secret.txt'), join(root, 'user1', 'link.png'));
symlinkSync(base, join(root, 'escape'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('safeJoin', () => {
  it('joins plain names inside the root', () => {
    expect(safeJoin(root, 'user1', 'a.png')).toBe(join(root, 'user1', 'a.png'));
    expect(safeJoin(root, 'user1/a.png')).toBe(join(root, 'user1', 'a.png'));
    expect(safeJoin(root, 'file-id_1.v2.webp')).toBe(join(root, 'file-id_1.v2.webp'));
  });

  it.each([
    ['..'],
    ['../secret.txt'],
    ['user1/../../secret.txt'],
    ['user1/./a.png'],
    ['.'],
    [''],
    ['/etc/passwd'],
    ['user1//a.png'],
    ['a.png\u0000.jpg'],
    ['%2e%2e%2fsecret.txt'],
    ['%2e%2e'],
    ['..%2f..%2f'],
    ['%252e%252e%252f'],
    ['..\\..\\secret.txt'],
    ['user1\\a.png'],
    ['C:\\Windows\\win.ini'],
    ['C:secret'],
    ['a\nb'],
  ])('refuses %j', (segment) => {
    expect(() => safeJoin(root, segment)).toThrow(UnsafePathError);
    expect(() => safeJoin(root, 'user1', segment)).toThrow(UnsafePathError);
  });

  it('refuses no segment at all (the root itself)', () => {
    expect(() => safeJoin(root)).toThrow(UnsafePathError);
  });

  it('answers 400 validation_error when it reaches the error handler', () => {
    const err = (() => {
      try {
        safeJoin(root, '..');
      } catch (e) {
        return e as UnsafePathError;
      }
    })();
    expect(err).toMatchObject({ status: 400, code: 'validation_error' });
  });
});

describe('safeJoinReal', () => {
  it('accepts existing and not-yet-existing files inside the root', async () => {
    await expect(safeJoinReal(root, 'user1', 'a.png')).resolves.toBe(join(root, 'user1', 'a.png'));
    await expect(safeJoinReal(root, 'user1', 'new', 'b.png')).resolves.toBe(
      join(root, 'user1', 'new', 'b.png'),
    );
  });

  it('refuses a symlink that points out of the root, and paths through one', async () => {
    await expect(safeJoinReal(root, 'user1', 'link.png')).rejects.toThrow(UnsafePathError);
    await expect(safeJoinReal(root, 'escape', 'secret.txt')).rejects.toThrow(UnsafePathError);
    await expect(safeJoinReal(root, 'escape', 'not-there.txt')).rejects.toThrow(UnsafePathError);
  });

  it('still refuses what safeJoin refuses', async () => {
    await expect(safeJoinReal(root, '../secret.txt')).rejects.toThrow(UnsafePathError);
  });
});
