import { Link } from 'react-router';
import { useTranslation } from '../../hooks/useTranslation';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main
      data-testid="not-found"
      className="flex min-h-full flex-col items-center justify-center gap-4 bg-surface-primary px-6 text-center"
    >
      <p className="text-6xl font-semibold tracking-tight text-text-tertiary">404</p>
      <h1 className="text-2xl font-semibold text-text-primary">{t('com_ui_not_found_title')}</h1>
      <p className="max-w-sm text-sm text-text-secondary">{t('com_ui_not_found_desc')}</p>
      <Link
        to="/"
        data-testid="go-home"
        className="mt-2 inline-flex h-10 items-center rounded-lg bg-surface-submit px-5 text-sm font-medium text-white hover:bg-surface-submit-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
      >
        {t('com_ui_go_home')}
      </Link>
    </main>
  );
}
