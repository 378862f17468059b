import { useTranslation } from '../../hooks/useTranslation';
import { Dialog } from '../../components/ui/Dialog';
import ImportConversations from './ImportConversations';

/** The account menu's "Import conversations" entry opens this. */
export default function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('com_ui_import_conversations')}
      data-testid="import-dialog"
    >
      <ImportConversations />
    </Dialog>
  );
}
