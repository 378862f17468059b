import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  IDENTITY_TTL,
  type IdentityMessage,
  type Language,
  type RegisterPending,
  type RequestPasswordResetResponse,
  type ResetPasswordRequest,
} from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { hashToken } from '../../platform/session-tokens.js';
import type { LiveSessions } from './live-sessions.js';
import { passwordResetMail, verificationMail } from './mail-texts.js';
import type { AuthRepo } from './repo.js';

/** LibreChat's answer to a reset request, the same whether the address has an account or not. */
const RESET_REQUESTED_MESSAGE =
  'If an account with that email exists, a password reset link has been sent to it.';
const RESEND_MESSAGE = 'If the account exists and is not verified, a new confirmation email has been sent.';
const VERIFY_PENDING_MESSAGE = 'A verification email has been sent. Please check your inbox.';
const INVALID_RESET = 'Invalid or expired password reset token';
const INVALID_CONFIRMATION = 'Invalid or expired email verification token';

interface Logger {
  error(obj: object, msg: string): void;
}

/** Without mail and without ALLOW_PASSWORD_RESET (the link would go to whoever asks). */
const PASSWORD_RESET_DISABLED =
  'Password reset is not available on this server: it sends no mail. Ask its operator.';

/** A one-use token: 32 random bytes, kept only as its SHA-256. */
function newToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Email verification and password reset. Mail goes through `mailer`
 * when configured; without it accounts need no verification and a reset answers its link.
 */
export function createIdentityService(deps: {
  repo: AuthRepo;
  config: AppConfig;
  live: LiveSessions;
  mailer: Mailer | undefined;
  log: Logger;
}) {
  const { repo, config, live, mailer, log } = deps;
  const origin = config.clientOrigin ?? 'http://localhost:3080';

  async function sendVerification(user: UserRow, language: Language): Promise<void> {
    if (!mailer) return;
    const token = newToken();
    const expiresAt = new Date(Date.now() + IDENTITY_TTL.verifyEmailHours * 3_600_000);
    await repo.replaceIdentityToken(user.id, 'verify_email', hashToken(token), expiresAt);
    const url = `${origin}/email-confirmation?token=${encodeURIComponent(token)}`;
    try {
      await mailer.send(verificationMail({ to: user.email, appTitle: config.appTitle, url, language }));
    } catch (err) {
      // The account stays; the person can ask for the mail again from /verify-email.
      log.error({ err, userId: user.id }, 'verification mail not sent');
    }
  }

  return {
    /** Whether this user must confirm the address before logging in. */
    needsVerification(user: UserRow): boolean {
      return !!mailer && !user.emailVerified && !config.allowUnverifiedEmailLogin;
    },

    /** After a registration with mail configured: the mail, and the answer that replaces a session. */
    async pendingRegistration(user: UserRow, language: Language): Promise<RegisterPending> {
      await sendVerification(user, language);
      return { message: VERIFY_PENDING_MESSAGE, verifyEmail: true, email: user.email, userId: user.id };
    },

    /** The same answer whether or not such an unconfirmed account exists. */
    async resendConfirmation(
      who: { userId?: string | undefined; email?: string | undefined },
      language: Language,
    ): Promise<IdentityMessage> {
      const user = who.userId
        ? await repo.findUserById(who.userId)
        : await repo.findUserByEmail(who.email ?? '');
      if (user && !user.emailVerified && !user.deletedAt) await sendVerification(user, language);
      return { message: RESEND_MESSAGE };
    },

    async confirmEmail(token: string): Promise<IdentityMessage> {
      const userId = await repo.spendIdentityToken('verify_email', hashToken(token));
      if (!userId) throw new AppError('invalid_token', INVALID_CONFIRMATION);
      await repo.markEmailVerified(userId);
      return { message: 'Email verified successfully' };
    },

    /**
     * The same answer for any address. With mail, the link is mailed; without, it is answered (only
     * with ALLOW_PASSWORD_RESET), and an unknown address gets a link of the same shape whose token
     * no account has.
     */
    async requestPasswordReset(email: string, language: Language): Promise<RequestPasswordResetResponse> {
      if (!mailer && !config.allowPasswordReset) {
        throw new AppError('forbidden', PASSWORD_RESET_DISABLED);
      }
      const user = await repo.findUserByEmail(email);
      const usable = user && !user.deletedAt && user.passwordHash !== null;
      const token = newToken();
      const userId = usable ? user.id : randomUUID();
      const url = `${origin}/reset-password?token=${encodeURIComponent(token)}&userId=${userId}`;
      if (usable) {
        const expiresAt = new Date(Date.now() + IDENTITY_TTL.resetPasswordMinutes * 60_000);
        await repo.replaceIdentityToken(user.id, 'reset_password', hashToken(token), expiresAt);
      }
      if (!mailer) return { message: RESET_REQUESTED_MESSAGE, link: url };
      if (usable) {
        // Sent after answering: the time taken says nothing of whether a mail went out.
        void mailer
          .send(passwordResetMail({ to: user.email, appTitle: config.appTitle, url, language }))
          .catch((err: unknown) => log.error({ err, userId: user.id }, 'password reset mail not sent'));
      }
      return { message: RESET_REQUESTED_MESSAGE };
    },

    /** Sets the new password and ends every session of the user (the reset is made signed out). */
    async resetPassword(input: ResetPasswordRequest): Promise<IdentityMessage> {
      const userId = await repo.spendIdentityToken('reset_password', hashToken(input.token));
      if (!userId || userId !== input.userId) throw new AppError('invalid_token', INVALID_RESET);
      const user = await repo.findUserById(userId);
      if (!user || user.deletedAt) throw new AppError('invalid_token', INVALID_RESET);
      // A mailed link proves the address too.
      await repo.setPassword(userId, await hash(input.password), !!mailer);
      await Promise.all((await repo.revokeAllOf(userId)).map((familyId) => live.ended(familyId)));
      return { message: 'Password reset was successful' };
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
