import { useRef, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

interface DeleteConvoDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Resolves when deleted; rejects to keep the dialog open. */
  onConfirm: () => Promise<void>;
}

export function DeleteConvoDialog({ open, title, onClose, onConfirm }: DeleteConvoDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('com_ui_delete_conversation')}
      initialFocusRef={cancelRef}
      data-testid="delete-dialog"
      description={t('com_ui_delete_confirm', { title })}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={pending}>
            {t('com_ui_cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={pending} data-testid="confirm-delete">
            {t('com_ui_delete')}
          </Button>
        </>
      }
    />
  );
}
