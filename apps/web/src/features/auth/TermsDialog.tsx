import { useStartupConfig } from '../../api/config';
import { useAcceptTerms, useTermsStatus } from './api';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useTranslation } from '../../hooks/useTranslation';
import { useAuth } from './auth-context';

const KEEP_OPEN = () => undefined;

/**
 * The operator's terms (librechat.yaml interface.termsOfService with modalAcceptance): shown over
 * the chat until the person accepts them, once per account; declining signs them out. The text is
 * shown as written (plain text, line breaks kept).
 */
export function TermsDialog() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const { isAuthenticated, logout } = useAuth();
  const terms = config?.interface?.termsOfService;
  const asked = isAuthenticated && terms?.modalAcceptance === true;
  const status = useTermsStatus(asked);
  const accept = useAcceptTerms();
  const open = asked && status.data?.termsAccepted === false;
  if (!open) return null;
  return (
    <Dialog
      open
      onClose={KEEP_OPEN}
      size="sheet"
      closeButton={false}
      title={terms.modalTitle || t('com_ui_terms_of_service')}
      data-testid="terms-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => void logout()}>
            {t('com_ui_terms_decline')}
          </Button>
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            {t('com_ui_terms_accept')}
          </Button>
        </>
      }
    >
      {terms.modalContent && (
        <div className="text-sm whitespace-pre-wrap text-text-primary" data-testid="terms-content">
          {terms.modalContent}
        </div>
      )}
    </Dialog>
  );
}
