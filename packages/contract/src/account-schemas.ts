import { z } from 'zod';
import { route } from './route-def.js';
import { registerFieldsSchema } from './api-schemas.js';
import { userSchema } from './entities-schemas.js';
import { ACCOUNT_LIMITS } from './account.js';

/**
 * `DELETE /api/user` takes a JSON body; its reason is optional, since the wizard's
 * step 2 may be skipped: `{}` deletes without one.
 */
export const deleteUserRequestSchema = z.object({
  reason: z.string().trim().max(ACCOUNT_LIMITS.deleteReasonMaxChars).optional(),
});
export type DeleteUserRequest = z.infer<typeof deleteUserRequestSchema>;
export const deleteUserResponseSchema = z.object({ message: z.string() });

/**
 * `PUT /api/user`: the caller's own name and username, with the registration form's rules (business
 * Name 3 to 80, username optional 2 to 20). A field left out is kept; an empty username clears it.
 */
export const updateUserRequestSchema = z
  .object({
    name: registerFieldsSchema.shape.name.optional(),
    username: registerFieldsSchema.shape.username,
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** What a logout answers (LibreChat's `{ message, redirect }`): the client follows `redirect`. */
export const logoutAllResponseSchema = z.object({ message: z.string(), redirect: z.string().optional() });

/** GET /api/user/terms (LibreChat's): whether the caller accepted the terms dialog. */
export const termsStatusSchema = z.object({ termsAccepted: z.boolean() });
export type TermsStatus = z.infer<typeof termsStatusSchema>;
/** POST /api/user/terms/accept answers LibreChat's `{ message }`. */
export const acceptTermsResponseSchema = z.object({ message: z.string() });

export const ACCOUNT_ROUTES = {
  termsStatus: route({
    method: 'GET',
    path: '/api/user/terms',
    summary: 'Whether the caller accepted the terms dialog (librechat.yaml interface.termsOfService)',
    response: termsStatusSchema,
  }),
  acceptTerms: route({
    method: 'POST',
    path: '/api/user/terms/accept',
    summary: 'Record that the caller accepted the terms dialog; asked once',
    response: acceptTermsResponseSchema,
  }),
  updateUser: route({
    method: 'PUT',
    path: '/api/user',
    summary: "Change the caller's name or username",
    body: updateUserRequestSchema,
    response: userSchema,
  }),
  /**
   * "Sign out everywhere" (Settings → Account): every session of the caller ends, this one too.
   * LibreChat has no such route; it sits beside its logout.
   */
  logoutAll: route({
    method: 'POST',
    path: '/api/auth/logout/all',
    summary: 'End every session of the caller, the current one included',
    response: logoutAllResponseSchema,
  }),

  deleteUser: route({
    method: 'DELETE',
    path: '/api/user',
    summary: "Delete the caller's account and everything it owns; ends the session",
    body: deleteUserRequestSchema,
    response: deleteUserResponseSchema,
  }),
} as const;
