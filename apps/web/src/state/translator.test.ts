import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator';

function make() {
  const tr = new Translator('en-US');
  tr.addResourceBundle('en-US', 'translation', {
    hello: 'Hello {{name}}',
    spaced: 'Hi {{ name }} and {{other}}',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    only_en: 'English only',
    items_zero: 'No items',
    items_other: '{{count}} items',
  });
  tr.addResourceBundle('ru-RU', 'translation', {
    hello: 'Привет {{name}}',
    minutes_one: '{{count}} минуту',
    minutes_few: '{{count}} минуты',
    minutes_many: '{{count}} минут',
  });
  return tr;
}

describe('Translator', () => {
  it('interpolates placeholders; one without a value becomes empty; text without options is as is', () => {
    const tr = make();
    expect(tr.t('hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(tr.t('spaced', { name: 'Bo' })).toBe('Hi Bo and ');
    expect(tr.t('hello')).toBe('Hello {{name}}');
    expect(tr.t('hello', { name: 0 })).toBe('Hello 0');
  });

  it('picks the plural form of the language, _zero for 0 when there is one, else the plain key', () => {
    const tr = make();
    expect([1, 2].map((count) => tr.t('minutes', { count }))).toEqual(['1 minute', '2 minutes']);
    expect(tr.t('items', { count: 0 })).toBe('No items');
    expect(tr.t('items', { count: 3 })).toBe('3 items');
    expect(tr.t('only_en', { count: 2 })).toBe('English only');
  });

  it('falls back to English, then to the key; exists looks in both', async () => {
    const tr = make();
    await tr.changeLanguage('ru-RU');
    expect([1, 3, 5, 21].map((count) => tr.t('minutes', { count }))).toEqual([
      '1 минуту',
      '3 минуты',
      '5 минут',
      '21 минуту',
    ]);
    expect(tr.t('only_en')).toBe('English only');
    expect(tr.t('missing_key')).toBe('missing_key');
    expect(tr.exists('only_en')).toBe(true);
    expect(tr.exists('missing_key')).toBe(false);
    expect(tr.hasResourceBundle('ru-RU', 'translation')).toBe(true);
    expect(tr.hasResourceBundle('de-DE', 'translation')).toBe(false);
  });

  it('knows right-to-left languages', () => {
    const tr = make();
    expect(tr.dir('ar-EG')).toBe('rtl');
    expect(tr.dir('en-US')).toBe('ltr');
    expect(tr.dir()).toBe('ltr');
  });

  it('tells subscribers of a change and gives a new t (memoised uses see the language)', async () => {
    const tr = make();
    const listener = vi.fn();
    const stop = tr.subscribe(listener);
    const before = tr.t;
    await tr.changeLanguage('en-US');
    expect(listener).not.toHaveBeenCalled();
    await tr.changeLanguage('ru-RU');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tr.t).not.toBe(before);
    expect(before('hello', { name: 'x' })).toBe('Привет x');
    stop();
    await tr.changeLanguage('en-US');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
