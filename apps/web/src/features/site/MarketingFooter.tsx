import { Link } from 'react-router';
import { useStartupConfig } from '../../api/config';
import { useTranslation } from '../../hooks/useTranslation';

/** Spec §2 marketing footer: the copyright line and the site's links. */
export function MarketingFooter() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  return (
    <footer className="border-t border-border-light bg-surface-primary">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-text-secondary sm:flex-row sm:px-6">
        <p>{t('com_site_copyright', { year: new Date().getFullYear(), app: config?.appTitle ?? '' })}</p>
        <nav aria-label={t('com_site_footer_nav')} className="flex gap-4">
          <Link to="/blog" className="hover:text-text-primary">
            {t('com_site_blog')}
          </Link>
          <Link to="/faq" className="hover:text-text-primary">
            {t('com_site_faq')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
