import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './accept-language.js';

describe('preferredLanguage', () => {
  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['de-DE', 'de-DE'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr-FR'],
    ['en;q=0.5, ja;q=0.9', 'ja-JP'],
    ['zh-Hant-TW', 'zh-TC'],
    ['zh-TW,zh;q=0.9', 'zh-TC'],
    ['zh', 'zh-CN'],
    ['*', 'en-US'],
    ['xx-YY', 'en-US'],
    ['<script>', 'en-US'],
    // A language the product does not offer gives way to the next one it does.
    ['xx-YY, fr-CH;q=0.8, de;q=0.9', 'de-DE'],
    ['en-GB, fr;q=0.9', 'en-US'],
    ['xx, *;q=0.1', 'en-US'],
    ['fr;q=0, es', 'es-ES'],
  ])('Accept-Language %j answers %s', (header, lang) => {
    expect(preferredLanguage(header)).toBe(lang);
  });
});
