import { useTranslation } from '../../hooks/useTranslation';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';

export interface StorePaginationProps {
  /** Zero-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** The plugin store's pages: previous, each page's number, next. */
export function StorePagination({ page, pages, onPage }: StorePaginationProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('com_plugin_pages')} className="mt-auto flex items-center justify-center gap-1 pt-2">
      <IconButton
        label={t('com_plugin_page_previous')}
        size="sm"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      </IconButton>
      {Array.from({ length: pages }, (_, i) => (
        <button
          key={i}
          type="button"
          onClick={() => onPage(i)}
          aria-current={i === page ? 'page' : undefined}
          aria-label={t('com_plugin_page', { page: i + 1 })}
          className={clsx(
            'size-8 rounded-lg text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
            i === page
              ? 'bg-surface-tertiary font-semibold text-text-primary'
              : 'text-text-secondary hover:bg-surface-tertiary',
          )}
        >
          {i + 1}
        </button>
      ))}
      <IconButton
        label={t('com_plugin_page_next')}
        size="sm"
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
      </IconButton>
    </nav>
  );
}
