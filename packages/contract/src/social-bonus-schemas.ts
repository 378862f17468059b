import { z } from 'zod';
import { route } from './route-def.js';
import { SOCIAL_PLATFORMS } from './social-bonus.js';

/** `POST /api/user/claimSocialMediaBonus`: the platform shared on. */
export const claimSocialBonusRequestSchema = z.object({ platform: z.enum(SOCIAL_PLATFORMS) });
export type ClaimSocialBonusRequest = z.infer<typeof claimSocialBonusRequestSchema>;
/** The tokens credited and the balance after them. */
export const claimSocialBonusResponseSchema = z.object({
  platform: z.enum(SOCIAL_PLATFORMS),
  tokens: z.number().int(),
  balance: z.number().int(),
});
export type ClaimSocialBonusResponse = z.infer<typeof claimSocialBonusResponseSchema>;

/** What the caller may claim: the bonus per platform and which are claimed already. */
export const socialBonusStatusSchema = z.object({
  tokens: z.number().int(),
  platforms: z.array(z.object({ platform: z.enum(SOCIAL_PLATFORMS), claimed: z.boolean() })),
});
export type SocialBonusStatus = z.infer<typeof socialBonusStatusSchema>;

export const SOCIAL_BONUS_ROUTES = {
  claimSocialMediaBonus: route({
    method: 'POST',
    path: '/api/user/claimSocialMediaBonus',
    summary: 'Credits the bonus for sharing on a platform, once per platform (409 when claimed)',
    body: claimSocialBonusRequestSchema,
    response: claimSocialBonusResponseSchema,
  }),
  socialMediaBonus: route({
    method: 'GET',
    path: '/api/user/socialMediaBonus',
    summary: 'The platforms offering a bonus and whether the caller claimed each (none when off)',
    response: socialBonusStatusSchema,
  }),
} as const;
