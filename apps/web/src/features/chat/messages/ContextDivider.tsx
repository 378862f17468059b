import { useTranslation } from '../../../hooks/useTranslation';

/** Above the first message the model was shown: the ones before it are no longer in its context. */
export function ContextDivider() {
  const { t } = useTranslation();
  return (
    <div
      role="separator"
      data-testid="context-divider"
      className="mx-auto flex w-full max-w-3xl items-center gap-3 px-4 py-2 text-xs text-text-secondary sm:px-6"
    >
      <span aria-hidden="true" className="h-px flex-1 bg-border-medium" />
      <span>{t('com_chat_context_start')}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-border-medium" />
    </div>
  );
}
