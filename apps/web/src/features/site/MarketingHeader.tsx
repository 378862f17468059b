import { Link } from 'react-router';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { ThemeToggle } from './ThemeToggle';
import { FREE_TIER_STATE, TRY_NOW_HREF, navLinkClass, primaryLinkClass } from './links';
import { useSignedInHint, useSiteConfig } from './site-config';

/**
 * Marketing header: logo to /, theme toggle, BLOG, FAQ, LOGIN, Refer a Friend (only when
 * AFFILIATE_REFER_URL is set: it opens the affiliate's page) and Try. PRICING shows only when
 * subscriptions are on: without them nobody can buy the plans it lists. Someone probably signed
 * in (the session hint) is offered the chat instead of LOGIN and Try.
 */
export function MarketingHeader() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const referUrl = config?.affiliateReferUrl;
  const signedIn = useSignedInHint();
  return (
    <header className="border-b border-border-light bg-surface-primary">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          to="/"
          // Named by the product's title it shows; before the settings arrive, by what it does.
          aria-label={config?.appTitle ? undefined : t('com_site_home')}
          className="me-auto flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} className="rounded-lg" />
          <span className="text-base font-semibold text-text-primary">{config?.appTitle ?? '\u00a0'}</span>
        </Link>
        <ThemeToggle />
        <nav aria-label={t('com_site_main_nav')} className="flex flex-wrap items-center gap-1">
          <Link to="/blog" className={navLinkClass}>
            {t('com_site_nav_blog')}
          </Link>
          <Link to="/faq" className={navLinkClass}>
            {t('com_site_nav_faq')}
          </Link>
          {config?.subscriptionsEnabled && (
            <Link to="/pricing" className={navLinkClass}>
              {t('com_site_nav_pricing')}
            </Link>
          )}
          {!signedIn && (
            <Link to="/login" className={navLinkClass}>
              {t('com_site_nav_login')}
            </Link>
          )}
          {referUrl && (
            <a
              href={referUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="refer-friend"
              className={navLinkClass}
            >
              {t('com_site_refer_friend')}
            </a>
          )}
          {signedIn ? (
            <Link
              to="/c/new"
              data-testid="header-open-chat"
              className={clsx(primaryLinkClass, 'ms-1 h-9 px-4')}
            >
              {t('com_site_open_chat')}
            </Link>
          ) : config?.freeTierEnabled ? (
            <Link
              to={TRY_NOW_HREF}
              state={FREE_TIER_STATE}
              data-testid="header-try"
              className={clsx(primaryLinkClass, 'ms-1 h-9 px-4')}
            >
              {t('com_site_try')}
            </Link>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
