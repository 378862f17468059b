import { z } from 'zod';
import { route } from './route-def.js';

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

export const ACCOUNT_ROUTES = {
  deleteUser: route({
    method: 'DELETE',
    path: '/api/user',
    summary: "Delete the caller's account and everything it owns; ends the session",
    body: deleteUserRequestSchema,
    response: deleteUserResponseSchema,
  }),
} as const;
