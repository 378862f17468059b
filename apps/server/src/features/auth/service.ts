import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_ERROR_TEXTS,
  TOKEN_TTL,
  oneLineName,
  type AuthResponse,
  type Language,
  type LoginRequest,
  type RegisterPending,
  type RegisterRequest,
  type TwoFactorPending,
} from '@chat/contract';
import { sessionExpiryOf, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import {
  hashToken,
  newRefreshToken,
  signAccessToken,
  successorRefreshToken,
} from '../../platform/session-tokens.js';
import type { SessionRow, UserRow } from '../../db/schema.js';
import type { AuthRepo } from './repo.js';
import type { LiveSessions } from './live-sessions.js';
import { presentUser } from './presenter.js';
import type { IdentityService } from './identity.js';
import { isEmailDomainAllowed } from './allowed-domains.js';
import { ldapAuthenticate } from './ldap.js';
import type { LdapConfig } from '../../config/ldap-config.js';
import { checkPassword } from './passwords.js';

/** Where a registration came from: the address the server saw (request.ip, TRUST_PROXY honoured). */
export interface RegistrationOrigin {
  ip: string;
}

export interface IssuedSession extends AuthResponse {
  refreshToken: string;
}

/**
 * Whether `user` must still pass a second factor before a session: the code step's pending answer,
 * or undefined to sign in at once (features/two-factor fills it through `secondFactors`).
 */
export type SecondFactorCheck = (user: UserRow) => Promise<TwoFactorPending | undefined>;

/** What a sign-in answers: the session, or the second step still to take. */
export type SignInOutcome = IssuedSession | TwoFactorPending;

/** How many rotations within the grace window a late request may follow (tabs racing twice). */
const MAX_GRACE_HOPS = 3;

/** Compared against when the e-mail is unknown, so a miss costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

export function createAuthService(
  repo: AuthRepo,
  config: AppConfig,
  live: LiveSessions,
  onRegistered: (userId: string) => void = () => {},
  identity?: IdentityService,
  clock: () => number = Date.now,
  secondFactor: SecondFactorCheck = async () => undefined,
) {
  const operatorEmail = config.adminEmail?.trim().toLowerCase();
  const expiry = sessionExpiryOf(config);
  const accessSeconds = Math.ceil(expiry.accessMs / 1000);
  /** When a refresh token issued now ends (REFRESH_TOKEN_EXPIRY: each rotation starts it again). */
  const refreshExpiresAt = () => new Date(clock() + expiry.refreshMs);

  async function signIn(
    user: UserRow,
    familyId: string,
    refreshToken: string,
    impersonatorId: string | null = null,
  ): Promise<IssuedSession> {
    const imp = impersonatorId ? { imp: impersonatorId } : {};
    const token = await signAccessToken(
      { id: user.id, role: user.role, sid: familyId, ...imp },
      config.jwtSecret,
      accessSeconds,
    );
    return {
      token,
      user: presentUser(user),
      refreshToken,
      // Display only: every operator route checks the account itself (operator.ts).
      ...(!impersonatorId && operatorEmail && user.email.toLowerCase() === operatorEmail
        ? { operator: true }
        : {}),
      ...(impersonatorId ? { impersonating: true } : {}),
    };
  }

  /** A new login: a new token family (an impersonation's when `impersonatorId` is given). */
  async function issue(user: UserRow, impersonatorId: string | null = null): Promise<IssuedSession> {
    const familyId = randomUUID();
    const refreshToken = newRefreshToken();
    await repo.insertSession({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiresAt(),
      impersonatorId,
    });
    return signIn(user, familyId, refreshToken, impersonatorId);
  }

  async function userOf(session: SessionRow): Promise<UserRow> {
    const user = await repo.findUserById(session.userId);
    if (!user) throw new AppError('unauthorized', 'Invalid refresh token');
    assertCanSignIn(user);
    return user;
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await repo.revokeFamily(familyId);
    await live.ended(familyId);
  }

  /**
   * Rotates `token` into its successor (successorRefreshToken). A token rotated less than
   * `refreshGraceSeconds` ago answers with the successor it was rotated into (following a chain
   * rotated within the window to its live end): the same request sent twice, not a theft. Any
   * other use of a used token is reuse: the whole family is revoked.
   */
  async function rotate(token: string, hops = 0): Promise<IssuedSession> {
    let session = await repo.findSessionByHash(hashToken(token));
    if (!session || session.expiresAt.getTime() <= clock()) {
      throw new AppError('unauthorized', 'Invalid refresh token');
    }
    const successor = successorRefreshToken(token, config.jwtRefreshSecret);
    if (!session.revokedAt) {
      const user = await userOf(session);
      const rotated = await repo.rotateSession(session.id, {
        userId: user.id,
        familyId: session.familyId,
        tokenHash: hashToken(successor),
        expiresAt: refreshExpiresAt(),
        impersonatorId: session.impersonatorId,
      });
      if (rotated) return signIn(user, session.familyId, successor, session.impersonatorId);
      // Another request rotated it a moment ago: read what it left.
      session = (await repo.findSessionByHash(hashToken(token)))!;
    }
    const rotatedMsAgo = Date.now() - (session.revokedAt?.getTime() ?? 0);
    if (rotatedMsAgo < TOKEN_TTL.refreshGraceSeconds * 1000 && hops < MAX_GRACE_HOPS) {
      const next = await repo.findSessionByHash(hashToken(successor));
      if (next && next.familyId === session.familyId && next.expiresAt.getTime() > clock()) {
        if (!next.revokedAt) return signIn(await userOf(next), next.familyId, successor, next.impersonatorId);
        return rotate(successor, hops + 1);
      }
    }
    await revokeFamily(session.familyId);
    throw new AppError('unauthorized', 'Refresh token reuse detected');
  }

  /**
   * LDAP: the directory checks the name and password (the form's password is never compared here),
   * and its entry gives the account: the one linked to it, else the one of its e-mail address
   * (the directory's administrators vouch for it), else a new one. As LibreChat's, a directory
   * sign-up is not held back by ALLOW_REGISTRATION, only by registration.allowedDomains.
   */
  async function directoryAccount(ldap: LdapConfig, input: LoginRequest): Promise<UserRow> {
    const person = await ldapAuthenticate(ldap, input.email, input.password).catch((err: unknown) => {
      // Not the person's fault: 503, with the directory's own error kept for the log.
      const unavailable = new AppError('service_unavailable', 'The directory could not be reached');
      unavailable.cause = err;
      throw unavailable;
    });
    if (!person) throw new AppError('invalid_credentials', AUTH_ERROR_TEXTS.invalidCredentials);
    const identity = { provider: 'ldap', subject: person.id };
    const linked = await repo.findLinkedUser(identity.provider, identity.subject);
    if (linked) return linked;
    const existing = await repo.findUserByEmail(person.email);
    if (existing) {
      await repo.linkIdentity(existing.id, identity);
      return existing;
    }
    if (!isEmailDomainAllowed(person.email, config)) {
      throw new AppError('email_domain_not_allowed', AUTH_ERROR_TEXTS.emailDomainNotAllowed);
    }
    const isFirst = (await repo.countUsers()) === 0;
    const created = await repo.insertLinkedUser(
      {
        name: oneLineName(person.name ?? '') || oneLineName(person.email.split('@')[0]!),
        email: person.email,
        username: (person.username && oneLineName(person.username, Infinity)) || null,
        passwordHash: null,
        provider: 'ldap',
        emailVerified: true,
        role: isFirst ? 'ADMIN' : 'USER',
      },
      identity,
    );
    if (created) onRegistered(created.id);
    const account = created ?? (await repo.findUserByEmail(person.email));
    if (!account) throw new Error('the new account vanished');
    return account;
  }

  function assertCanSignIn(user: UserRow): void {
    if (user.deletedAt) throw new AppError('account_deleted', AUTH_ERROR_TEXTS.accountDeleted);
    // A ban (features/moderation) refuses login and refresh too, with the spec's text.
    if (user.bannedUntil && user.bannedUntil.getTime() > clock()) {
      throw new AppError('banned', AUTH_ERROR_TEXTS.banned);
    }
  }

  /** A session once the first factor passed: the second step first for an account that has one. */
  async function firstFactorPassed(user: UserRow): Promise<SignInOutcome> {
    return (await secondFactor(user)) ?? issue(user);
  }

  return {
    /**
     * A new session for a user someone else has authenticated (social sign-in): the same checks
     * as login after its password (banned, deleted), the second step for an account with two-factor
     * authentication, and a new token family.
     */
    async signInAs(user: UserRow): Promise<SignInOutcome> {
      assertCanSignIn(user);
      return firstFactorPassed(user);
    },

    /**
     * The session of a user who has passed every factor (the code step, a passkey): login's
     * checks (banned, deleted) again, as time passed since the first step.
     */
    async finishSignIn(user: UserRow): Promise<IssuedSession> {
      assertCanSignIn(user);
      return issue(user);
    },

    /**
     * The operator signs in as `target` (features/admin): the operator's session (`operatorSid`)
     * ends and a new family for the target, marked with the operator, is answered. The target may
     * not be the operator, nor banned or deleted (refused without the word the client reads as
     * the caller's own ban).
     */
    async impersonate(operatorId: string, operatorSid: string, target: UserRow): Promise<IssuedSession> {
      if (target.id === operatorId) {
        throw new AppError('validation_error', 'The operator cannot impersonate their own account');
      }
      if (target.deletedAt) throw new AppError('not_found', 'No user with this email');
      if (target.bannedUntil && target.bannedUntil.getTime() > clock()) {
        throw new AppError('conflict', 'This account is suspended and cannot be impersonated');
      }
      const session = await issue(target, operatorId);
      await revokeFamily(operatorSid);
      return session;
    },

    /**
     * Ends an impersonation session (`sid`, started by `operatorId`) and answers a new session of
     * the operator, with login's checks.
     */
    async endImpersonation(sid: string, operatorId: string): Promise<IssuedSession> {
      await revokeFamily(sid);
      const operator = await repo.findUserById(operatorId);
      if (!operator) throw new AppError('unauthorized', 'User not found');
      assertCanSignIn(operator);
      return issue(operator);
    },

    findUserByEmail: (email: string) => repo.findUserByEmail(email),
    findUserById: (id: string) => repo.findUserById(id),

    /** A session, or (mail configured) the verification pending: no session until confirmed. */
    async register(
      input: RegisterRequest,
      language: Language = 'en-US',
      origin?: RegistrationOrigin,
    ): Promise<IssuedSession | RegisterPending> {
      if (!config.registrationEnabled) {
        throw new AppError('registration_disabled', AUTH_ERROR_TEXTS.registrationDisabled);
      }
      if (!isEmailDomainAllowed(input.email, config)) {
        throw new AppError('email_domain_not_allowed', AUTH_ERROR_TEXTS.emailDomainNotAllowed);
      }
      const existing = await repo.findUserByEmail(input.email);
      if (existing) throw new AppError('email_taken', AUTH_ERROR_TEXTS.registerFailed);
      const isFirst = (await repo.countUsers()) === 0;
      const user = await repo.insertUser({
        name: input.name,
        email: input.email,
        username: input.username || null,
        passwordHash: await hash(input.password),
        role: isFirst ? 'ADMIN' : 'USER',
        // The fingerprint as computed by the browser; the address as seen here, never the
        // client's word for it (kept apart as reportedIp).
        fingerprint: input.fingerprint || null,
        registrationIp: origin?.ip ?? null,
        reportedIp: input.ipAddress || null,
      });
      if (!user) throw new AppError('email_taken', AUTH_ERROR_TEXTS.registerFailed);
      onRegistered(user.id);
      if (identity?.needsVerification(user)) return identity.pendingRegistration(user, language);
      return issue(user);
    },

    async login(input: LoginRequest): Promise<SignInOutcome> {
      if (!config.emailLoginEnabled) throw new AppError('forbidden', 'Email login is disabled');
      if (config.ldap) {
        const user = await directoryAccount(config.ldap, input);
        assertCanSignIn(user);
        return firstFactorPassed(user);
      }
      const user = await repo.findUserByEmail(input.email);
      if (!user?.passwordHash) {
        dummyHash ??= hash('not-a-real-password');
        await verify(await dummyHash, input.password);
        throw new AppError('invalid_credentials', AUTH_ERROR_TEXTS.invalidCredentials);
      }
      const check = await checkPassword(user.passwordHash, input.password);
      if (!check.ok) throw new AppError('invalid_credentials', AUTH_ERROR_TEXTS.invalidCredentials);
      // A hash brought from LibreChat is replaced by this product's own at the first match.
      if (check.rehashed) await repo.replacePasswordHash(user.id, user.passwordHash, check.rehashed);
      assertCanSignIn(user);
      if (identity?.needsVerification(user)) throw new AppError('email_not_verified', 'Email not verified');
      return firstFactorPassed(user);
    },

    /**
     * Rotates a refresh token. A token that was already rotated is a sign of theft: the whole
     * family (every token descended from that login) is revoked, unless it was rotated within
     * the grace window, when it answers with its successor (see `rotate`).
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw new AppError('unauthorized', 'No refresh token');
      return rotate(refreshToken);
    },

    /** Ends the cookie's session family; answers whose it was (undefined for no known session). */
    async logout(refreshToken: string | undefined): Promise<string | undefined> {
      if (!refreshToken) return undefined;
      const session = await repo.findSessionByHash(hashToken(refreshToken));
      if (!session) return undefined;
      await revokeFamily(session.familyId);
      return session.userId;
    },

    /** Sign out everywhere: every session family of the user is revoked and ends at once. */
    async logoutAll(userId: string): Promise<void> {
      await Promise.all((await repo.revokeAllOf(userId)).map((familyId) => live.ended(familyId)));
    },

    async getUser(id: string) {
      const user = await repo.findUserById(id);
      if (!user || user.deletedAt) throw new AppError('unauthorized', 'User not found');
      return presentUser(user);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
