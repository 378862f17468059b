import { Link } from 'react-router';
import { useTranslation } from '../../hooks/useTranslation';
import { LanguageSwitch } from './LanguageSwitch';
import { useSiteConfig } from './site-config';

/**
 * The marketing footer: the copyright line, the site's links, the product's social pages
 * (SOCIAL_LINKS; brand names, not translated) and the language choice.
 */
export function MarketingFooter() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  return (
    <footer className="border-t border-border-light bg-surface-primary">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-text-secondary sm:flex-row sm:px-6">
        <p>{t('com_site_copyright', { year: new Date().getFullYear(), app: config?.appTitle ?? '' })}</p>
        <nav
          aria-label={t('com_site_footer_nav')}
          className="flex flex-wrap items-center justify-center gap-4"
        >
          <Link to="/blog" className="hover:text-text-primary">
            {t('com_site_blog')}
          </Link>
          <Link to="/faq" className="hover:text-text-primary">
            {t('com_site_faq')}
          </Link>
          {config?.subscriptionsEnabled && (
            <Link to="/pricing" className="hover:text-text-primary">
              {t('com_site_pricing')}
            </Link>
          )}
          {/* A server from before SOCIAL_LINKS sends none. */}
          {(config?.socialLinks ?? []).map((link) => (
            <a
              key={link.url}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="social-link"
              className="hover:text-text-primary"
            >
              {link.name}
            </a>
          ))}
          <LanguageSwitch />
        </nav>
      </div>
    </footer>
  );
}
