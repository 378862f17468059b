import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { TOKEN_TTL, type AuthResponse, type LoginRequest, type RegisterRequest } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { hashToken, newRefreshToken, signAccessToken } from '../../platform/tokens.js';
import type { UserRow } from '../../db/schema.js';
import type { AuthRepo } from './repo.js';
import type { LiveSessions } from './live-sessions.js';
import { presentUser } from './presenter.js';

export interface IssuedSession extends AuthResponse {
  refreshToken: string;
}

/** Compared against when the e-mail is unknown, so a miss costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

export function createAuthService(repo: AuthRepo, config: AppConfig, live: LiveSessions) {
  async function issue(user: UserRow, familyId: string = randomUUID()): Promise<IssuedSession> {
    const refreshToken = newRefreshToken();
    await repo.insertSession({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + TOKEN_TTL.refreshSeconds * 1000),
    });
    const token = await signAccessToken({ id: user.id, role: user.role, sid: familyId }, config.jwtSecret);
    return { token, user: presentUser(user), refreshToken };
  }

  function assertCanSignIn(user: UserRow): void {
    if (user.deletedAt) throw new AppError('account_deleted', 'This account has been deleted');
    if (user.bannedUntil && user.bannedUntil > new Date()) {
      throw new AppError('banned', 'Your account has been temporarily banned');
    }
  }

  return {
    async register(input: RegisterRequest): Promise<IssuedSession> {
      if (!config.registrationEnabled) {
        throw new AppError('registration_disabled', 'Registration is not allowed');
      }
      const existing = await repo.findUserByEmail(input.email);
      if (existing) throw new AppError('email_taken', 'Email is already in use');
      const isFirst = (await repo.countUsers()) === 0;
      const user = await repo.insertUser({
        name: input.name,
        email: input.email,
        username: input.username || null,
        passwordHash: await hash(input.password),
        role: isFirst ? 'ADMIN' : 'USER',
      });
      if (!user) throw new AppError('email_taken', 'Email is already in use');
      return issue(user);
    },

    async login(input: LoginRequest): Promise<IssuedSession> {
      if (!config.emailLoginEnabled) throw new AppError('forbidden', 'Email login is disabled');
      const user = await repo.findUserByEmail(input.email);
      if (!user?.passwordHash) {
        dummyHash ??= hash('not-a-real-password');
        await verify(await dummyHash, input.password);
        throw new AppError('invalid_credentials', 'Incorrect email or password');
      }
      const ok = await verify(user.passwordHash, input.password);
      if (!ok) throw new AppError('invalid_credentials', 'Incorrect email or password');
      assertCanSignIn(user);
      return issue(user);
    },

    /**
     * Rotates a refresh token. A token that was already rotated is a sign of theft: the whole
     * family (every token descended from that login) is revoked.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw new AppError('unauthorized', 'No refresh token');
      const session = await repo.findSessionByHash(hashToken(refreshToken));
      if (!session || session.expiresAt <= new Date()) {
        throw new AppError('unauthorized', 'Invalid refresh token');
      }
      if (session.revokedAt || !(await repo.revokeSession(session.id))) {
        await repo.revokeFamily(session.familyId);
        live.ended(session.familyId);
        throw new AppError('unauthorized', 'Refresh token reuse detected');
      }
      const user = await repo.findUserById(session.userId);
      if (!user) throw new AppError('unauthorized', 'Invalid refresh token');
      assertCanSignIn(user);
      return issue(user, session.familyId);
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const session = await repo.findSessionByHash(hashToken(refreshToken));
      if (!session) return;
      await repo.revokeFamily(session.familyId);
      live.ended(session.familyId);
    },

    async getUser(id: string) {
      const user = await repo.findUserById(id);
      if (!user || user.deletedAt) throw new AppError('unauthorized', 'User not found');
      return presentUser(user);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
