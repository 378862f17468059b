import './texts';
import { useRef, useState, type FormEvent } from 'react';
import { ERROR_LOG_LIMITS, errorPageRange, type ErrorRecord } from '@chat/contract';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { fetchErrorDetails, useErrorsByCode, useRecentErrors } from './api';
import { ErrorDetails } from './ErrorDetails';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/**
 * The admin panel's logged-error search: a code (needed: an empty one is only a console notice),
 * its records newest first in pages of 20 with "x–y of total", and a row's details by id. Before a
 * search (and with Show recent errors) the newest records of any code are listed, and the field's
 * example is the newest one's code, so the operator searches for codes that exist; a row's code
 * searches for itself. The panel mounts it for the operator; the server refuses everyone else.
 */

/** The table's columns, in order (their header texts' keys). */
const COLUMNS = [
  'com_admin_errors_col_time',
  'com_admin_errors_col_code',
  'com_admin_errors_col_message',
  'com_admin_errors_col_user',
  'com_admin_errors_col_endpoint',
] as const;
export function ErrorLogSection() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [skip, setSkip] = useState(0);
  const [selected, setSelected] = useState<ErrorRecord | null>(null);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const detailsRequest = useRef<AbortController | null>(null);
  const byCode = useErrorsByCode(code, skip);
  // The recent list's first page also gives the field its example.
  const recent = useRecentErrors(code === null ? skip : 0, true);
  const page = code === null ? recent : byCode;
  const newestCode = code === null || skip === 0 ? recent.data?.errors[0]?.errorCode : undefined;
  const [example, setExample] = useState<string | undefined>(undefined);
  if (newestCode && newestCode !== example) setExample(newestCode);

  const show = (wanted: string | null) => {
    setCode(wanted);
    setSkip(0);
    setSelected(null);
    setDetailsError(null);
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    const wanted = draft.trim();
    if (!wanted) {
      console.warn('Error log search: enter an error code');
      return;
    }
    show(wanted);
  };

  const open = async (id: string) => {
    detailsRequest.current?.abort();
    const controller = new AbortController();
    detailsRequest.current = controller;
    setLoadingId(id);
    setDetailsError(null);
    try {
      const result = await fetchErrorDetails(id, controller.signal);
      if (result.kind === 'ok') setSelected(result.record);
      else {
        setSelected(null);
        setDetailsError(
          result.kind === 'network'
            ? t('com_admin_errors_network')
            : t('com_admin_errors_alert', {
                message: result.serverError ?? t('com_admin_errors_fetch_failed'),
              }),
        );
      }
    } catch {
      // aborted by a newer row's request
    } finally {
      if (detailsRequest.current === controller) setLoadingId(null);
    }
  };

  const data = page.data;
  const range = data ? errorPageRange(data.skip, data.errors.length, data.total) : undefined;
  const hasPrevious = !!data && data.skip > 0;
  const hasNext = !!data && data.skip + data.errors.length < data.total;

  let body;
  if (page.isError) {
    body = (
      <Alert data-testid="error-log-table-error">
        {t('com_admin_errors_table_error', {
          message: page.error.message || t('com_admin_errors_unknown'),
        })}
      </Alert>
    );
  } else if (!data) {
    body = <p className="py-4 text-sm text-text-secondary">{t('com_admin_errors_loading')}</p>;
  } else if (data.errors.length === 0) {
    body = (
      <p data-testid="error-log-empty" className="py-4 text-sm text-text-secondary">
        {t(code === null ? 'com_admin_errors_recent_empty' : 'com_admin_errors_empty')}
      </p>
    );
  } else {
    body = (
      <>
        <div className="overflow-x-auto rounded-lg border border-border-light">
          <table className="w-full min-w-[40rem] text-start text-sm" aria-busy={page.isFetching}>
            <thead className="bg-surface-secondary text-xs uppercase text-text-secondary">
              <tr>
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" className="px-3 py-2 text-start font-medium">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.errors.map((e) => (
                <tr
                  key={e.errorId}
                  data-testid="error-log-row"
                  onClick={() => void open(e.errorId)}
                  data-selected={selected?.errorId === e.errorId || undefined}
                  className="cursor-pointer border-t border-border-light hover:bg-surface-tertiary data-[selected]:bg-surface-tertiary"
                >
                  <td className="whitespace-nowrap px-3 py-2 text-text-secondary">
                    <button
                      type="button"
                      onClick={(ev) => {
                        ev.stopPropagation();
                        void open(e.errorId);
                      }}
                      aria-busy={loadingId === e.errorId || undefined}
                      aria-label={t('com_admin_errors_open', { id: e.errorId })}
                      className="rounded text-start underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
                    >
                      {formatDate(e.createdAt, i18n.language, WHEN)}
                    </button>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs text-text-primary">
                    <button
                      type="button"
                      data-testid="error-log-code"
                      onClick={(ev) => {
                        ev.stopPropagation();
                        setDraft(e.errorCode);
                        show(e.errorCode);
                      }}
                      aria-label={t('com_admin_errors_search_code', { code: e.errorCode })}
                      className="rounded text-start underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
                    >
                      {e.errorCode}
                    </button>
                  </td>
                  <td className="max-w-[24rem] truncate px-3 py-2 text-text-primary" title={e.errorMessage}>
                    {e.errorMessage}
                  </td>
                  <td className="max-w-[12rem] truncate px-3 py-2 text-text-secondary">
                    {e.userEmail ?? '—'}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-text-secondary">
                    {e.endpoint ? `${e.endpoint}${e.model ? ` · ${e.model}` : ''}` : (e.route ?? '—')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav
          aria-label={t('com_admin_errors_pages')}
          className="mt-3 flex flex-wrap items-center justify-between gap-2"
        >
          <span data-testid="error-log-range" className="text-sm text-text-secondary">
            {t('com_admin_errors_range', { from: range?.from ?? 0, to: range?.to ?? 0, total: data.total })}
          </span>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={!hasPrevious || page.isFetching}
              onClick={() => setSkip(Math.max(0, (data?.skip ?? 0) - ERROR_LOG_LIMITS.pageSize))}
            >
              {t('com_admin_errors_previous')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!hasNext || page.isFetching}
              onClick={() => setSkip((data?.skip ?? 0) + ERROR_LOG_LIMITS.pageSize)}
            >
              {t('com_admin_errors_next')}
            </Button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <section aria-labelledby="error-log-title" className="flex flex-col gap-3">
      <h2 id="error-log-title" className="text-lg font-semibold text-text-primary">
        {t('com_admin_errors_title')}
      </h2>
      <form onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="error-log-code" className="text-sm font-medium text-text-primary">
            {t('com_admin_errors_code_label')}
          </label>
          <input
            id="error-log-code"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={ERROR_LOG_LIMITS.codeMax}
            placeholder={
              example
                ? t('com_admin_errors_code_placeholder', { code: example })
                : recent.isSuccess
                  ? t('com_admin_errors_recent_empty')
                  : undefined
            }
            autoComplete="off"
            spellCheck={false}
            className="h-10 w-full min-w-0 rounded-lg border border-border-medium bg-surface-primary px-3 text-sm text-text-primary placeholder:text-text-tertiary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30"
          />
        </div>
        <Button type="submit">{t('com_admin_errors_search')}</Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 data-testid="error-log-heading" className="text-sm font-medium text-text-secondary">
          {code === null ? t('com_admin_errors_recent') : code}
        </h3>
        {code !== null && (
          <Button variant="secondary" size="sm" data-testid="error-log-recent" onClick={() => show(null)}>
            {t('com_admin_errors_show_recent')}
          </Button>
        )}
      </div>
      {body}
      {detailsError && <Alert data-testid="error-details-alert">{detailsError}</Alert>}
      {selected && <ErrorDetails record={selected} onClose={() => setSelected(null)} />}
    </section>
  );
}
