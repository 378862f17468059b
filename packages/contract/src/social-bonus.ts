/**
 * The social-media bonus: a user who shares the app on a
 * platform claims SOCIAL_BONUS_TOKENS once per platform, credited to the token balance with a
 * transaction row. Zod-free (the web's entry point reads the platforms and their share links);
 * the route row is in social-bonus-schemas.ts.
 */

/** The platforms a bonus can be claimed for, and where each shares a link. */
export const SOCIAL_PLATFORMS = ['x', 'facebook', 'linkedin', 'reddit'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const isSocialPlatform = (v: unknown): v is SocialPlatform =>
  typeof v === 'string' && (SOCIAL_PLATFORMS as readonly string[]).includes(v);

/** SOCIAL_BONUS_TOKENS' default: a quarter of START_BALANCE's default (docs/decisions.md). */
export const SOCIAL_BONUS_DEFAULT_TOKENS = 5_000;
/** SOCIAL_BONUS_PLATFORMS' default: every platform. */
export const SOCIAL_BONUS_DEFAULT_PLATFORMS: readonly SocialPlatform[] = SOCIAL_PLATFORMS;

export const SOCIAL_BONUS_TEXTS = {
  alreadyClaimed: 'The bonus for this platform has already been claimed.',
  notOffered: 'There is no bonus for this platform.',
  disabled: 'The social media bonus is not enabled on this server.',
  freeTier: 'Register an account to claim a bonus.',
} as const;

/** The platform's share page for `url` (opened by the web before the claim). */
export function shareUrl(platform: SocialPlatform, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (platform) {
    case 'x':
      return `https://x.com/intent/post?url=${u}&text=${t}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
  }
}
