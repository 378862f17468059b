import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { useAuth } from '../auth';
import { supportsPasskeys } from './webauthn';

/** The dialogs and their requests load on the first press. */
const TwoFactorDialog = lazy(() => import('./TwoFactorDialog'));
const PasskeysDialog = lazy(() => import('./PasskeysDialog'));

type TwoFactorMode = 'enable' | 'disable' | 'regenerate';

/**
 * Settings → Account, Two-factor authentication: on or off; Enable (set up with the app), or
 * Disable and Regenerate backup codes (each asks a code). Not for a device's free-tier account.
 */
function TwoFactorRow({ Row }: Slots['settings.account.rows']): ReactNode {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [mode, setMode] = useState<TwoFactorMode | null>(null);
  if (!user || user.provider === 'freeTier') return null;
  const enabled = user.twoFactorEnabled === true;
  return (
    <Row
      label={t('com_nav_2fa')}
      hint={
        <>
          <span data-testid="two-factor-status">
            {enabled ? t('com_ui_2fa_status_on') : t('com_ui_2fa_status_off')}
          </span>
          {' · '}
          {t('com_ui_2fa_account_security')}
        </>
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        {enabled ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setMode('regenerate')}
              data-testid="two-factor-regenerate"
            >
              {t('com_ui_regenerate_backup')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => setMode('disable')}
              data-testid="two-factor-disable"
            >
              {t('com_ui_2fa_disable')}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setMode('enable')}
            data-testid="two-factor-enable"
          >
            {t('com_ui_2fa_enable')}
          </Button>
        )}
      </div>
      {mode && (
        <Suspense fallback={null}>
          <TwoFactorDialog mode={mode} onClose={() => setMode(null)} />
        </Suspense>
      )}
    </Row>
  );
}

/** Settings → Account, Passkeys: Manage opens the list (add, remove). Where the browser has WebAuthn. */
function PasskeysRow({ Row }: Slots['settings.account.rows']): ReactNode {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || user.provider === 'freeTier' || !supportsPasskeys()) return null;
  return (
    <Row label={t('com_ui_passkeys')} hint={t('com_ui_passkeys_hint')}>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="passkeys-manage">
        {t('com_ui_passkey_manage')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PasskeysDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Row>
  );
}

/** What the second factor adds: its two lines of Settings → Account. */
export const twoFactorSlots: readonly SlotEntry<Slots>[] = [
  fill('settings.account.rows', { id: 'two-factor', order: 10, component: TwoFactorRow }),
  fill('settings.account.rows', { id: 'passkeys', order: 20, component: PasskeysRow }),
];
