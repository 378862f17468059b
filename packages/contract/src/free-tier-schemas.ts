import { z } from 'zod';
import { authResponseSchema } from './api-schemas.js';
import { route } from './route-def.js';

/**
 * `POST /api/user/checkFreeTier?fingerprint=&ipAddress=`. The fingerprint is the
 * browser's SHA-256 hex (features/auth/fingerprint.ts); `ipAddress` is the client's word only: the
 * server binds the account to the address it saw itself.
 */
export const checkFreeTierQuerySchema = z.object({
  fingerprint: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/),
  ipAddress: z.string().trim().max(64).optional(),
});
export type CheckFreeTierQuery = z.infer<typeof checkFreeTierQuerySchema>;

export const FREE_TIER_ROUTES = {
  checkFreeTier: route({
    method: 'POST',
    path: '/api/user/checkFreeTier',
    summary: "The device's free-tier account (made on first use, else restored), signed in",
    public: true,
    query: checkFreeTierQuerySchema,
    response: authResponseSchema,
  }),
} as const;
