import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import {
  normalizeCode,
  otpauthUrl,
  totpIssuer,
  TWO_FACTOR_LIMITS,
  TWO_FACTOR_TEXTS,
  type TwoFactorCode,
  type TwoFactorEnableResponse,
  type TwoFactorPending,
} from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { seal, unseal } from '../../platform/seal.js';
import type { IssuedSession } from '../auth/index.js';
import type { LimiterStore } from '../moderation/index.js';
import type { TwoFactorRepo } from './repo.js';
import { matchTotp, newTotpSecret } from './totp.js';

/** Why a code is checked: set-up checks leave a code usable; sign-in and changes spend it. */
type CodeUse = 'check' | 'spend';

interface TwoFactorDeps {
  repo: TwoFactorRepo;
  config: Pick<AppConfig, 'credsKey' | 'jwtSecret' | 'appTitle'>;
  clock: () => number;
  limiter: LimiterStore;
  /** The session of a user who passed every factor (auth's, with login's checks). */
  finishSignIn: (user: UserRow) => Promise<IssuedSession>;
}

const TEMP_TOKEN_ALG = 'HS256';
const TEMP_TOKEN_AUDIENCE = 'two-factor-sign-in';

/**
 * LibreChat's two-factor authentication: a TOTP secret sealed with CREDS_KEY, ten one-use backup
 * codes kept as HMACs, the code step of sign-in behind a short-lived token signed with a key of
 * its own (derived from JWT_SECRET, so it never passes for an access token), and every code
 * attempt counted per account and per source address on the moderation's counters.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repo, config, clock, limiter } = deps;
  const tempKey = createHmac('sha256', config.jwtSecret).update('two-factor temporary token').digest();
  const sealContext = (userId: string) => `totp:${userId}`;
  const hashBackupCode = (userId: string, code: string) =>
    createHmac('sha256', config.credsKey)
      .update(`backup:${userId}:${normalizeCode(code).toLowerCase()}`)
      .digest('base64url');

  function newBackupCodes(userId: string): { plain: string[]; hashes: string[] } {
    const plain = Array.from({ length: TWO_FACTOR_LIMITS.backupCodeCount }, () =>
      randomBytes(TWO_FACTOR_LIMITS.backupCodeBytes).toString('hex'),
    );
    return { plain, hashes: plain.map((code) => hashBackupCode(userId, code)) };
  }

  /** Counts an attempt from `ip`; past its limit the attempt is refused unread (429). */
  async function attemptFrom(ip: string): Promise<void> {
    if (
      (await limiter.hit(`2fa_ip:${ip}`, TWO_FACTOR_LIMITS.attemptsWindowMs)) >
      TWO_FACTOR_LIMITS.attemptsPerIp
    ) {
      throw new AppError('too_many_requests', TWO_FACTOR_TEXTS.tooManyAttempts);
    }
  }

  /** Counts an attempt on the account; past its limit refused unread (429), from anywhere. */
  async function attemptOn(userId: string): Promise<void> {
    const hits = await limiter.hit(`2fa_user:${userId}`, TWO_FACTOR_LIMITS.attemptsWindowMs);
    if (hits > TWO_FACTOR_LIMITS.attemptsPerUser) {
      throw new AppError('too_many_requests', TWO_FACTOR_TEXTS.tooManyAttempts);
    }
  }

  async function attempt(ip: string, userId: string): Promise<void> {
    await attemptFrom(ip);
    await attemptOn(userId);
  }

  async function secretOf(userId: string): Promise<string | null> {
    const row = await repo.secretOf(userId);
    return row ? unseal(row.totpSecret, config.credsKey, sealContext(userId)) : null;
  }

  /**
   * Whether `code` passes: an app code of the secret (spent codes are good once: its step must be
   * later than the last one spent), or an unused backup code (spent either way, as LibreChat does).
   */
  async function passes(userId: string, secret: string, code: TwoFactorCode, use: CodeUse): Promise<boolean> {
    if (code.token) {
      const row = use === 'spend' ? await repo.secretOf(userId) : undefined;
      const step = matchTotp(secret, normalizeCode(code.token), clock(), row?.lastUsedStep ?? null);
      if (step === null) return false;
      return use === 'check' || repo.useStep(userId, step);
    }
    if (code.backupCode) {
      return repo.spendBackupCode(userId, hashBackupCode(userId, code.backupCode), new Date(clock()));
    }
    return false;
  }

  async function signTempToken(userId: string): Promise<string> {
    const now = Math.floor(clock() / 1000);
    return new SignJWT({ twoFAPending: true })
      .setProtectedHeader({ alg: TEMP_TOKEN_ALG })
      .setSubject(userId)
      .setAudience(TEMP_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + TWO_FACTOR_LIMITS.tempTokenSeconds)
      .sign(tempKey);
  }

  async function userOfTempToken(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, tempKey, {
        algorithms: [TEMP_TOKEN_ALG],
        audience: TEMP_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(clock()),
      });
      if (typeof payload.sub !== 'string' || payload['twoFAPending'] !== true) throw new Error('claims');
      return payload.sub;
    } catch {
      throw new AppError('unauthorized', TWO_FACTOR_TEXTS.invalidTempToken);
    }
  }

  async function mayChange(userId: string): Promise<UserRow> {
    const user = await repo.findUser(userId);
    if (!user || user.deletedAt) throw new AppError('unauthorized', TWO_FACTOR_TEXTS.userNotFound);
    // A device's free-tier account has no password or address of its own to protect.
    if (user.provider === 'freeTier') throw new AppError('forbidden', TWO_FACTOR_TEXTS.notForFreeTier);
    return user;
  }

  /** A code is needed once two-factor is on: refused (401, LibreChat's text) when it does not pass. */
  async function requireCodeWhenEnabled(user: UserRow, code: TwoFactorCode, ip: string): Promise<void> {
    if (!user.twoFactorEnabled) return;
    if (!code.token && !code.backupCode)
      throw new AppError('validation_error', TWO_FACTOR_TEXTS.codeRequired);
    await attempt(ip, user.id);
    const secret = await secretOf(user.id);
    if (!secret || !(await passes(user.id, secret, code, 'spend'))) {
      throw new AppError('unauthorized', TWO_FACTOR_TEXTS.invalidDisable);
    }
  }

  return {
    attemptFrom,

    /** Auth's `secondFactors`: the code step for an account with two-factor authentication on. */
    async pendingFor(user: UserRow): Promise<TwoFactorPending | undefined> {
      if (!user.twoFactorEnabled) return undefined;
      return { twoFAPending: true, tempToken: await signTempToken(user.id) };
    },

    /** GET /api/auth/2fa/enable: a new secret and codes, off until confirmed. On already: 409. */
    async enable(userId: string): Promise<TwoFactorEnableResponse> {
      const user = await mayChange(userId);
      if (user.twoFactorEnabled) throw new AppError('conflict', TWO_FACTOR_TEXTS.alreadyEnabled);
      const secret = newTotpSecret();
      const codes = newBackupCodes(userId);
      await repo.start(userId, seal(secret, config.credsKey, sealContext(userId)), codes.hashes);
      return {
        secret,
        otpauthUrl: otpauthUrl(totpIssuer(config.appTitle), user.email, secret),
        backupCodes: codes.plain,
      };
    },

    /** POST /api/auth/2fa/verify: does the code pass (an app code stays usable; a backup code is spent)? */
    async verify(userId: string, code: TwoFactorCode, ip: string): Promise<void> {
      const secret = await secretOf(userId);
      if (!secret) throw new AppError('validation_error', TWO_FACTOR_TEXTS.notInitiated);
      await attempt(ip, userId);
      if (!(await passes(userId, secret, code, 'check'))) {
        throw new AppError('validation_error', TWO_FACTOR_TEXTS.invalidTokenOrBackupCode);
      }
    },

    /** POST /api/auth/2fa/confirm: a code of the new secret turns two-factor on. */
    async confirm(userId: string, token: string, ip: string): Promise<UserRow> {
      await mayChange(userId);
      const secret = await secretOf(userId);
      if (!secret) throw new AppError('validation_error', TWO_FACTOR_TEXTS.notInitiated);
      await attempt(ip, userId);
      if (!(await passes(userId, secret, { token }, 'check'))) {
        throw new AppError('validation_error', TWO_FACTOR_TEXTS.invalidToken);
      }
      const user = await repo.setEnabled(userId, true);
      if (!user) throw new AppError('unauthorized', TWO_FACTOR_TEXTS.userNotFound);
      return user;
    },

    /** POST /api/auth/2fa/disable: off, the secret and codes gone; a code first when it is on. */
    async disable(userId: string, code: TwoFactorCode, ip: string): Promise<UserRow> {
      const user = await mayChange(userId);
      if (!(await repo.secretOf(userId))) throw new AppError('validation_error', TWO_FACTOR_TEXTS.notSetUp);
      await requireCodeWhenEnabled(user, code, ip);
      const cleared = await repo.clear(userId);
      if (!cleared) throw new AppError('unauthorized', TWO_FACTOR_TEXTS.userNotFound);
      return cleared;
    },

    /** POST /api/auth/2fa/backup/regenerate: ten new codes; a code first when two-factor is on. */
    async regenerate(userId: string, code: TwoFactorCode, ip: string): Promise<string[]> {
      const user = await mayChange(userId);
      if (!(await repo.secretOf(userId))) throw new AppError('validation_error', TWO_FACTOR_TEXTS.notSetUp);
      await requireCodeWhenEnabled(user, code, ip);
      const codes = newBackupCodes(userId);
      await repo.replaceBackupCodes(userId, codes.hashes);
      return codes.plain;
    },

    /** POST /api/auth/2fa/verify-temp: the login's token and a code give the session. */
    async verifyTemp(
      body: TwoFactorCode & { tempToken?: string | undefined },
      ip: string,
    ): Promise<IssuedSession> {
      if (!body.tempToken) throw new AppError('validation_error', TWO_FACTOR_TEXTS.missingTempToken);
      await attemptFrom(ip);
      const userId = await userOfTempToken(body.tempToken);
      const user = await repo.findUser(userId);
      if (!user || !user.twoFactorEnabled)
        throw new AppError('validation_error', TWO_FACTOR_TEXTS.notEnabled);
      await attemptOn(userId);
      const secret = await secretOf(userId);
      if (!secret || !(await passes(userId, secret, body, 'spend'))) {
        throw new AppError('unauthorized', TWO_FACTOR_TEXTS.invalidLoginCode);
      }
      return deps.finishSignIn(user);
    },

    /**
     * The operator's reset (admin panel, `npm run admin -- reset-2fa`): two-factor off, its secret
     * and codes and every passkey gone, so the person signs in with the password alone and sets
     * them up again.
     */
    async reset(email: string): Promise<{ email: string; passkeysRemoved: number }> {
      const user = await repo.findUserByEmail(email.trim());
      if (!user || user.deletedAt) throw new AppError('not_found', TWO_FACTOR_TEXTS.noUser);
      return resetSecondFactor(repo, user);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** Two-factor off and every passkey of `user` removed (the reset shared by the panel and the CLI). */
export async function resetSecondFactor(
  repo: TwoFactorRepo,
  user: UserRow,
): Promise<{ email: string; passkeysRemoved: number }> {
  await repo.clear(user.id);
  const passkeysRemoved = await repo.deletePasskeysOf(user.id);
  return { email: user.email, passkeysRemoved };
}
