import { createContext, useContext } from 'react';
import type { StartupConfig } from '@chat/contract';
import { useStartupConfig } from '../../api/config';

/** What the public pages read of the startup config. */
export type SiteConfig = Pick<
  StartupConfig,
  'appTitle' | 'affiliateReferUrl' | 'affiliateScriptUrl' | 'subscriptionsEnabled' | 'freeTierEnabled'
>;

const SiteConfigContext = createContext<SiteConfig | null>(null);

/** The server's rendering gives the config it has; the app asks GET /api/config. */
export const SiteConfigProvider = SiteConfigContext.Provider;

export function useSiteConfig(): SiteConfig | undefined {
  const given = useContext(SiteConfigContext);
  const { data } = useStartupConfig();
  return given ?? data;
}
