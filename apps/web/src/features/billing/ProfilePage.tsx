import { Link } from 'react-router';
import { useStartupConfig } from '../../api/config';
import { useTranslation } from '../../hooks/useTranslation';
import { SubscriptionEditButton, useSubscriptionSummary } from './SubscriptionSetting';

/**
 * /profile, the subscription management address: the subscription's status and
 * dates, and Edit (the billing portal, or the notice that there is none).
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const summary = useSubscriptionSummary();
  const enabled = useStartupConfig().data?.subscriptionsEnabled === true;
  return (
    <div
      className="flex h-full flex-col items-center overflow-y-auto bg-surface-chat p-6"
      data-testid="profile-page"
    >
      <section className="w-full max-w-md rounded-2xl border border-border-light bg-surface-primary p-6">
        <h1 className="text-lg font-semibold text-text-primary">{t('com_nav_my_subscription')}</h1>
        {enabled ? (
          <div className="mt-4 flex items-center justify-between gap-4">
            <div className="min-w-0 text-sm">
              <p className="text-text-primary" data-testid="profile-subscription-status">
                {summary.status}
              </p>
              {summary.date && <p className="text-text-secondary">{summary.date}</p>}
            </div>
            <SubscriptionEditButton testId="profile-subscription-edit" />
          </div>
        ) : (
          <p className="mt-4 text-sm text-text-secondary">{t('com_nav_my_subscription_soon')}</p>
        )}
        <Link
          to="/c/new"
          className="mt-6 inline-block text-sm font-medium text-text-primary underline underline-offset-4"
        >
          {t('com_chat_new_chat')}
        </Link>
      </section>
    </div>
  );
}
