import clsx from 'clsx';
import { useTranslation } from '../../../hooks/useTranslation';
import { Check, Copy, FastForward, Pencil, RefreshCw } from 'lucide-react';
import { IconButton } from '../../../components/ui/IconButton';
import { useCopy } from '../../markdown';

export interface MessageActionsProps {
  text: string;
  /** Always visible (the latest message, touch screens); otherwise on hover or focus. */
  pinned: boolean;
  onEdit?: (() => void) | undefined;
  onRegenerate?: (() => void) | undefined;
  onContinue?: (() => void) | undefined;
  align: 'start' | 'end';
  children?: React.ReactNode;
  /** Other features' actions (the message actions slot), after the row's own. */
  after?: React.ReactNode;
}

export function MessageActions({
  text,
  pinned,
  onEdit,
  onRegenerate,
  onContinue,
  align,
  children,
  after,
}: MessageActionsProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <div
      className={clsx(
        'flex items-center gap-0.5 transition-opacity',
        align === 'end' && 'justify-end',
        pinned
          ? 'opacity-100'
          : 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100',
      )}
    >
      {children}
      <IconButton
        size="sm"
        data-testid="copy-message"
        label={copied ? t('com_chat_copied') : t('com_chat_copy')}
        onClick={() => void copy(text)}
      >
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      </IconButton>
      {onEdit && (
        <IconButton size="sm" data-testid="edit-message" label={t('com_chat_edit')} onClick={onEdit}>
          <Pencil className="size-4" aria-hidden />
        </IconButton>
      )}
      {onRegenerate && (
        <IconButton
          size="sm"
          data-testid="regenerate"
          label={t('com_chat_regenerate')}
          onClick={onRegenerate}
        >
          <RefreshCw className="size-4" aria-hidden />
        </IconButton>
      )}
      {onContinue && (
        <IconButton size="sm" data-testid="continue" label={t('com_chat_continue')} onClick={onContinue}>
          <FastForward className="size-4" aria-hidden />
        </IconButton>
      )}
      {after}
    </div>
  );
}
