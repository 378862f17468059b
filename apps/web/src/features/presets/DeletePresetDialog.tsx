import { useTranslation } from '../../hooks/useTranslation';
import type { Preset } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useToast } from '../../components/ui/Toast';
import { useDeletePresets } from './api';

/**
 * Delete asks for confirmation; the preset (or every preset) leaves the list at once,
 * and the list is fetched again if the server refuses.
 */
export default function DeletePresetDialog({
  preset,
  onClose,
}: {
  preset: Preset | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeletePresets();
  const confirm = () => {
    remove.mutate(preset?.presetId ?? null, {
      onError: () => toast.show({ message: t('com_endpoint_preset_delete_failed'), severity: 'error' }),
    });
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={preset ? t('com_endpoint_delete_preset') : t('com_endpoint_delete_all_presets')}
      description={
        preset
          ? t('com_endpoint_delete_preset_confirm', { title: preset.title })
          : t('com_endpoint_delete_all_presets_confirm')
      }
      data-testid="delete-preset-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} data-testid="delete-preset-confirm">
            {t('com_ui_delete')}
          </Button>
        </>
      }
    />
  );
}
