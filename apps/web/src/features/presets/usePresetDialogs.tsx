import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import {
  PARAM_KEYS,
  PRESET_LIMITS,
  type ParamKey,
  type Preset,
  type SavePresetRequest,
} from '@chat/contract';
import { useToast } from '../../components/ui/Toast';
import { setupOf } from './preset-setup';
import type { ApplyPreset, CurrentSetup, PresetDialog } from './types';

// The dialogs load on demand: none of them is on /c/new's first paint (JS size target).
export const loadEditor = () => import('./PresetEditorDialog');
const PresetEditorDialog = lazy(loadEditor);
const SavePresetDialog = lazy(() => import('./SavePresetDialog'));
const DeletePresetDialog = lazy(() => import('./DeletePresetDialog'));

export interface PresetDialogsInput {
  current: CurrentSetup | null;
  onApply: ApplyPreset;
  endpointLabel: (endpoint: string) => string;
  /** A model's display name on an endpoint (relabelled as the endpoint menu shows it). */
  modelLabel: (endpoint: string, model: string) => string;
  paramLabel: (key: ParamKey) => string;
}

export interface PresetDialogs {
  /** The dialog open now (render it once in the chat view). */
  element: ReactNode;
  open: (dialog: PresetDialog) => void;
  /** Applies a preset to the chat on screen, with the 750 ms toast. */
  apply: (preset: Preset) => void;
  current: CurrentSetup | null;
  endpointLabel: (endpoint: string) => string;
  /** A model's display name on an endpoint: the name the endpoint menu shows, wherever a model is named. */
  modelLabel: (endpoint: string, model: string) => string;
  /** Field names as a person reads them (a parameter's label, else the field's own name). */
  fieldNames: (fields: readonly string[]) => string;
}

/** The presets' dialogs for one chat view: opened from the header menu and the "Model:" bar. */
export function usePresetDialogs({
  current,
  onApply,
  endpointLabel,
  modelLabel,
  paramLabel,
}: PresetDialogsInput): PresetDialogs {
  const { t } = useTranslation();
  const toast = useToast();
  const [dialog, setDialog] = useState<PresetDialog | null>(null);
  const close = useCallback(() => setDialog(null), []);

  const applySetup = useCallback(
    (preset: (Preset | SavePresetRequest) & { title?: string | null }) => {
      const applied = onApply(setupOf(preset));
      const title = preset.title ?? '';
      if (!applied) {
        toast.show({
          message: t('com_endpoint_preset_unavailable', { endpoint: endpointLabel(preset.endpoint) }),
          severity: 'error',
        });
      } else if (preset.model && applied.model !== preset.model) {
        // The endpoint no longer offers the preset's model: another one is in use, and the person
        // is told which (long enough to read it, not the short "selected" toast).
        toast.show({
          message: t('com_endpoint_preset_model_unavailable', {
            title,
            model: preset.model,
            endpoint: endpointLabel(preset.endpoint),
            fallback: applied.model,
          }),
          severity: 'warning',
        });
      } else {
        toast.show({
          message: t('com_endpoint_preset_selected', { title }),
          severity: 'success',
          duration: PRESET_LIMITS.selectToastMs,
        });
      }
    },
    [onApply, toast, t, endpointLabel],
  );

  const fieldNames = useCallback(
    (fields: readonly string[]) =>
      fields
        .map((f) => ((PARAM_KEYS as readonly string[]).includes(f) ? paramLabel(f as ParamKey) : f))
        .join(', '),
    [paramLabel],
  );

  let element: ReactNode = null;
  if (dialog) {
    element = (
      <Suspense fallback={null}>
        {dialog.kind === 'editor' && (
          <PresetEditorDialog
            preset={dialog.preset}
            current={current}
            endpointLabel={endpointLabel}
            modelLabel={modelLabel}
            paramLabel={paramLabel}
            fieldNames={fieldNames}
            onApply={applySetup}
            onClose={close}
          />
        )}
        {dialog.kind === 'save' && current && (
          <SavePresetDialog current={current} modelLabel={modelLabel} onClose={close} />
        )}
        {dialog.kind === 'delete' && <DeletePresetDialog preset={dialog.preset} onClose={close} />}
      </Suspense>
    );
  }

  return useMemo(
    () => ({ element, open: setDialog, apply: applySetup, current, endpointLabel, modelLabel, fieldNames }),
    [element, applySetup, current, endpointLabel, modelLabel, fieldNames],
  );
}
