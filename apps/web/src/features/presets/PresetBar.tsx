import { useTranslation } from '../../hooks/useTranslation';
import { Settings2 } from 'lucide-react';
import { loadEditor, type PresetDialogs } from './usePresetDialogs';

/**
 * The conversation-header bar "Model: {model}"; it opens the preset editor on the setup in effect.
 * Its row keeps its height while the model is not known yet (the models list still loading), so
 * the bar arriving does not push the page below it down.
 */
export function PresetBar({ dialogs, disabled }: { dialogs: PresetDialogs; disabled?: boolean }) {
  const { t } = useTranslation();
  const current = dialogs.current;
  // The name the endpoint menu shows: a relabelled model is never shown under its real name.
  const model = current?.model ? dialogs.modelLabel(current.endpoint, current.model) : null;
  return (
    <div className="flex h-6 shrink-0 justify-center px-2 pb-1" data-testid="model-bar-row">
      {model && (
        <button
          type="button"
          data-testid="model-bar"
          disabled={disabled}
          onClick={() => dialogs.open({ kind: 'editor', preset: null })}
          onPointerEnter={() => void loadEditor()}
          onFocus={() => void loadEditor()}
          title={t('com_endpoint_preset_editor')}
          className="inline-flex max-w-full items-center gap-1.5 rounded-md px-2 py-0.5 text-xs text-text-secondary hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-60"
        >
          <span className="truncate">{t('com_endpoint_model_bar', { model })}</span>
          <Settings2 className="size-3.5 shrink-0" aria-hidden />
        </button>
      )}
    </div>
  );
}
