import './texts';
import { useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { useAuth } from '../auth';
import { AvatarUpload } from './AvatarUpload';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ProfileForm } from './ProfileForm';
import { SettingRow } from './SettingRow';
import { SocialBonus } from './SocialBonus';
import { ToggleRow } from './ToggleRow';
import { TwoStepButton } from './TwoStepButton';
import { Slot } from '../../platform/slots';

/**
 * Account: profile picture, name and username, username display, the social-media bonus, the
 * features' lines (two-factor authentication, passkeys), sign out everywhere, delete account.
 */
export function AccountTab() {
  const { t } = useTranslation();
  const { endDeletedAccount, logoutEverywhere } = useAuth();
  const [deleting, setDeleting] = useState(false);
  return (
    <div>
      <AvatarUpload />
      <ProfileForm />
      <ToggleRow
        pref="UsernameDisplay"
        labelKey="com_nav_username_display"
        hintKey="com_nav_username_display_hint"
      />
      <SocialBonus />
      <Slot name="settings.account.rows" Row={SettingRow} />
      <SettingRow label={t('com_nav_logout_everywhere')} hint={t('com_nav_logout_everywhere_hint')}>
        <TwoStepButton
          labelKey="com_nav_logout_everywhere_action"
          confirmKey="com_ui_confirm_logout_everywhere"
          successKey="com_nav_logout_everywhere_done"
          errorKey="com_nav_logout_everywhere_error"
          action={logoutEverywhere}
          testId="settings-logout-everywhere"
        />
      </SettingRow>
      <SettingRow label={t('com_nav_delete_account')} hint={t('com_nav_delete_account_hint')}>
        <Button
          size="sm"
          variant="danger"
          onClick={() => setDeleting(true)}
          data-testid="settings-delete-account"
        >
          {t('com_ui_delete')}
        </Button>
      </SettingRow>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} onDeleted={endDeletedAccount} />
    </div>
  );
}
