import { useTranslation } from '../../../hooks/useTranslation';
import { useLocalPref } from '../../../state/local-pref';

/**
 * Who the person's messages are shown as: "You", or, with the UsernameDisplay preference on
 * (settings, Account), their name, shown above each of their messages.
 */
export function useUserLabel(userName: string | undefined): { label: string; visible: boolean } {
  const { t } = useTranslation();
  const [usernameDisplay] = useLocalPref('UsernameDisplay');
  return usernameDisplay && userName
    ? { label: userName, visible: true }
    : { label: t('com_chat_you'), visible: false };
}
