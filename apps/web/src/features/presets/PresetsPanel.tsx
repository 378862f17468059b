import { useEffect, useId, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { Download, FileUp, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import type { Preset } from '@chat/contract';
import { IconButton } from '../../components/ui/IconButton';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { usePresets, useSavePreset } from './api';
import { downloadPreset } from './download';
import { isJsonFile, parsePresetFile, PresetFileError, updateBody } from './preset-data';
import type { PresetDialogs } from './usePresetDialogs';

const ACTION =
  'inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-50';

/** The presets menu's content: the list (apply, default, edit, export, delete) and save, import, delete all. */
export default function PresetsPanel({ dialogs, onDone }: { dialogs: PresetDialogs; onDone: () => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const toast = useToast();
  const presets = usePresets();
  const save = useSavePreset();
  const fileRef = useRef<HTMLInputElement>(null);
  const list = presets.data ?? [];
  const rootRef = useRef<HTMLDivElement>(null);
  const focused = useRef(false);

  // Opened, the focus goes to the first preset (or the first action) once the list is there.
  useEffect(() => {
    if (focused.current || presets.isPending) return;
    focused.current = true;
    rootRef.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, [presets.isPending]);

  const act = (run: () => void) => () => {
    onDone();
    run();
  };

  const toggleDefault = (preset: Preset) => {
    save.mutate(updateBody(preset, { defaultPreset: !preset.defaultPreset }), {
      onSuccess: (saved) =>
        toast.show({
          message: saved.defaultPreset
            ? t('com_endpoint_preset_default_set', { title: saved.title })
            : t('com_endpoint_preset_default_removed', { title: saved.title }),
          severity: 'success',
        }),
      onError: () => toast.show({ message: t('com_endpoint_preset_save_failed'), severity: 'error' }),
    });
  };

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!isJsonFile(file)) {
      toast.show({ message: t('com_endpoint_preset_import_json_only'), severity: 'error', duration: 5000 });
      return;
    }
    try {
      const fallback = dialogs.current?.endpoint ?? list[0]?.endpoint ?? 'openAI';
      const { body, invalid } = parsePresetFile(await file.text(), fallback);
      const saved = await save.mutateAsync(body);
      toast.show(
        invalid.length > 0
          ? {
              message: t('com_endpoint_preset_imported_with_defaults', {
                title: saved.title,
                fields: dialogs.fieldNames(invalid),
              }),
              severity: 'warning',
              duration: 5000,
            }
          : { message: t('com_endpoint_preset_imported', { title: saved.title }), severity: 'success' },
      );
    } catch (err) {
      toast.show({
        message:
          err instanceof PresetFileError
            ? t('com_endpoint_preset_import_unreadable', { name: file.name })
            : t('com_endpoint_preset_save_failed'),
        severity: 'error',
        duration: 5000,
      });
    }
  };

  // Up and Down move between presets, staying in the same column (apply, default, edit, export,
  // delete); Home and End go to the first and last; the ends wrap, as in the app's menus.
  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const rows = [...e.currentTarget.children] as HTMLElement[];
    const row = rows.findIndex((li) => li.contains(document.activeElement));
    if (row < 0) return;
    const targets: Record<string, number> = {
      ArrowDown: row + 1,
      ArrowUp: row - 1,
      Home: 0,
      End: rows.length - 1,
    };
    const target = targets[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const column = [...rows[row]!.querySelectorAll('button')].findIndex((b) => b === document.activeElement);
    const buttons = rows[(target + rows.length) % rows.length]!.querySelectorAll<HTMLButtonElement>('button');
    (buttons[Math.max(column, 0)] ?? buttons[0])?.focus();
  };

  return (
    <div ref={rootRef} className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2 px-2 pb-1 pt-1">
        <h2 className="text-sm font-semibold text-text-primary">{t('com_endpoint_presets')}</h2>
        {save.isPending && <Spinner size={16} />}
      </div>
      {presets.isPending ? (
        <div className="flex h-16 items-center justify-center">
          <Spinner size={20} />
        </div>
      ) : list.length === 0 ? (
        <p className="px-2 py-3 text-sm text-text-secondary">{t('com_endpoint_no_presets')}</p>
      ) : (
        <>
          <span id={`${listId}-apply`} className="sr-only">
            {t('com_endpoint_preset_apply')}
          </span>
          <ul
            className="flex max-h-[210px] flex-col overflow-y-auto overscroll-contain sm:max-h-[315px]"
            aria-label={t('com_endpoint_presets')}
            data-testid="presets-list"
            onKeyDown={onListKeyDown}
          >
            {list.map((preset) => (
              <li
                key={preset.presetId}
                data-testid="preset-item"
                className="group flex items-center gap-1 rounded-lg hover:bg-surface-secondary"
              >
                <button
                  type="button"
                  onClick={act(() => dialogs.apply(preset))}
                  className="flex min-w-0 flex-1 flex-col items-start rounded-lg px-2 py-1.5 text-start focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
                  // Named by what it shows (title, badge, endpoint and model); what it does is its
                  // description.
                  aria-describedby={`${listId}-apply`}
                >
                  <span className="flex w-full items-center gap-1.5 truncate text-sm text-text-primary">
                    <span className="truncate">{preset.title}</span>
                    {preset.defaultPreset && (
                      <span className="shrink-0 rounded bg-surface-tertiary px-1.5 text-[11px] text-text-secondary">
                        {t('com_endpoint_preset_default_badge')}
                      </span>
                    )}
                  </span>
                  <span className="w-full truncate text-xs text-text-tertiary">
                    {dialogs.endpointLabel(preset.endpoint)}
                    {preset.model ? ` · ${dialogs.modelLabel(preset.endpoint, preset.model)}` : ''}
                  </span>
                </button>
                <IconButton
                  size="sm"
                  className="max-sm:size-9"
                  label={
                    preset.defaultPreset
                      ? t('com_endpoint_preset_unset_default', { title: preset.title })
                      : t('com_endpoint_preset_set_default', { title: preset.title })
                  }
                  aria-pressed={preset.defaultPreset}
                  onClick={() => toggleDefault(preset)}
                  disabled={save.isPending}
                >
                  <Star
                    className={clsx('size-4', preset.defaultPreset && 'fill-current text-ring-primary')}
                    aria-hidden
                  />
                </IconButton>
                <IconButton
                  size="sm"
                  className="max-sm:size-9"
                  label={t('com_endpoint_preset_edit_named', { title: preset.title })}
                  onClick={act(() => dialogs.open({ kind: 'editor', preset }))}
                >
                  <Pencil className="size-4" aria-hidden />
                </IconButton>
                <IconButton
                  size="sm"
                  className="max-sm:size-9"
                  label={t('com_endpoint_preset_export_named', { title: preset.title })}
                  onClick={() => downloadPreset(preset)}
                >
                  <Download className="size-4" aria-hidden />
                </IconButton>
                <IconButton
                  size="sm"
                  className="max-sm:size-9"
                  label={t('com_endpoint_preset_delete_named', { title: preset.title })}
                  onClick={act(() => dialogs.open({ kind: 'delete', preset }))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-1 border-t border-border-light pt-2">
        <button
          type="button"
          className={clsx(ACTION, 'text-text-primary')}
          disabled={!dialogs.current}
          onClick={act(() => dialogs.open({ kind: 'save' }))}
        >
          <Plus className="size-4" aria-hidden />
          {t('com_endpoint_save_as_preset')}
        </button>
        <button
          type="button"
          className={clsx(ACTION, 'text-text-primary')}
          onClick={() => fileRef.current?.click()}
        >
          <FileUp className="size-4" aria-hidden />
          {t('com_endpoint_import_preset')}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="hidden"
          data-testid="preset-import-input"
          onChange={(e) => void importFile(e)}
        />
        {list.length > 0 && (
          <button
            type="button"
            className={clsx(ACTION, 'text-text-danger')}
            onClick={act(() => dialogs.open({ kind: 'delete', preset: null }))}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('com_endpoint_delete_all_presets')}
          </button>
        )}
      </div>
    </div>
  );
}
