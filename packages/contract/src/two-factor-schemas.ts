import { z } from 'zod';
import { authResponseSchema } from './api-schemas.js';
import { userSchema } from './entities-schemas.js';
import { AUTH_LIMITS } from './limits.js';
import { TWO_FACTOR_LIMITS } from './two-factor.js';
import { route } from './route-def.js';

const code = z.string().trim().min(1).max(TWO_FACTOR_LIMITS.codeMax);

/**
 * LibreChat's login answer for an account with two-factor authentication: no session yet, a
 * short-lived token that POST /api/auth/2fa/verify-temp takes with a code.
 */
export const twoFactorPendingSchema = z.object({
  twoFAPending: z.literal(true),
  tempToken: z.string(),
});
export type TwoFactorPending = z.infer<typeof twoFactorPendingSchema>;

/** What a sign-in answers: the session, or the code step still to take. */
export const loginResponseSchema = z.union([authResponseSchema, twoFactorPendingSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A code from the authenticator app (`token`) or a backup code: one of the two. */
export const twoFactorCodeSchema = z.object({ token: code.optional(), backupCode: code.optional() });
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>;

export const twoFactorEnableResponseSchema = z.object({
  /** The Base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** Shown this once: only their hashes are kept. */
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorUserResponseSchema = z.object({ user: userSchema });
export const twoFactorVerifyTempBodySchema = twoFactorCodeSchema.extend({
  tempToken: z.string().max(4096).optional(),
});

/** A WebAuthn JSON object as @simplewebauthn writes it; read field by field by the server's library. */
const webauthnJson = z.looseObject({});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the person's devices (a "multi-device" credential) or bound to one. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyChallengeResponseSchema = z.object({
  /** The ceremony's id, sent back with the authenticator's answer. */
  challengeId: z.string(),
  options: webauthnJson,
});
export type PasskeyChallengeResponse = z.infer<typeof passkeyChallengeResponseSchema>;

const ceremonyBody = z.object({ challengeId: z.uuid(), response: webauthnJson });

export const passkeyRegisterBodySchema = ceremonyBody.extend({
  name: z.string().trim().max(TWO_FACTOR_LIMITS.passkeyNameMax).optional(),
});
export const passkeyLoginBodySchema = ceremonyBody;

/**
 * LibreChat's two-factor routes (its paths, bodies and answers; `enable` also answers the secret
 * itself, and confirm and disable answer the user), the code step of sign-in, and passkeys.
 */
export const TWO_FACTOR_ROUTES = {
  twoFactorEnable: route({
    method: 'GET',
    path: '/api/auth/2fa/enable',
    summary:
      'Start two-factor setup: a new secret, its otpauth URL and ten backup codes (not on until confirmed)',
    response: twoFactorEnableResponseSchema,
  }),
  twoFactorVerify: route({
    method: 'POST',
    path: '/api/auth/2fa/verify',
    summary: 'Check a code (token) or backup code against the pending or enabled secret',
    body: twoFactorCodeSchema,
    response: z.object({}),
  }),
  twoFactorConfirm: route({
    method: 'POST',
    path: '/api/auth/2fa/confirm',
    summary: 'Turn two-factor authentication on with a code of the new secret',
    body: z.object({ token: code }),
    response: twoFactorUserResponseSchema,
  }),
  twoFactorDisable: route({
    method: 'POST',
    path: '/api/auth/2fa/disable',
    summary: 'Turn two-factor authentication off (a code or backup code when it is on)',
    body: twoFactorCodeSchema,
    response: twoFactorUserResponseSchema,
  }),
  twoFactorRegenerateBackupCodes: route({
    method: 'POST',
    path: '/api/auth/2fa/backup/regenerate',
    summary: 'Ten new backup codes (the old ones end); a code or backup code when two-factor is on',
    body: twoFactorCodeSchema,
    response: z.object({ backupCodes: z.array(z.string()) }),
  }),
  twoFactorVerifyTemp: route({
    method: 'POST',
    path: '/api/auth/2fa/verify-temp',
    summary: "Sign-in's second step: the login's tempToken and a code or backup code give the session",
    public: true,
    body: twoFactorVerifyTempBodySchema,
    response: authResponseSchema,
  }),
  passkeys: route({
    method: 'GET',
    path: '/api/auth/passkeys',
    summary: "The caller's passkeys",
    response: z.object({ passkeys: z.array(passkeySchema) }),
  }),
  passkeyRegisterOptions: route({
    method: 'POST',
    path: '/api/auth/passkeys/register/options',
    summary: 'Start registering a passkey: the WebAuthn creation options',
    response: passkeyChallengeResponseSchema,
  }),
  passkeyRegister: route({
    method: 'POST',
    path: '/api/auth/passkeys/register',
    summary: "Keep a passkey: the authenticator's answer to the creation options",
    body: passkeyRegisterBodySchema,
    response: z.object({ passkey: passkeySchema }),
  }),
  deletePasskey: route({
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    summary: 'Remove one of the caller’s passkeys',
    params: z.object({ id: z.uuid() }),
    response: z.object({ id: z.string() }),
  }),
  passkeyLoginOptions: route({
    method: 'POST',
    path: '/api/auth/passkeys/login/options',
    summary: 'Start signing in with a passkey: the WebAuthn request options',
    public: true,
    response: passkeyChallengeResponseSchema,
  }),
  passkeyLogin: route({
    method: 'POST',
    path: '/api/auth/passkeys/login',
    summary: "Sign in with a passkey: the authenticator's signed answer gives the session",
    public: true,
    body: passkeyLoginBodySchema,
    response: authResponseSchema,
  }),
  resetTwoFactor: route({
    method: 'POST',
    path: '/api/admin/2fa/reset',
    summary:
      "Reset a user's second factor: two-factor authentication off, backup codes and passkeys removed (the operator only)",
    body: z.object({ email: z.string().trim().min(1).max(AUTH_LIMITS.emailMax) }),
    response: z.object({ email: z.string(), passkeysRemoved: z.number().int() }),
  }),
} as const;
