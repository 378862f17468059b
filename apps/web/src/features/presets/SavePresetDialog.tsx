import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { PRESET_LIMITS } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { useSavePreset } from './api';
import { parsePreset } from './preset-data';
import type { CurrentSetup } from './types';

/** "Save as preset": asks the title and saves the chat's current setup as a new preset. */
export default function SavePresetDialog({
  current,
  modelLabel,
  onClose,
}: {
  current: CurrentSetup;
  /** The model's display name (relabelled as the endpoint menu shows it). */
  modelLabel: (endpoint: string, model: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSavePreset();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError(t('com_endpoint_preset_title_required'));
      return;
    }
    const { body } = parsePreset(
      { ...current.options, endpoint: current.endpoint, model: current.model, title: trimmed },
      current.endpoint,
    );
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.show({ message: t('com_endpoint_preset_saved', { title: saved.title }), severity: 'success' });
        onClose();
      },
      onError: () => setError(t('com_endpoint_preset_save_failed')),
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_endpoint_save_as_preset')}
      description={t('com_endpoint_save_as_preset_hint', {
        model: modelLabel(current.endpoint, current.model),
      })}
      initialFocusRef={inputRef}
      data-testid="save-preset-dialog"
    >
      <form onSubmit={submit} className="mt-4 flex flex-col gap-6" noValidate>
        <TextField
          ref={inputRef}
          label={t('com_endpoint_preset_title')}
          value={title}
          maxLength={PRESET_LIMITS.titleMaxChars}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(undefined);
          }}
          error={error}
          autoComplete="off"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
