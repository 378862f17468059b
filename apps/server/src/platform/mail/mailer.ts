import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailConfig } from '../../config/app-config.js';
import { lazyModule } from '../lazy.js';

/** nodemailer (~2 MB of heap once loaded) is loaded by the first mail, not at start-up. */
const nodemailer = lazyModule('nodemailer', () => import('nodemailer'));

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** nodemailer's SMTP options from EMAIL_* (LibreChat's meaning of EMAIL_ENCRYPTION). */
function smtpOptions(config: MailConfig): SMTPTransport.Options {
  const tls: SMTPTransport.Options['tls'] = {
    ...(config.encryptionHostname ? { servername: config.encryptionHostname } : {}),
    ...(config.allowSelfSigned ? { rejectUnauthorized: false } : {}),
  };
  return {
    ...(config.service ? { service: config.service } : { host: config.host, port: config.port }),
    secure: config.encryption === 'tls',
    requireTLS: config.encryption === 'starttls',
    tls,
    ...(config.username ? { auth: { user: config.username, pass: config.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

/**
 * Sends over SMTP with nodemailer; one transport, made by the first mail (pooled connections are
 * not needed at this rate).
 */
export function createMailer(config: MailConfig): Mailer {
  let transport: Transporter<SMTPTransport.SentMessageInfo> | undefined;
  const from = config.fromName ? { name: config.fromName, address: config.from } : config.from;
  return {
    async send(mail) {
      transport ??= (await nodemailer.load()).default.createTransport(smtpOptions(config));
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
