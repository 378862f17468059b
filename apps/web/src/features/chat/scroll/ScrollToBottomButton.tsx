import { useTranslation } from '../../../hooks/useTranslation';
import { ArrowDown } from 'lucide-react';
import { TIMINGS } from '@chat/contract';

/** It comes in over TIMINGS.scrollDownTransitionMs (the spec's scroll-down transition). */
const ENTRANCE = {
  animationName: 'scroll-down-in',
  animationDuration: `${TIMINGS.scrollDownTransitionMs}ms`,
  animationTimingFunction: 'ease-out',
  animationFillMode: 'both',
} as const;

export function ScrollToBottomButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="scroll-to-bottom"
      aria-label={t('com_chat_scroll_bottom')}
      title={t('com_chat_scroll_bottom')}
      onClick={onClick}
      style={ENTRANCE}
      className="inline-flex size-9 items-center justify-center rounded-full border border-border-medium bg-surface-primary text-text-secondary shadow-md hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      <ArrowDown className="size-4" aria-hidden />
    </button>
  );
}
