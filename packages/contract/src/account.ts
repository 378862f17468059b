import { z } from 'zod';
import { route } from './route-def.js';
import { registerFieldsSchema } from './api.js';
import { userSchema } from './entities.js';

/** The account's own settings and its end (business §4 Settings and account flows, §7). */
export const ACCOUNT_LIMITS = {
  /** The optional reason typed in step 2 of the delete-account wizard. */
  deleteReasonMaxChars: 1000,
} as const;

/**
 * `DELETE /api/user` takes a JSON body (spec §7); its reason is optional, since the wizard's
 * step 2 may be skipped: `{}` deletes without one.
 */
export const deleteUserRequestSchema = z.object({
  reason: z.string().trim().max(ACCOUNT_LIMITS.deleteReasonMaxChars).optional(),
});
export type DeleteUserRequest = z.infer<typeof deleteUserRequestSchema>;
export const deleteUserResponseSchema = z.object({ message: z.string() });

/**
 * `PUT /api/user`: the caller's own name and username, with the registration form's rules (business
 * §5: name 3 to 80, username optional 2 to 20). A field left out is kept; an empty username clears it.
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

export const ACCOUNT_ROUTES = {
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
