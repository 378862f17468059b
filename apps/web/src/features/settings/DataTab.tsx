import { useTranslation } from 'react-i18next';
import { useRevokeAllUserKeys } from '../../api/user-keys';
import { SettingRow } from './SettingRow';
import { TwoStepButton } from './TwoStepButton';

/** Data controls: revoke every key the person provided (business §2), two clicks. */
export function DataTab() {
  const { t } = useTranslation();
  const revokeAll = useRevokeAllUserKeys();
  return (
    <div>
      <SettingRow label={t('com_nav_revoke_all_keys')} hint={t('com_nav_revoke_all_keys_hint')}>
        <TwoStepButton
          labelKey="com_ui_revoke"
          confirmKey="com_ui_confirm_revoke"
          successKey="com_nav_revoke_all_keys_done"
          errorKey="com_nav_revoke_all_keys_error"
          action={() => revokeAll.mutateAsync()}
          testId="settings-revoke-keys"
        />
      </SettingRow>
    </div>
  );
}
