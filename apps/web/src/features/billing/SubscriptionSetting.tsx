import { useState } from 'react';
import { isSubscriptionStatus, opensBillingPortal } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { useAuth } from '../auth';
import { goTo, portalUrl } from './api';

/** The subscription's state in words: its status and when it renews or ends. */
export function useSubscriptionSummary(): { status: string; date: string | null } {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const raw = user?.subscriptionStatus ?? null;
  const status = isSubscriptionStatus(raw)
    ? t(`com_subscription_status_${raw}`)
    : t('com_subscription_status_none');
  const end = user?.subscriptionEnd ? new Date(user.subscriptionEnd) : null;
  if (!end || Number.isNaN(end.getTime())) return { status, date: null };
  const day = end.toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const renews = raw === 'active' || raw === 'trialing';
  return { status, date: t(renews ? 'com_subscription_renews' : 'com_subscription_ends', { date: day }) };
}

/** The summary in one line (settings' hint). */
export function SubscriptionStatusText() {
  const summary = useSubscriptionSummary();
  return (
    <span data-testid="settings-subscription-status">
      {summary.date ? `${summary.status} · ${summary.date}` : summary.status}
    </span>
  );
}

/**
 * Settings "My Subscription → Edit": the billing portal when
 * the subscription runs or needs attention, else the notice that there is none.
 */
export function SubscriptionEditButton({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const toast = useToast();
  const [loading, setLoading] = useState(false);

  const edit = async () => {
    if (!user || !opensBillingPortal(user)) {
      toast.show({ message: t('com_subscription_none'), severity: 'info' });
      return;
    }
    setLoading(true);
    try {
      goTo(await portalUrl(user.customerID));
    } catch (err) {
      console.warn('billing portal:', err);
      toast.show({ message: t('com_subscription_portal_failed'), severity: 'error' });
      setLoading(false);
    }
  };

  return (
    <Button size="sm" variant="secondary" onClick={() => void edit()} loading={loading} data-testid={testId}>
      {t('com_ui_edit')}
    </Button>
  );
}
