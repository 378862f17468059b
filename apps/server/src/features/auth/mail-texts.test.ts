import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@chat/contract';
import { MAIL_TEXTS } from './mail-dictionary.js';
import { passwordResetMail, verificationMail } from './mail-texts.js';

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
