import { bool } from '../../config/env-fields.js';

/** The environment variables this feature reads (LibreChat's names and defaults). */
export const shareEnv = {
  /** Shared links on: the Share button, /api/share and the /share/<id> pages. */
  ALLOW_SHARED_LINKS: bool(true),
  /** Anyone with a link may read it; false: only signed-in people. */
  ALLOW_SHARED_LINKS_PUBLIC: bool(true),
};

/** Whether shared links are on, and whether a reader needs no account. */
export interface ShareSettings {
  enabled: boolean;
  public: boolean;
}
