import { useTranslation } from 'react-i18next';
import { SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { NavToggleButton } from '../../../components/NavToggleButton';
import { useNav } from '../../../state/nav';
import type { ChatSetupState } from './useChatSetup';
import { EndpointPicker, ModelPicker } from './Pickers';

export interface ChatHeaderProps {
  setup: ChatSetupState;
  onSelectEndpoint: (endpoint: string) => void;
  disabled?: boolean;
}

export function ChatHeader({ setup, onSelectEndpoint, disabled }: ChatHeaderProps) {
  const { t } = useTranslation();
  const { visible, isMobile } = useNav();
  const showToggle = !visible || isMobile;
  const models = setup.endpoint ? (setup.models?.[setup.endpoint] ?? []) : [];
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-1 bg-surface-chat/95 px-2 backdrop-blur sm:px-3">
      {showToggle && <NavToggleButton />}
      <div className="flex min-w-0 flex-1 items-center gap-0.5">
        <EndpointPicker
          config={setup.endpointsConfig}
          value={setup.endpoint}
          onChange={onSelectEndpoint}
          disabled={disabled}
        />
        <ModelPicker
          models={models.length > 0 || !setup.model ? models : [setup.model]}
          value={setup.model}
          onChange={setup.selectModel}
          disabled={disabled}
        />
      </div>
      {showToggle && (
        <Link
          to="/c/new"
          aria-label={t('com_chat_new_chat')}
          title={t('com_chat_new_chat')}
          data-testid="header-new-chat"
          className="inline-flex size-9 items-center justify-center rounded-lg text-text-secondary hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        >
          <SquarePen className="size-5" aria-hidden />
        </Link>
      )}
    </header>
  );
}
