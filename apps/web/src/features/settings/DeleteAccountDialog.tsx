import './texts';
import { useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { ACCOUNT_LIMITS } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useToast } from '../../components/ui/Toast';
import { deleteAccount } from './api';
import { DELETE_WIZARD_START, deleteWizard, reasonButton } from './delete-wizard';

/** The three-step delete-account wizard; `onDeleted` runs once the server deleted it. */
export function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [state, send] = useReducer(deleteWizard, DELETE_WIZARD_START);
  const [deleting, setDeleting] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const close = () => {
    if (deleting) return;
    send({ type: 'reset' });
    onClose();
  };

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await deleteAccount(state.reason);
      onDeleted();
    } catch {
      toast.show({ message: t('com_nav_delete_account_error'), severity: 'error' });
      setDeleting(false);
    }
  };

  const steps = {
    1: {
      body: <p className="mt-2 text-sm text-text-secondary">{t('com_nav_delete_account_confirm')}</p>,
      footer: (
        <>
          <Button variant="secondary" onClick={close}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => send({ type: 'continue' })}
            data-testid="delete-account-continue"
          >
            {t('com_nav_delete_account_yes_continue')}
          </Button>
        </>
      ),
    },
    2: {
      body: (
        <div className="mt-2">
          <label htmlFor="delete-account-reason" className="text-sm text-text-secondary">
            {t('com_nav_delete_account_reason')}
          </label>
          <textarea
            id="delete-account-reason"
            ref={reasonRef}
            data-testid="delete-account-reason"
            value={state.reason}
            maxLength={ACCOUNT_LIMITS.deleteReasonMaxChars}
            rows={4}
            onChange={(e) => send({ type: 'reason', value: e.target.value })}
            className="mt-2 w-full resize-none rounded-lg border border-border-medium bg-surface-primary p-2 text-sm text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
          />
        </div>
      ),
      footer: (
        <>
          <Button variant="secondary" onClick={() => send({ type: 'back' })}>
            {t('com_ui_back')}
          </Button>
          <Button onClick={() => send({ type: 'continue' })} data-testid="delete-account-reason-next">
            {t(reasonButton(state.reason) === 'submit' ? 'com_ui_submit' : 'com_ui_skip')}
          </Button>
        </>
      ),
    },
    3: {
      body: <p className="mt-2 text-sm text-text-danger">{t('com_nav_delete_account_final_warning')}</p>,
      footer: (
        <>
          <Button variant="secondary" onClick={() => send({ type: 'back' })} disabled={deleting}>
            {t('com_ui_back')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirmDelete()}
            loading={deleting}
            data-testid="delete-account-confirm"
          >
            {t('com_nav_delete_account')}
          </Button>
        </>
      ),
    },
  } as const;
  const step = steps[state.step];

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('com_nav_delete_account')}
      data-testid="delete-account-dialog"
      initialFocusRef={state.step === 2 ? reasonRef : undefined}
      footer={step.footer}
    >
      <div className="mt-1 text-xs text-text-secondary">
        {t('com_nav_delete_account_step', { step: state.step, total: 3 })}
      </div>
      {step.body}
    </Dialog>
  );
}
