import type { FastifyInstance } from 'fastify';
import { API_ROUTES, TWO_FACTOR_LIMITS, TWO_FACTOR_TEXTS } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import type { AccessClaims } from '../../platform/session-tokens.js';
import { addRoute } from '../../platform/typed-route.js';
import { presentUser, sendSession } from '../auth/index.js';
import type { Passkeys } from './passkeys.js';
import type { TwoFactorRepo } from './repo.js';
import type { TwoFactorService } from './service.js';

/**
 * LibreChat's /api/auth/2fa routes, the code step of sign-in, passkeys and the operator's reset.
 * An impersonation session changes none of the account's factors (they are its owner's).
 */
export function twoFactorRoutes(
  app: FastifyInstance,
  deps: {
    twoFactor: TwoFactorService;
    passkeys: Passkeys;
    repo: TwoFactorRepo;
    config: AppConfig;
    operator: Services['operator'];
    audit: Services['audit'];
  },
): void {
  const { twoFactor, passkeys, repo, config, operator, audit } = deps;
  const owner = {
    authorize: async (user: AccessClaims) => {
      if (user.imp) throw new AppError('forbidden', TWO_FACTOR_TEXTS.ownerOnly);
    },
  };
  const account = async (userId: string) => {
    const user = await repo.findUser(userId);
    if (!user || user.deletedAt) throw new AppError('unauthorized', TWO_FACTOR_TEXTS.userNotFound);
    return user;
  };

  addRoute(app, API_ROUTES.twoFactorEnable, async ({ user }) => twoFactor.enable(user.id), owner);
  addRoute(
    app,
    API_ROUTES.twoFactorVerify,
    async ({ user, body, request }) => {
      await twoFactor.verify(user.id, body, request.ip);
      return {};
    },
    owner,
  );
  addRoute(
    app,
    API_ROUTES.twoFactorConfirm,
    async ({ user, body, request }) => ({
      user: presentUser(await twoFactor.confirm(user.id, body.token, request.ip)),
    }),
    owner,
  );
  addRoute(
    app,
    API_ROUTES.twoFactorDisable,
    async ({ user, body, request }) => ({
      user: presentUser(await twoFactor.disable(user.id, body, request.ip)),
    }),
    owner,
  );
  addRoute(
    app,
    API_ROUTES.twoFactorRegenerateBackupCodes,
    async ({ user, body, request }) => ({
      backupCodes: await twoFactor.regenerate(user.id, body, request.ip),
    }),
    owner,
  );
  addRoute(app, API_ROUTES.twoFactorVerifyTemp, async ({ body, request, reply }) =>
    sendSession(reply, await twoFactor.verifyTemp(body, request.ip), config),
  );

  addRoute(app, API_ROUTES.passkeys, async ({ user }) => ({ passkeys: await passkeys.list(user.id) }));
  addRoute(
    app,
    API_ROUTES.passkeyRegisterOptions,
    async ({ user }) => passkeys.registerOptions(await account(user.id)),
    owner,
  );
  addRoute(
    app,
    API_ROUTES.passkeyRegister,
    async ({ user, body }) => ({ passkey: await passkeys.register(await account(user.id), body) }),
    owner,
  );
  addRoute(
    app,
    API_ROUTES.deletePasskey,
    async ({ user, params }) => {
      await passkeys.remove(user.id, params.id);
      return { id: params.id };
    },
    owner,
  );
  // Public: limited per address, as each one keeps a challenge row for a few minutes.
  addRoute(app, API_ROUTES.passkeyLoginOptions, async () => passkeys.loginOptions(), {
    rateLimit: { max: TWO_FACTOR_LIMITS.passkeyOptionsPerMinute, timeWindow: 60_000 },
  });
  addRoute(app, API_ROUTES.passkeyLogin, async ({ body, request, reply }) =>
    sendSession(reply, await passkeys.login(body, request.ip), config),
  );

  addRoute(
    app,
    API_ROUTES.resetTwoFactor,
    async ({ user, body }) => {
      const done = await twoFactor.reset(body.email);
      await audit.record(user.id, 'reset_2fa', done.email, { passkeysRemoved: done.passkeysRemoved });
      return done;
    },
    operator.only,
  );
}
