import type { ReactNode } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text; Delete by default. */
  confirmLabel?: ReactNode;
  /** The confirmed work is under way: the button spins and cannot be pressed again. */
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The dialog's test id; its confirming button's is the same with `-confirm` after it. */
  'data-testid'?: string;
}

/** An open dialog asking to confirm a destructive step: Cancel, and a danger button. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pending = false,
  onConfirm,
  onClose,
  'data-testid': testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      data-testid={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            variant="danger"
            loading={pending}
            onClick={onConfirm}
            data-testid={testId ? `${testId.replace(/-dialog$/, '')}-confirm` : undefined}
          >
            {confirmLabel ?? t('com_ui_delete')}
          </Button>
        </>
      }
    />
  );
}
