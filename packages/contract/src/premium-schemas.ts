import { z } from 'zod';
import { route } from './route-def.js';

/**
 * GET /api/premium: which models are premium and how many of today's uses the caller has left, so
 * the model picker can mark them before a send is refused. `models` is empty when no limit is
 * set (nothing is refused); `limited` is false for a valid subscription (uses are not counted).
 * A send on an endpoint with the user's own key is never counted, whatever this says.
 */
export const premiumStatusSchema = z.object({
  models: z.array(z.string()),
  limited: z.boolean(),
  dailyUses: z.number().int().min(0),
  usesLeft: z.number().int().min(0),
});
export type PremiumStatus = z.infer<typeof premiumStatusSchema>;

export const PREMIUM_ROUTES = {
  premiumStatus: route({
    method: 'GET',
    path: '/api/premium',
    summary: "The premium models and the caller's uses left today",
    response: premiumStatusSchema,
  }),
} as const;
