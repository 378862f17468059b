import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, intlLocale } from './locale';

describe('dates and numbers per language', () => {
  const day = new Date(2026, 10, 24, 12);

  it('formats in the language, Traditional Chinese as zh-Hant', () => {
    expect(formatDate(day, 'de-DE')).toBe('24. Nov. 2026');
    expect(formatDate(day, 'ja-JP')).toBe('2026年11月24日');
    expect(intlLocale('zh-TC')).toBe('zh-Hant-TW');
    expect(formatDate(day, 'zh-TC', { era: 'long', year: 'numeric' })).toBe('西元2026年');
    expect(formatDate(day, 'zh-CN', { era: 'long', year: 'numeric' })).toBe('公元2026年');
    expect(formatNumber(1234567.5, 'de-DE')).toBe('1.234.567,5');
    expect(formatNumber(1234567.5, 'fr-FR')).toBe('1\u202f234\u202f567,5');
    expect(formatNumber(1234, 'ar-EG')).toBe('١٬٢٣٤');
  });

  it('gives nothing for a date that does not parse', () => {
    expect(formatDate('not a date', 'en-US')).toBe('');
  });
});
