import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailConfig } from '../../config/app-config.js';

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
export function smtpOptions(config: MailConfig): SMTPTransport.Options {
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

/** Sends over SMTP with nodemailer; one transport (pooled connections are not needed at this rate). */
export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport(smtpOptions(config));
  const from = config.fromName ? { name: config.fromName, address: config.from } : config.from;
  return {
    async send(mail) {
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
