import { useTranslation } from '../../../hooks/useTranslation';

/** Above the first rendered message while older ones are not rendered (they load on scroll too). */
export function ShowEarlierButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-2">
      <button
        type="button"
        data-testid="show-earlier"
        onClick={onClick}
        className="rounded-full px-3 py-1 text-sm text-text-secondary hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
      >
        {t('com_chat_show_earlier')}
      </button>
    </div>
  );
}
