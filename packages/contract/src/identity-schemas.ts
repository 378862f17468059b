import { z } from 'zod';
import { authResponseSchema, registerFieldsSchema } from './api-schemas.js';
import { idSchema } from './entities-schemas.js';
import { route } from './route-def.js';
import { vkey } from './validation-texts.js';

/** The longest token accepted in a link (ours are 64 hex characters). */
const TOKEN_MAX = 256;

/** The reset-request email follows the registration rules (6 to 120, x@y.z). */
export const requestPasswordResetSchema = z.object({ email: registerFieldsSchema.shape.email });
export type RequestPasswordResetRequest = z.infer<typeof requestPasswordResetSchema>;

/**
 * The same answer for every address, known or not. `link` only when no mail is configured and the
 * address belongs to an account that may reset (the spec: the page shows it as a click-here link).
 */
export const requestPasswordResetResponseSchema = z.object({
  message: z.string(),
  link: z.string().optional(),
});
export type RequestPasswordResetResponse = z.infer<typeof requestPasswordResetResponseSchema>;

export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(1, vkey('com_auth_reset_no_token')).max(TOKEN_MAX, vkey('com_auth_reset_no_token')),
    userId: z.string().min(1, vkey('com_auth_reset_no_user_id')).pipe(idSchema),
    password: registerFieldsSchema.shape.password,
    confirm_password: registerFieldsSchema.shape.confirm_password,
  })
  .refine((v) => v.password === v.confirm_password, {
    message: vkey('com_auth_password_not_match'),
    path: ['confirm_password'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const identityMessageSchema = z.object({ message: z.string() });
export type IdentityMessage = z.infer<typeof identityMessageSchema>;

/** Registration when mail is configured: no session until the address is confirmed. */
export const registerPendingSchema = z.object({
  message: z.string(),
  verifyEmail: z.literal(true),
  email: z.string(),
  userId: z.string(),
});
export type RegisterPending = z.infer<typeof registerPendingSchema>;
export const registerResponseSchema = z.union([authResponseSchema, registerPendingSchema]);
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * The account to mail a new confirmation link to: `userId` (LibreChat's, from the verify page
 * after registration) or `email` (the login page's "send a new link" when the first one expired).
 */
export const resendConfirmQuerySchema = z
  .object({ userId: idSchema.optional(), email: registerFieldsSchema.shape.email.optional() })
  .refine((q) => q.userId !== undefined || q.email !== undefined, {
    message: 'userId or email is required',
  });
export const emailConfirmationQuerySchema = z.object({ token: z.string().min(1).max(TOKEN_MAX) });

export const IDENTITY_ROUTES = {
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/auth/requestPasswordReset',
    summary: 'Mail a password-reset link (or answer it when no mail is configured)',
    public: true,
    body: requestPasswordResetSchema,
    response: requestPasswordResetResponseSchema,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/auth/resetPassword',
    summary: "Set a new password with a reset link's token; ends the user's sessions",
    public: true,
    body: resetPasswordRequestSchema,
    response: identityMessageSchema,
  }),
  resendConfirmEmail: route({
    method: 'POST',
    path: '/api/auth/resendConfirmEmail',
    summary: 'Mail the email-confirmation link again to an unverified account',
    public: true,
    query: resendConfirmQuerySchema,
    response: identityMessageSchema,
  }),
  emailConfirmation: route({
    method: 'POST',
    path: '/api/user/emailConfirmation',
    summary: "Confirm an account's email address with the mailed token",
    public: true,
    query: emailConfirmationQuerySchema,
    response: identityMessageSchema,
  }),
} as const;
