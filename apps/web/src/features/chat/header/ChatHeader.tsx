import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { SquarePen } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useStableNavigate } from '../../../hooks/useStableNavigate';
import { NavToggleButton } from '../../../components/NavToggleButton';
import { useLocalPref } from '../../../state/local-pref';
import { useNav } from '../../../state/nav';
import { useAuth } from '../../auth';
import { PresetsMenu, type PresetDialogs } from '../../presets';
import { OptionsPopover } from '../options/OptionsPopover';
import type { ChatSetupState } from './useChatSetup';
import { EndpointMenu } from './EndpointMenu';
import { modelLabel } from './endpoint-menu';

// Only the plugins endpoint shows it: not on the first load of a chat on another endpoint.
const PluginsSelect = lazy(() => import('./PluginsSelect').then((m) => ({ default: m.PluginsSelect })));

const NO_PLUGINS: readonly string[] = [];

export interface ChatHeaderProps {
  setup: ChatSetupState;
  onConfigureKey: (endpoint: string) => void;
  disabled?: boolean;
  /** The /a/ view: these controls (the assistant's) in place of the endpoint menu and options. */
  assistantControls?: ReactNode;
  /** The presets menu's dialogs (not in the /a/ view). */
  presets?: PresetDialogs | undefined;
}

/** The chat header (spec §2): endpoint menu, options popover and presets menu, the sidebar toggle and new chat when hidden. */
export function ChatHeader({ setup, onConfigureKey, disabled, assistantControls, presets }: ChatHeaderProps) {
  const { t } = useTranslation();
  const { visible, isMobile } = useNav();
  const { user, setUser } = useAuth();
  const showToggle = !visible || isMobile;
  const [modularChat] = useLocalPref('modularChat');
  const navigate = useStableNavigate();
  const { pathname } = useLocation();
  const { choose, endpoint: current } = setup;
  const onChoose = useCallback(
    (endpoint: string, model: string) => {
      choose(endpoint, model);
      // Modular chat off (settings, Beta): another endpoint starts a new chat with it (the choice
      // is remembered, so /c/new opens on it) instead of continuing this conversation.
      if (!modularChat && endpoint !== current && /^\/c\/(?!new$)[^/]+$/.test(pathname)) navigate('/c/new');
    },
    [choose, current, modularChat, pathname, navigate],
  );
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-1 bg-surface-chat/95 px-2 backdrop-blur sm:px-3">
      {showToggle && <NavToggleButton />}
      <div className="flex min-w-0 flex-1 items-center gap-0.5">
        {assistantControls ?? (
          <>
            <EndpointMenu
              config={setup.endpointsConfig}
              models={setup.models}
              endpoint={setup.endpoint}
              model={setup.model}
              onChoose={onChoose}
              onConfigureKey={onConfigureKey}
              disabled={disabled}
            />
            <OptionsPopover
              endpointType={setup.endpointType}
              model={setup.model}
              modelLabel={
                setup.endpoint && setup.model
                  ? modelLabel(setup.endpoint, setup.model, setup.endpointsConfig, t)
                  : undefined
              }
              values={setup.params}
              onChange={setup.setParam}
              onReset={setup.resetParams}
              bing={{ values: setup.bing, onChange: setup.setBing }}
              conversation={{
                values: setup.carried,
                onChange: setup.setCarried,
                toolsSelected: setup.endpointType === 'gptPlugins' && setup.tools.length > 0,
                agentModels: setup.endpoint ? setup.models?.[setup.endpoint] : undefined,
              }}
              disabled={disabled}
            />
            {presets && <PresetsMenu dialogs={presets} disabled={disabled} />}
            {setup.endpointType === 'gptPlugins' && (
              <Suspense fallback={null}>
                <PluginsSelect
                  selected={setup.tools}
                  onChange={setup.setTools}
                  installed={user?.plugins ?? NO_PLUGINS}
                  onUser={setUser}
                  disabled={disabled}
                />
              </Suspense>
            )}
          </>
        )}
      </div>
      {showToggle && (
        <Link
          to={assistantControls ? '/a/new' : '/c/new'}
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
