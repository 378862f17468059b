import { useTranslation } from '../../../hooks/useTranslation';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export interface SiblingSwitcherProps {
  index: number;
  count: number;
  onStep: (delta: -1 | 1) => void;
}

/** "n / total" with previous and next. */
export function SiblingSwitcher({ index, count, onStep }: SiblingSwitcherProps) {
  const { t } = useTranslation();
  if (count < 2) return null;
  const btn =
    'inline-flex size-7 items-center justify-center rounded-md text-text-secondary hover:bg-surface-tertiary hover:text-text-primary disabled:opacity-40 disabled:hover:bg-transparent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';
  return (
    <div
      className="flex items-center text-xs text-text-secondary"
      role="group"
      aria-label={t('com_chat_branches')}
    >
      <button
        type="button"
        data-testid="sibling-prev"
        className={btn}
        aria-label={t('com_chat_sibling_prev')}
        title={t('com_chat_sibling_prev')}
        disabled={index <= 0}
        onClick={() => onStep(-1)}
      >
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      </button>
      <span data-testid="sibling-counter" className="min-w-9 text-center tabular-nums" aria-live="polite">
        {index + 1} / {count}
      </span>
      <button
        type="button"
        data-testid="sibling-next"
        className={btn}
        aria-label={t('com_chat_sibling_next')}
        title={t('com_chat_sibling_next')}
        disabled={index >= count - 1}
        onClick={() => onStep(1)}
      >
        <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
      </button>
    </div>
  );
}
