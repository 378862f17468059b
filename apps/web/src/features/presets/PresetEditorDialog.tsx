import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import {
  CHAT_LIMITS,
  CUSTOM_NAME_MAX,
  PRESET_IN_PLACE_ENDPOINTS,
  PRESET_LIMITS,
  type ParamKey,
  type Preset,
} from '@chat/contract';
import { useEndpoints, useModels } from '../../api/endpoints';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { useSavePreset } from './api';
import {
  draftOf,
  draftParamSpecs,
  draftToPreset,
  endpointChoices,
  endpointTypeFor,
  modelChoices,
  withEndpoint,
  type EditorDraft,
} from './editor-draft';
import type { SavePresetRequest } from '@chat/contract';
import type { CurrentSetup } from './types';

export interface PresetEditorProps {
  /** The preset edited; null: the chat's current setup (opened from the "Model:" bar). */
  preset: Preset | null;
  current: CurrentSetup | null;
  endpointLabel: (endpoint: string) => string;
  modelLabel: (endpoint: string, model: string) => string;
  paramLabel: (key: ParamKey) => string;
  fieldNames: (fields: readonly string[]) => string;
  onApply: (preset: SavePresetRequest) => void;
  onClose: () => void;
}

const FIELD =
  'h-10 w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-sm text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30';

/**
 * The preset editor: title, endpoint, model and options. What is saved is
 * parsed like any preset: invalid values fall back to the defaults, values equal to the defaults
 * are dropped.
 */
export default function PresetEditorDialog({
  preset,
  current,
  endpointLabel,
  modelLabel,
  paramLabel,
  fieldNames,
  onApply,
  onClose,
}: PresetEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const endpoints = useEndpoints();
  const models = useModels();
  const save = useSavePreset();
  const titleRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const endpointList = endpointChoices(endpoints.data);
  const [draft, setDraft] = useState<EditorDraft>(() => draftOf(preset, current, endpointList[0] ?? ''));
  const [error, setError] = useState<string | null>(null);
  const type = draft.rest.endpointType ?? endpointTypeFor(draft.endpoint, endpoints.data);
  const paramRows = draftParamSpecs(draft, endpoints.data);
  const change = (next: Partial<EditorDraft>) => setDraft((d) => ({ ...d, ...next }));

  const parsed = () => {
    const result = draftToPreset(draft);
    if (result.invalid.length > 0) {
      toast.show({
        message: t('com_endpoint_preset_invalid_fields', { fields: fieldNames(result.invalid) }),
        severity: 'warning',
        duration: 5000,
      });
    }
    return result.body;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = parsed();
    const request: SavePresetRequest = preset
      ? {
          ...body,
          presetId: preset.presetId,
          defaultPreset: preset.defaultPreset,
          ...(preset.order !== null ? { order: preset.order } : {}),
        }
      : body;
    setError(null);
    // The promise, not mutate's per-call callbacks: those are dropped when the observer is
    // replaced (a remount under Suspense), which left the saved editor open (CI flake).
    save.mutateAsync(request).then(
      (saved) => {
        toast.show({ message: t('com_endpoint_preset_saved', { title: saved.title }), severity: 'success' });
        onClose();
      },
      () => setError(t('com_endpoint_preset_save_failed')),
    );
  };

  const apply = () => {
    onApply(parsed());
    onClose();
  };

  const dialogTitle = preset ? t('com_endpoint_edit_preset') : t('com_endpoint_preset_editor');
  return (
    <Dialog
      open
      onClose={onClose}
      title={dialogTitle}
      initialFocusRef={titleRef}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
      data-testid="preset-editor"
    >
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
        <TextField
          ref={titleRef}
          label={t('com_endpoint_preset_title')}
          value={draft.title}
          placeholder={t('com_endpoint_preset_title_placeholder')}
          maxLength={PRESET_LIMITS.titleMaxChars}
          onChange={(e) => change({ title: e.target.value })}
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-endpoint`} className="text-sm font-medium text-text-primary">
              {t('com_endpoint_preset_endpoint')}
            </label>
            <select
              id={`${ids}-endpoint`}
              className={FIELD}
              value={draft.endpoint}
              onChange={(e) => setDraft((d) => withEndpoint(d, e.target.value, endpoints.data, models.data))}
            >
              {!endpointList.includes(draft.endpoint) && (
                <option value={draft.endpoint}>{endpointLabel(draft.endpoint)}</option>
              )}
              {endpointList.map((name) => (
                <option key={name} value={name}>
                  {endpointLabel(name)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ids}-model`} className="text-sm font-medium text-text-primary">
              {t('com_endpoint_preset_model')}
            </label>
            <select
              id={`${ids}-model`}
              className={FIELD}
              value={draft.model}
              onChange={(e) => change({ model: e.target.value })}
            >
              {modelChoices(draft.endpoint, models.data, draft.model).map((m) => (
                <option key={m} value={m}>
                  {modelLabel(draft.endpoint, m)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {type !== 'bingAI' && (
          <>
            <TextField
              label={t('com_endpoint_custom_name')}
              value={draft.chatGptLabel}
              maxLength={CUSTOM_NAME_MAX}
              onChange={(e) => change({ chatGptLabel: e.target.value })}
              autoComplete="off"
            />
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${ids}-prefix`} className="text-sm font-medium text-text-primary">
                {t('com_endpoint_prompt_prefix')}
              </label>
              <textarea
                id={`${ids}-prefix`}
                rows={3}
                maxLength={CHAT_LIMITS.maxMessageChars}
                value={draft.promptPrefix}
                onChange={(e) => change({ promptPrefix: e.target.value })}
                className={`${FIELD} h-auto py-2`}
              />
            </div>
          </>
        )}
        {paramRows.length > 0 && (
          <fieldset className="grid grid-cols-2 gap-3">
            <legend className="mb-2 text-sm font-medium text-text-primary">
              {t('com_endpoint_options')}
            </legend>
            {paramRows.map(({ key, spec }) => (
              <div key={key} className="flex flex-col gap-1">
                <label htmlFor={`${ids}-${key}`} className="text-xs text-text-secondary">
                  {paramLabel(key)}
                </label>
                <input
                  id={`${ids}-${key}`}
                  type="number"
                  inputMode="decimal"
                  data-testid={`preset-param-${key}`}
                  min={spec.min}
                  max={spec.max}
                  step={spec.step}
                  placeholder={String(spec.default)}
                  value={draft.params[key] ?? ''}
                  onChange={(e) => change({ params: { ...draft.params, [key]: e.target.value } })}
                  className={`${FIELD} h-9 tabular-nums`}
                />
              </div>
            ))}
          </fieldset>
        )}
        {error && (
          <p role="alert" className="text-sm text-text-danger">
            {error}
          </p>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          {!preset && PRESET_IN_PLACE_ENDPOINTS.includes(type) && (
            <Button
              type="button"
              variant="secondary"
              onClick={apply}
              disabled={!draft.endpoint || !draft.model}
            >
              {t('com_endpoint_preset_apply')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={!draft.endpoint}>
            {preset ? t('com_ui_save') : t('com_endpoint_save_as_preset')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
