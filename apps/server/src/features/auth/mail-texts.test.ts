import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@chat/contract';
import { MAIL_TEXTS } from './mail-dictionary.js';
import { mailLanguage, passwordResetMail, verificationMail } from './mail-texts.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('mail texts', () => {
  it('every offered language has every text, with the English placeholders', () => {
    const en = MAIL_TEXTS['en-US'];
    for (const lang of LANGUAGES) {
      const d = MAIL_TEXTS[lang];
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(d[key], `${lang} ${key}`).toBeTruthy();
        expect(placeholders(d[key]), `${lang} ${key}`).toEqual(placeholders(en[key]));
        if (lang !== 'en-US' && key !== 'hi') expect(d[key], `${lang} ${key}`).not.toBe(en[key]);
      }
    }
  });

  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['de-DE', 'de-DE'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr-FR'],
    ['en;q=0.5, ja;q=0.9', 'ja-JP'],
    ['zh-Hant-TW', 'zh-TC'],
    ['zh', 'zh-CN'],
    ['*', 'en-US'],
    ['xx-YY', 'en-US'],
    ['<script>', 'en-US'],
  ])('Accept-Language %j writes in %s', (header, lang) => {
    expect(mailLanguage(header)).toBe(lang);
  });

  it('fills the values once (an app title that looks like a placeholder stays as it is) and greets no one by name', () => {
    const mail = verificationMail({
      to: 'a@example.com',
      appTitle: '{hours}',
      url: 'http://x.test/email-confirmation?token=abc',
      language: 'de-DE',
    });
    expect(mail.subject).toBe('{hours}: Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text.startsWith('Hallo,\n\n')).toBe(true);
    expect(mail.text).toContain('24 Stunden');
    const reset = passwordResetMail({
      ...{ to: 'a@example.com', appTitle: 'Chat' },
      url: 'http://x',
      language: 'ja-JP',
    });
    expect(reset.text).toContain('15 分');
  });
});
