import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { Spinner } from '../../components/ui/Spinner';
import { IconButton } from '../../components/ui/IconButton';
import { formatNumber } from '../../config/locale';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers line up at the end. */
  numeric?: boolean;
  /** Long free text (a reason, a detail) wraps; every other cell stays on one line. */
  wrap?: boolean;
}

export interface Paging {
  skip: number;
  pageSize: number;
  total: number;
  onSkip: (skip: number) => void;
}

/**
 * A table of the panel with its loading, empty and failed states; a failure reads the panel's
 * "Error loading {table} data: {message}" (Unknown error without a message).
 */
export function DataTable<Row>({
  table,
  columns,
  rows,
  loading,
  error,
  rowKey,
  paging,
  testId,
}: {
  /** The table's name in the failure text ("banned users"). */
  table: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  loading: boolean;
  error: Error | null;
  rowKey: (row: Row, index: number) => string;
  paging?: Paging;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  if (error) {
    return (
      <p role="alert" data-testid={`${testId}-error`} className="text-sm text-text-danger">
        {t('com_admin_error_loading', { table, message: error.message || t('com_admin_unknown_error') })}
      </p>
    );
  }
  if (loading) return <Spinner size={20} className="self-center text-text-secondary" />;
  if (!rows?.length) {
    return (
      <p data-testid={`${testId}-empty`} className="text-sm text-text-secondary">
        {t('com_admin_no_rows')}
      </p>
    );
  }
  const last = paging ? Math.min(paging.skip + rows.length, paging.total) : rows.length;
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-border-light">
        <table data-testid={testId} className="w-full border-collapse text-sm">
          <thead className="bg-surface-secondary text-text-secondary">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-3 py-2 font-medium ${c.numeric ? 'text-end' : 'text-start'}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={rowKey(row, i)} className="border-t border-border-light text-text-primary">
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={`px-3 py-2 align-top ${c.wrap ? 'min-w-48 [overflow-wrap:anywhere]' : 'whitespace-nowrap'} ${c.numeric ? 'text-end tabular-nums' : ''}`}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paging && paging.total > paging.pageSize && (
        <div className="flex items-center justify-end gap-2 text-sm text-text-secondary">
          <span>
            {t('com_admin_page_range', {
              from: formatNumber(paging.skip + 1, i18n.language),
              to: formatNumber(last, i18n.language),
              total: formatNumber(paging.total, i18n.language),
            })}
          </span>
          <IconButton
            label={t('com_admin_previous_page')}
            disabled={paging.skip === 0}
            onClick={() => paging.onSkip(Math.max(0, paging.skip - paging.pageSize))}
          >
            <ChevronLeft className="size-4 rtl:-scale-x-100" />
          </IconButton>
          <IconButton
            label={t('com_admin_next_page')}
            disabled={last >= paging.total}
            onClick={() => paging.onSkip(paging.skip + paging.pageSize)}
          >
            <ChevronRight className="size-4 rtl:-scale-x-100" />
          </IconButton>
        </div>
      )}
    </div>
  );
}
