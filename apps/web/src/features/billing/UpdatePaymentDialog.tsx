import { useState } from 'react';
import type { User } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useTranslation } from '../../hooks/useTranslation';
import { goTo, portalUrl } from './api';

/**
 * Update Payment Method: a past_due or unpaid subscription. Its button opens the
 * billing portal; Escape closes it.
 */
export function UpdatePaymentDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const openPortal = async () => {
    setLoading(true);
    setFailed(false);
    try {
      goTo(await portalUrl(user?.customerID ?? null));
    } catch (err) {
      console.warn('billing portal:', err);
      setFailed(true);
      setLoading(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_subscription_update_payment_title')}
      description={t('com_error_subscription_past_due')}
      data-testid="update-payment"
      // One way on: the portal (the close button and Escape leave it).
      footer={
        <Button onClick={() => void openPortal()} loading={loading} data-testid="update-payment-button">
          {t('com_subscription_update_payment_title')}
        </Button>
      }
    >
      {failed && (
        <p role="alert" className="text-sm text-text-danger" data-testid="update-payment-error">
          {t('com_subscription_portal_failed')}
        </p>
      )}
    </Dialog>
  );
}
