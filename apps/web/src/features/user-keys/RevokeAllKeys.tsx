import { useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { useRevokeAllUserKeys } from '../../api/user-keys';
import { useToast } from '../../components/ui/Toast';

const linkButton =
  'rounded font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:opacity-50';

/** Revokes every key the person saved (DELETE /api/keys?all=true), after a second click to confirm. */
export function RevokeAllKeys({ onError }: { onError: (err: unknown) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const revokeAll = useRevokeAllUserKeys();
  const [confirming, setConfirming] = useState(false);

  if (!confirming)
    return (
      <button
        type="button"
        data-testid="key-revoke-all"
        onClick={() => setConfirming(true)}
        className={`${linkButton} text-text-secondary`}
      >
        {t('com_endpoint_config_key_revoke_all')}
      </button>
    );
  return (
    <div
      role="group"
      aria-label={t('com_endpoint_config_key_revoke_all')}
      className="flex flex-wrap items-center gap-3"
    >
      <span className="text-text-secondary">{t('com_endpoint_config_key_revoke_all_confirm')}</span>
      <button
        type="button"
        data-testid="key-revoke-all-confirm"
        autoFocus
        disabled={revokeAll.isPending}
        onClick={() =>
          revokeAll.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.show({ message: t('com_endpoint_config_key_revoked_all'), severity: 'success' });
            },
            onError,
          })
        }
        className={`${linkButton} text-text-danger`}
      >
        {t('com_endpoint_config_key_revoke_all_yes')}
      </button>
      <button
        type="button"
        onClick={() => setConfirming(false)}
        className={`${linkButton} text-text-secondary`}
      >
        {t('com_ui_cancel')}
      </button>
    </div>
  );
}
