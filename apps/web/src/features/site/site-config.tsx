import { createContext, useContext } from 'react';
import type { StartupConfig } from '@chat/contract';
import { useStartupConfig } from '../../api/config';
import { hasSessionHint } from '../../api/session-hint';

/** What the public pages read of the startup config. */
export type SiteConfig = Pick<
  StartupConfig,
  | 'appTitle'
  | 'affiliateReferUrl'
  | 'affiliateScriptUrl'
  | 'subscriptionsEnabled'
  | 'freeTierEnabled'
  | 'contactEmail'
  | 'socialLinks'
>;

/** The server's rendering: the config it has, and whether the request held the session hint. */
interface RenderedSiteConfig extends SiteConfig {
  signedIn: boolean;
}

const SiteConfigContext = createContext<RenderedSiteConfig | null>(null);

/** The server's rendering gives the config it has; the app asks GET /api/config. */
export const SiteConfigProvider = SiteConfigContext.Provider;

export function useSiteConfig(): SiteConfig | undefined {
  const given = useContext(SiteConfigContext);
  const { data } = useStartupConfig();
  return given ?? data;
}

/**
 * Whether this browser probably holds a session (the session hint cookie): the server says so for
 * the page it renders, the app reads the cookie.
 */
export function useSignedInHint(): boolean {
  const given = useContext(SiteConfigContext);
  return given ? given.signedIn : hasSessionHint();
}
