import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AUTH_ERROR_TEXTS,
  TOKEN_TTL,
  type AuthResponse,
  type Language,
  type LoginRequest,
  type RegisterPending,
  type RegisterRequest,
} from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { hashToken, newRefreshToken, signAccessToken, successorRefreshToken } from '../../platform/tokens.js';
import type { SessionRow, UserRow } from '../../db/schema.js';
import type { AuthRepo } from './repo.js';
import type { LiveSessions } from './live-sessions.js';
import { presentUser } from './presenter.js';
import type { IdentityService } from './identity.js';
import { isEmailDomainAllowed } from './allowed-domains.js';

/** Where a registration came from: the address the server saw (request.ip, TRUST_PROXY honoured). */
export interface RegistrationOrigin {
  ip: string;
}

export interface IssuedSession extends AuthResponse {
  refreshToken: string;
}

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
) {
  const operatorEmail = config.adminEmail?.trim().toLowerCase();

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
      expiresAt: new Date(Date.now() + TOKEN_TTL.refreshSeconds * 1000),
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
    if (!session || session.expiresAt <= new Date()) {
      throw new AppError('unauthorized', 'Invalid refresh token');
    }
    const successor = successorRefreshToken(token, config.jwtRefreshSecret);
    if (!session.revokedAt) {
      const user = await userOf(session);
      const rotated = await repo.rotateSession(session.id, {
        userId: user.id,
        familyId: session.familyId,
        tokenHash: hashToken(successor),
        expiresAt: new Date(Date.now() + TOKEN_TTL.refreshSeconds * 1000),
        impersonatorId: session.impersonatorId,
      });
      if (rotated) return signIn(user, session.familyId, successor, session.impersonatorId);
      // Another request rotated it a moment ago: read what it left.
      session = (await repo.findSessionByHash(hashToken(token)))!;
    }
    const rotatedMsAgo = Date.now() - (session.revokedAt?.getTime() ?? 0);
    if (rotatedMsAgo < TOKEN_TTL.refreshGraceSeconds * 1000 && hops < MAX_GRACE_HOPS) {
      const next = await repo.findSessionByHash(hashToken(successor));
      if (next && next.familyId === session.familyId && next.expiresAt > new Date()) {
        if (!next.revokedAt) return signIn(await userOf(next), next.familyId, successor, next.impersonatorId);
        return rotate(successor, hops + 1);
      }
    }
    await revokeFamily(session.familyId);
    throw new AppError('unauthorized', 'Refresh token reuse detected');
  }

  function assertCanSignIn(user: UserRow): void {
    if (user.deletedAt) throw new AppError('account_deleted', AUTH_ERROR_TEXTS.accountDeleted);
    // A ban (features/moderation) refuses login and refresh too, with the spec's text.
    if (user.bannedUntil && user.bannedUntil.getTime() > clock()) {
      throw new AppError('banned', AUTH_ERROR_TEXTS.banned);
    }
  }

  return {
    /**
     * A new session for a user someone else has authenticated (social sign-in): the same checks
     * as login after its password (banned, deleted), and a new token family.
     */
    async signInAs(user: UserRow): Promise<IssuedSession> {
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

    async login(input: LoginRequest): Promise<IssuedSession> {
      if (!config.emailLoginEnabled) throw new AppError('forbidden', 'Email login is disabled');
      const user = await repo.findUserByEmail(input.email);
      if (!user?.passwordHash) {
        dummyHash ??= hash('not-a-real-password');
        await verify(await dummyHash, input.password);
        throw new AppError('invalid_credentials', AUTH_ERROR_TEXTS.invalidCredentials);
      }
      const ok = await verify(user.passwordHash, input.password);
      if (!ok) throw new AppError('invalid_credentials', AUTH_ERROR_TEXTS.invalidCredentials);
      assertCanSignIn(user);
      if (identity?.needsVerification(user)) throw new AppError('email_not_verified', 'Email not verified');
      return issue(user);
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

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const session = await repo.findSessionByHash(hashToken(refreshToken));
      if (session) await revokeFamily(session.familyId);
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
