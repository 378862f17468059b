import { IDENTITY_TTL } from '@chat/contract';
import { composeMail } from '../../platform/mail/compose.js';
import type { Mail } from '../../platform/mail/mailer.js';

/**
 * The mails' texts. English for now (the web app's other languages are listed in the contract;
 * a translated set per language can be added here keyed by the same names).
 */
interface MailTarget {
  to: string;
  name: string;
  appTitle: string;
  url: string;
}

export function verificationMail(t: MailTarget): Mail {
  return composeMail({
    to: t.to,
    subject: `${t.appTitle}: verify your email`,
    intro: [`Hi ${t.name},`, `Please confirm your email address for ${t.appTitle} by opening this link:`],
    action: { label: 'Confirm email', url: t.url },
    outro: [
      `The link works once and expires in ${IDENTITY_TTL.verifyEmailHours} hours. If you did not create an account, you can ignore this mail.`,
    ],
  });
}

export function passwordResetMail(t: MailTarget): Mail {
  return composeMail({
    to: t.to,
    subject: `${t.appTitle}: reset your password`,
    intro: [
      `Hi ${t.name},`,
      `Someone asked to reset the password of your ${t.appTitle} account. Open this link to choose a new one:`,
    ],
    action: { label: 'Reset password', url: t.url },
    outro: [
      `The link works once and expires in ${IDENTITY_TTL.resetPasswordMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ],
  });
}
