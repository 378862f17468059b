import { describe, expect, it } from 'vitest';
import { FILE_ERROR_KEYS, FILE_ERROR_TEXTS, type FileErrorKind } from '@chat/contract';
import en from '../../locales/en.json';
import { checkFiles } from './check';

const MB = 1024 * 1024;
/** A File of `size` bytes without allocating them. */
function file(name: string, size: number, type = 'image/png'): File {
  const f = new File([''], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('checkFiles', () => {
  it('takes up to 10 JPEG, PNG or WEBP images', () => {
    const picked = Array.from({ length: 10 }, (_, i) => file(`${i}.png`, 1000 + i));
    expect(checkFiles([], picked)).toEqual({ accepted: picked, errors: [] });
    expect(checkFiles([], [file('a.jpg', 1, 'image/jpeg'), file('b.webp', 1, 'image/webp')]).errors).toEqual(
      [],
    );
  });

  it('refuses more than 10 at a time, counting those held', () => {
    const held = Array.from({ length: 8 }, (_, i) => ({ name: `${i}`, size: 1, type: 'image/png' }));
    expect(checkFiles(held, [file('a.png', 1), file('b.png', 2), file('c.png', 3)])).toEqual({
      accepted: [],
      errors: ['tooMany'],
    });
  });

  it('names each kind of problem once, and takes the rest', () => {
    const ok = file('ok.png', 5 * MB);
    const { accepted, errors } = checkFiles(
      [{ name: 'held.png', size: 10, type: 'image/png' }],
      [
        file('anim.gif', 10, 'image/gif'),
        file('doc.pdf', 10, 'application/pdf'),
        file('huge.png', 20 * MB + 1),
        ok,
        file('held.png', 10),
        file('ok.png', 5 * MB),
        file('a.png', 19 * MB),
        file('b.png', 19 * MB),
      ],
    );
    expect(accepted.map((f) => f.name)).toEqual(['ok.png', 'a.png']);
    expect(errors).toEqual(['unsupported', 'tooLarge', 'duplicate', 'totalTooLarge']);
  });

  it('shows the spec’s exact texts (en)', () => {
    const texts = en as Record<string, string>;
    for (const kind of Object.keys(FILE_ERROR_TEXTS) as FileErrorKind[]) {
      expect(texts[FILE_ERROR_KEYS[kind]]).toBe(FILE_ERROR_TEXTS[kind]);
    }
  });
});
