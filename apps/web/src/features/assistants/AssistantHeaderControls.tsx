import { useTranslation } from '../../hooks/useTranslation';
import { Bot, Settings2 } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';

/** The /a/ view's header: the assistant that replies, and on small screens the panel's button. */
export function AssistantHeaderControls({
  name,
  onOpenPanel,
}: {
  name: string | null;
  /** Small screens: opens the assistant panel as a sheet. */
  onOpenPanel: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 px-1">
      <Bot className="size-5 shrink-0 text-text-secondary" aria-hidden />
      <span className="truncate text-sm font-medium text-text-primary" data-testid="assistant-current">
        {name ?? t('com_assistants_none_selected')}
      </span>
      {onOpenPanel && (
        <IconButton
          label={t('com_assistants_open_panel')}
          onClick={onOpenPanel}
          data-testid="assistant-open-panel"
        >
          <Settings2 className="size-5" aria-hidden />
        </IconButton>
      )}
    </div>
  );
}
