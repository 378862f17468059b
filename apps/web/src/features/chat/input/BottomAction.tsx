import { useTranslation } from 'react-i18next';
import { FastForward, RefreshCw, Square } from 'lucide-react';
import type { ReactNode } from 'react';

export type BottomActionKind = 'stop' | 'continue' | 'regenerate' | null;

/** Spec §4: Stop while generating (plus the grace period), then Continue when supported, else Regenerate. */
export function bottomActionKind(opts: {
  showStop: boolean;
  canContinue: boolean;
  canRegenerate: boolean;
}): BottomActionKind {
  if (opts.showStop) return 'stop';
  if (opts.canContinue) return 'continue';
  if (opts.canRegenerate) return 'regenerate';
  return null;
}

export interface BottomActionProps {
  kind: BottomActionKind;
  onStop: () => void;
  onContinue: () => void;
  onRegenerate: () => void;
}

export function BottomAction({ kind, onStop, onContinue, onRegenerate }: BottomActionProps) {
  const { t } = useTranslation();
  if (!kind) return null;
  const config: Record<
    NonNullable<BottomActionKind>,
    { icon: ReactNode; label: string; onClick: () => void; testId: string }
  > = {
    stop: {
      icon: <Square className="size-3 fill-current" />,
      label: t('com_chat_stop_generating'),
      onClick: onStop,
      testId: 'stop-generating',
    },
    continue: {
      icon: <FastForward className="size-3.5" />,
      label: t('com_chat_continue'),
      onClick: onContinue,
      testId: 'continue-bottom',
    },
    regenerate: {
      icon: <RefreshCw className="size-3.5" />,
      label: t('com_chat_regenerate'),
      onClick: onRegenerate,
      testId: 'regenerate-bottom',
    },
  };
  const c = config[kind];
  return (
    <button
      type="button"
      data-testid={c.testId}
      onClick={c.onClick}
      className="inline-flex h-8 items-center gap-2 rounded-lg border border-border-medium bg-surface-primary px-3 text-sm text-text-primary shadow-sm hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      <span aria-hidden>{c.icon}</span>
      {c.label}
    </button>
  );
}
