import { FREE_TIER_LOGIN_HREF } from '@chat/contract';

/**
 * Router state of Try Now ("carrying free-tier data in route state"): /login reads
 * `freeTier` from `location.state` and signs the device's free-tier account in. The link's
 * address carries the same as a query marker, which is all a server-rendered page's plain link
 * (a full page load) keeps.
 */
export interface FreeTierRouteState {
  freeTier: true;
}
export const FREE_TIER_STATE: FreeTierRouteState = { freeTier: true };
export const TRY_NOW_HREF = FREE_TIER_LOGIN_HREF;

export const navLinkClass =
  'rounded-md px-2 py-1.5 text-sm font-semibold tracking-wide text-text-secondary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';

export const primaryLinkClass =
  'inline-flex h-10 items-center justify-center rounded-lg bg-surface-submit px-5 text-sm font-medium text-white hover:bg-surface-submit-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';

export const secondaryLinkClass =
  'inline-flex h-10 items-center justify-center rounded-lg border border-border-medium bg-surface-primary px-5 text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';
