import { IDENTITY_TTL, type Language } from '@chat/contract';
import { composeMail } from '../../platform/mail/compose.js';
import type { Mail } from '../../platform/mail/mailer.js';
import { MAIL_TEXTS } from './mail-dictionary.js';

/**
 * Where and in which language a mail goes, and its link. Nothing the user wrote (their name): the
 * mail may reach an address that never asked for it, where such text could pass for ours.
 */
export interface MailTarget {
  to: string;
  appTitle: string;
  url: string;
  language: Language;
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function verificationMail(t: MailTarget): Mail {
  const d = MAIL_TEXTS[t.language];
  const v = { app: t.appTitle, hours: IDENTITY_TTL.verifyEmailHours };
  return composeMail({
    to: t.to,
    subject: fill(d.verifySubject, v),
    intro: [fill(d.hi, v), fill(d.verifyIntro, v)],
    action: { label: d.verifyAction, url: t.url },
    outro: [fill(d.verifyOutro, v)],
  });
}

export function passwordResetMail(t: MailTarget): Mail {
  const d = MAIL_TEXTS[t.language];
  const v = { app: t.appTitle, minutes: IDENTITY_TTL.resetPasswordMinutes };
  return composeMail({
    to: t.to,
    subject: fill(d.resetSubject, v),
    intro: [fill(d.hi, v), fill(d.resetIntro, v)],
    action: { label: d.resetAction, url: t.url },
    outro: [fill(d.resetOutro, v)],
  });
}
