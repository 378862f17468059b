import './texts';
import { Suspense } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { useRevokeAllUserKeys } from '../../api/user-keys';
import { Spinner } from '../../components/ui/Spinner';
import { ImportConversations } from '../export';
import { SettingRow } from './SettingRow';
import { TwoStepButton } from './TwoStepButton';

/**
 * Data controls: import conversations (ChatGPT, LibreChat or this app's export; the same panel as
 * the account menu's), and revoke every key the person provided, two clicks.
 */
export function DataTab() {
  const { t } = useTranslation();
  const revokeAll = useRevokeAllUserKeys();
  return (
    <div>
      <section className="border-b border-border-light py-3" data-testid="settings-import">
        <Suspense fallback={<Spinner />}>
          <ImportConversations />
        </Suspense>
      </section>
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
