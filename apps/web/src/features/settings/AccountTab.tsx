import { useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { useAuth } from '../auth';
import { AvatarUpload } from './AvatarUpload';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SettingRow } from './SettingRow';
import { ToggleRow } from './ToggleRow';

/** Account: profile picture, username display, delete account (business §2). */
export function AccountTab() {
  const { t } = useTranslation();
  const { endDeletedAccount } = useAuth();
  const [deleting, setDeleting] = useState(false);
  return (
    <div>
      <AvatarUpload />
      <ToggleRow
        pref="UsernameDisplay"
        labelKey="com_nav_username_display"
        hintKey="com_nav_username_display_hint"
      />
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
