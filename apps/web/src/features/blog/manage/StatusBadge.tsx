import './texts';
import clsx from 'clsx';
import type { BlogStatus } from '@chat/contract';
import { useTranslation } from '../../../hooks/useTranslation';

const tones: Record<BlogStatus, string> = {
  Draft: 'bg-surface-tertiary text-text-secondary',
  Reviewed: 'bg-amber-500/15 text-amber-800 dark:text-amber-200',
  Approved: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-200',
};

/** A post's status (Draft, Under Review, Approved). */
export function StatusBadge({ status }: { status: BlogStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="blog-status"
      data-status={status}
      className={clsx('inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', tones[status])}
    >
      {t(`com_blog_status_${status}`)}
    </span>
  );
}
