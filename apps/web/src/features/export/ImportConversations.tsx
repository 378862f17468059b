import './texts';
import { useRef, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import type { ImportPartSkipReason, ImportReport } from '@chat/contract';
import { queryKeys } from '../../api/keys';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { ImportError, uploadImport } from './import-upload';

type Phase =
  | { kind: 'idle' }
  | { kind: 'upload'; fraction: number }
  | { kind: 'server'; fraction: number | null; imported: number; skipped: number; queued: boolean }
  | { kind: 'done'; report: ImportReport }
  | { kind: 'failed'; detail: string; report: ImportReport | null };

/** Skipped conversations listed in the report (the counts cover all). */
const SHOWN_SKIPS = 20;

/**
 * Import conversations from a ChatGPT export (conversations.json), a LibreChat JSON export or
 * this app's JSON export: a file picker, a progress bar (the upload, then the server's reading
 * of the file), and the report of what was imported and what was skipped and why. Placed in the
 * import dialog of the account menu and meant for Settings → Data as well.
 */
export default function ImportConversations() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind === 'upload' || phase.kind === 'server';

  const start = async (file: File) => {
    setPhase({ kind: 'upload', fraction: 0 });
    try {
      const report = await uploadImport(file, {
        onUpload: (loaded, total) => {
          if (loaded < total) setPhase({ kind: 'upload', fraction: total > 0 ? loaded / total : 0 });
          else setPhase({ kind: 'server', fraction: null, imported: 0, skipped: 0, queued: false });
        },
        // The server's job, polled: its progress through the stored file.
        onProgress: (job) =>
          setPhase({
            kind: 'server',
            fraction: job.progress.total > 0 ? Math.min(job.progress.done / job.progress.total, 1) : null,
            imported: job.imported,
            skipped: job.skipped,
            queued: job.status === 'scheduled',
          }),
      });
      setPhase({ kind: 'done', report });
    } catch (err) {
      setPhase({
        kind: 'failed',
        detail: err instanceof Error ? err.message : String(err),
        report: err instanceof ImportError ? err.report : null,
      });
    } finally {
      void qc.invalidateQueries({ queryKey: queryKeys.convos.all });
    }
  };

  const fraction = phase.kind === 'upload' || phase.kind === 'server' ? phase.fraction : null;
  const report = phase.kind === 'done' ? phase.report : phase.kind === 'failed' ? phase.report : null;
  const skippedItems = report?.items.filter((i) => i.status === 'skipped').slice(0, SHOWN_SKIPS) ?? [];
  // Every conversation of the file was there already: said in one line, not only item by item.
  const nothingNew =
    report !== null &&
    report.skipped > 0 &&
    report.imported === 0 &&
    report.updated === 0 &&
    report.skippedByReason.already_imported === report.skipped;
  const partSkips = report
    ? (Object.entries(report.skippedParts) as [ImportPartSkipReason, number][]).filter(([, n]) => n > 0)
    : [];

  return (
    <div className="flex flex-col gap-3" data-testid="import-conversations">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-text-secondary">{t('com_ui_import_conversation_info')}</p>
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          loading={busy}
          data-testid="import-choose"
          className="shrink-0"
        >
          <Upload className="size-4" aria-hidden />
          {t('com_ui_import')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="hidden"
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void start(file);
          }}
        />
      </div>

      {busy && (
        <div className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-label={t('com_ui_import_progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
            data-testid="import-progress"
            className="h-2 w-full overflow-hidden rounded-full bg-surface-tertiary"
          >
            <div
              className={`h-full rounded-full bg-surface-submit transition-[width] ${fraction === null ? 'w-1/3 animate-pulse' : ''}`}
              style={fraction === null ? undefined : { width: `${Math.round(fraction * 100)}%` }}
            />
          </div>
          <p className="text-xs text-text-secondary" aria-live="polite">
            {phase.kind === 'upload'
              ? t('com_ui_import_uploading', { percent: Math.round(phase.fraction * 100) })
              : phase.kind === 'server' && phase.queued
                ? t('com_ui_import_queued')
                : t('com_ui_import_processing', {
                    imported: phase.kind === 'server' ? phase.imported : 0,
                    skipped: phase.kind === 'server' ? phase.skipped : 0,
                  })}
          </p>
        </div>
      )}

      {phase.kind === 'failed' && (
        <Alert data-testid="import-error">
          <p>{t('com_ui_import_conversation_error')}</p>
          <p className="mt-1 text-xs opacity-80">{phase.detail}</p>
        </Alert>
      )}

      {report && (
        <div
          className="flex flex-col gap-2 text-sm text-text-primary"
          data-testid="import-report"
          aria-live="polite"
        >
          <p>
            {/* Each count takes its own plural form: "1 conversation (1 message)". */}
            {t('com_ui_import_done', {
              count: report.imported,
              messages: t('com_ui_import_messages_count', { count: report.messages }),
              skipped: report.skipped,
            })}
          </p>
          {report.updated > 0 && (
            <p data-testid="import-updated">
              {t('com_ui_import_updated', {
                count: report.updated,
                messages: t('com_ui_import_messages_count', { count: report.addedMessages }),
              })}
            </p>
          )}
          {nothingNew && <p data-testid="import-nothing-new">{t('com_ui_import_nothing_new')}</p>}
          {partSkips.map(([reason, count]) => (
            <p key={reason} className="text-text-secondary" data-testid="import-parts-skipped">
              {t('com_ui_import_parts_skipped', {
                count,
                reason: t(`com_ui_import_part_reason_${reason}`),
              })}
            </p>
          ))}
          {report.truncatedMessages > 0 && (
            <p className="text-text-secondary">
              {t('com_ui_import_truncated', { count: report.truncatedMessages })}
            </p>
          )}
          {skippedItems.length > 0 && (
            <ul
              className="max-h-40 list-disc overflow-y-auto ps-5 text-text-secondary"
              data-testid="import-skipped"
            >
              {skippedItems.map((item) => (
                <li key={item.index}>
                  {t('com_ui_import_skipped_item', {
                    title: item.title,
                    reason: t(`com_ui_import_reason_${item.reason ?? 'invalid'}`),
                  })}
                  {item.detail ? ` (${item.detail})` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
