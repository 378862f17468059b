import './texts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { Alert } from '../../components/ui/Alert';
import { useConversation, useMessages } from '../../api/messages';
import { visibleLeaf } from '../../state/visible-branch';
import { saveFile } from './download';
import { sanitizeFileName, withExtension } from './file-name';
import { toCsv, toJson } from './format-data';
import { toMarkdown, toText } from './format-text';
import { toWebpage } from './format-webpage';
import {
  branchesSupported,
  DEFAULT_EXPORT_SETTINGS,
  EXPORT_TYPES,
  EXTENSIONS,
  optionsSupported,
  recursiveSupported,
  withType,
  type ExportSettings,
  type ExportType,
} from './options';
import { buildPayload, type ExportPayload } from './payload';
import { messagesNode, screenshotPng } from './screenshot';

const MIME: Record<Exclude<ExportType, 'screenshot'>, string> = {
  text: 'text/plain;charset=utf-8',
  markdown: 'text/markdown;charset=utf-8',
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  webpage: 'text/html;charset=utf-8',
};

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  /** A saved conversation's id (never new or search: the entry is not offered there). */
  conversationId: string;
}

/** The export conversation dialog: file name, type, options, branches. */
export default function ExportDialog({ open, onClose, conversationId }: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const [settings, setSettings] = useState<ExportSettings>(DEFAULT_EXPORT_SETTINGS);
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typeId = useId();

  // Each opening starts from the defaults and the conversation's title.
  const title = conversation.data?.title;
  useEffect(() => {
    if (!open) return;
    setSettings(DEFAULT_EXPORT_SETTINGS);
    setFileName(sanitizeFileName(title));
    setError(null);
  }, [open, title]);

  const ready = conversation.data !== undefined && messages.data !== undefined;

  const contentOf = (type: Exclude<ExportType, 'screenshot'>, payload: ExportPayload): string => {
    switch (type) {
      case 'text':
        return toText(payload);
      case 'markdown':
        return toMarkdown(payload);
      case 'json':
        return toJson(payload);
      case 'csv':
        return toCsv(payload);
      case 'webpage':
        return toWebpage(payload, {
          lang: i18n.language,
          options: t('com_nav_export_options'),
          history: t('com_nav_export_history'),
          branch: (index, count) => t('com_nav_export_branch', { index, count }),
        });
    }
  };

  const exportNow = async () => {
    if (!conversation.data || !messages.data) return;
    setBusy(true);
    setError(null);
    const name = withExtension(fileName, EXTENSIONS[settings.type]);
    try {
      if (settings.type === 'screenshot') {
        const node = messagesNode();
        if (!node) throw new Error('no messages on screen');
        saveFile(await screenshotPng(node), name);
      } else {
        const payload = buildPayload({
          conversation: conversation.data,
          messages: messages.data,
          leafId: visibleLeaf(conversationId),
          settings,
          exportAt: new Date(),
        });
        saveFile(new Blob([contentOf(settings.type, payload)], { type: MIME[settings.type] }), name);
      }
      onClose();
    } catch {
      setError(t('com_nav_export_error'));
    } finally {
      setBusy(false);
    }
  };

  const option = (
    key: 'includeOptions' | 'branches' | 'recursive',
    label: string,
    supported: boolean,
    onLabel: string,
  ) => (
    <label
      className={`flex items-center justify-between gap-3 text-sm ${supported ? 'cursor-pointer text-text-primary' : 'text-text-tertiary'}`}
    >
      <span>{label}</span>
      <span className="flex items-center gap-2">
        <span className="text-xs text-text-secondary">
          {supported ? onLabel : t('com_nav_not_supported')}
        </span>
        <input
          type="checkbox"
          checked={supported && settings[key]}
          disabled={!supported}
          onChange={(e) => setSettings((s) => ({ ...s, [key]: e.target.checked }))}
          data-testid={`export-${key}`}
          className="size-4 rounded border-border-medium accent-[var(--surface-submit,currentColor)] focus-visible:ring-2 focus-visible:ring-ring-primary"
        />
      </span>
    </label>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('com_nav_export_conversation')}
      data-testid="export-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            onClick={() => void exportNow()}
            loading={busy}
            disabled={!ready}
            data-testid="export-submit"
          >
            {t('com_nav_export')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <TextField
          label={t('com_nav_export_filename')}
          placeholder={t('com_nav_export_filename_placeholder')}
          value={fileName}
          onChange={(e) => setFileName(e.target.value)}
          maxLength={255}
          data-testid="export-filename"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={typeId} className="text-sm font-medium text-text-primary">
            {t('com_nav_export_type')}
          </label>
          <select
            id={typeId}
            value={settings.type}
            onChange={(e) => setSettings((s) => withType(s, e.target.value as ExportType))}
            data-testid="export-type"
            className="h-10 w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-[15px] text-text-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30"
          >
            {EXPORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`com_nav_export_type_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-3">
          {option(
            'includeOptions',
            t('com_nav_export_include_endpoint_options'),
            optionsSupported(settings.type),
            t('com_nav_enabled'),
          )}
          {option(
            'branches',
            t('com_nav_export_all_message_branches'),
            branchesSupported(settings.type),
            t('com_nav_enabled'),
          )}
          {option(
            'recursive',
            t('com_nav_export_recursive_or_sequential'),
            recursiveSupported(settings),
            t('com_nav_export_recursive'),
          )}
        </div>
        {error && <Alert data-testid="export-error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
