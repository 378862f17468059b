import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../hooks/useTranslation';
import { HoverMenu } from './HoverMenu';
import { SiteLayout } from './SiteLayout';
import { loadAffiliateScript } from './affiliate';
import { FREE_TIER_STATE, TRY_NOW_HREF, primaryLinkClass, secondaryLinkClass } from './links';
import { useSiteConfig } from './site-config';
import { useBodyClass } from '../../hooks/useBodyClass';
import { usePageMeta } from './usePageMeta';

/**
 * The landing page: title, Early Access badge, tagline, Login, Try Now (only where the free tier is
 * on: elsewhere it could only end in a refusal), Blog / FAQ menu.
 */
export default function LandingPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  useBodyClass('landing-page');
  usePageMeta(null, t('com_site_home_description'));
  const scriptUrl = config?.affiliateScriptUrl;
  useEffect(() => loadAffiliateScript(scriptUrl), [scriptUrl]);

  return (
    <SiteLayout>
      <section
        data-testid="landing"
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-6 px-6 py-16 text-center sm:py-24"
      >
        <span className="rounded-full border border-border-medium bg-surface-secondary px-3 py-1 text-xs font-semibold uppercase tracking-wider text-text-secondary">
          {t('com_site_early_access')}
        </span>
        <h1 className="text-4xl font-bold tracking-tight text-text-primary sm:text-6xl">
          {config?.appTitle ?? '\u00a0'}
        </h1>
        <p className="max-w-xl text-lg text-text-secondary sm:text-xl">{t('com_site_tagline')}</p>
        <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
          <Link to="/login" data-testid="landing-login" className={secondaryLinkClass}>
            {t('com_auth_login')}
          </Link>
          {config?.freeTierEnabled && (
            <Link
              to={TRY_NOW_HREF}
              state={FREE_TIER_STATE}
              data-testid="landing-try"
              className={primaryLinkClass}
            >
              {t('com_site_try_now')}
            </Link>
          )}
          <HoverMenu />
        </div>
      </section>
    </SiteLayout>
  );
}
