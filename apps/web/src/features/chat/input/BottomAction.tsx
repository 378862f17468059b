import { useTranslation } from '../../../hooks/useTranslation';
import { FastForward, RefreshCw, Square } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BottomActionKind } from './bottom-action';

export interface BottomActionProps {
  kind: NonNullable<BottomActionKind>;
  onStop: () => void;
  onContinue: () => void;
  onRegenerate: () => void;
}

/** The spec's bottom button. It sits in the strip below the message list, never over it. */
export function BottomAction({ kind, onStop, onContinue, onRegenerate }: BottomActionProps) {
  const { t } = useTranslation();
  const config: Record<BottomActionProps['kind'], { icon: ReactNode; label: string; onClick: () => void }> = {
    stop: { icon: <Square className="size-3 fill-current" />, label: t('com_chat_stop'), onClick: onStop },
    continue: {
      icon: <FastForward className="size-3.5" />,
      label: t('com_chat_continue'),
      onClick: onContinue,
    },
    regenerate: {
      icon: <RefreshCw className="size-3.5" />,
      label: t('com_chat_regenerate'),
      onClick: onRegenerate,
    },
  };
  const c = config[kind];
  return (
    <button
      type="button"
      data-testid="bottom-action"
      data-kind={kind}
      onClick={c.onClick}
      className="inline-flex h-9 items-center gap-2 rounded-full border border-border-medium bg-surface-primary px-4 text-sm text-text-primary shadow-sm hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      <span aria-hidden>{c.icon}</span>
      {c.label}
    </button>
  );
}
