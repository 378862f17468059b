import { useTranslation } from '../../hooks/useTranslation';

/** The blog's load error, on the public list and in management. */
export function BlogLoadError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="py-12 text-center">
      <p className="font-semibold text-text-primary">{t('com_blog_error_loading')}</p>
      <p className="mt-2 text-sm text-text-secondary">{t('com_blog_error_loading_detail')}</p>
    </div>
  );
}
