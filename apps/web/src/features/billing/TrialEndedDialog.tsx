import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useTranslation } from '../../hooks/useTranslation';
import { useAuth } from '../auth';

/**
 * Trial Ended: a free-tier user with no free message left. Its
 * Register button ends the free-tier session and goes to /register.
 */
export function TrialEndedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const [leaving, setLeaving] = useState(false);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_free_tier_trial_ended')}
      description={t('com_error_free_tier_exhausted')}
      data-testid="trial-ended"
      footer={
        <Button
          loading={leaving}
          data-testid="trial-ended-register"
          onClick={() => {
            setLeaving(true);
            void logout('/register');
          }}
        >
          {t('com_free_tier_register')}
        </Button>
      }
    />
  );
}
