import { useCallback, useMemo, type ReactNode } from 'react';
import type { ModelSpec } from '@chat/contract';
import { useTranslation } from '../../../hooks/useTranslation';
import { SquarePen } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useStableNavigate } from '../../../hooks/useStableNavigate';
import { NavToggleButton } from '../../../components/NavToggleButton';
import { useLocalPref } from '../../../state/local-pref';
import { useNav } from '../../../state/nav';
import { useStartupConfig } from '../../../api/config';
import { OptionsPopover } from '../../conversation-options';
import type { ChatSetupState } from './useChatSetup';
import { EndpointMenu, menuEndpoints, modelLabel, SpecsMenu } from '../../model-select';

export interface ChatHeaderProps {
  setup: ChatSetupState;
  onConfigureKey: (endpoint: string) => void;
  disabled?: boolean;
  /** The /a/ view: these controls (the assistant's) in place of the endpoint menu and options. */
  assistantControls?: ReactNode;
  /** What features add after the endpoint's controls (the chat.header.items slot). */
  items?: ReactNode;
}

/** The chat header: endpoint menu, options popover and the features' items, the sidebar toggle and new chat when hidden. */
export function ChatHeader({ setup, onConfigureKey, disabled, assistantControls, items }: ChatHeaderProps) {
  const { t } = useTranslation();
  const { visible, isMobile } = useNav();
  const showToggle = !visible || isMobile;
  const [modularChat] = useLocalPref('modularChat');
  const navigate = useStableNavigate();
  const { pathname } = useLocation();
  const { choose, endpoint: current } = setup;
  // librechat.yaml `interface`: the parts of the header the operator hid.
  const startup = useStartupConfig().data;
  const shown = startup?.interface;
  // librechat.yaml `modelSpecs`: the operator's entries come first; the endpoint menu shows with
  // them only when `modelSelect` is on (LibreChat's `addedEndpoints`) and specs are not enforced.
  const specs = startup?.modelSpecs;
  const endpointMenuShown = specs
    ? !specs.enforce && shown?.modelSelect !== false
    : shown?.endpointsMenu !== false && shown?.modelSelect !== false;
  const menuConfig = useMemo(
    () => menuEndpoints(setup.endpointsConfig, specs?.addedEndpoints),
    [setup.endpointsConfig, specs?.addedEndpoints],
  );
  const { chooseSpec } = setup;
  const onChooseSpec = useCallback(
    (spec: ModelSpec) => {
      const changes = spec.preset.endpoint !== current;
      if (!chooseSpec(spec)) return;
      if (!modularChat && changes && /^\/c\/(?!new$)[^/]+$/.test(pathname)) navigate('/c/new');
    },
    [chooseSpec, current, modularChat, pathname, navigate],
  );
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
            {specs && specs.list.length > 0 && (
              <SpecsMenu
                specs={specs.list}
                current={setup.spec}
                config={setup.endpointsConfig}
                onChoose={onChooseSpec}
                disabled={disabled}
              />
            )}
            {endpointMenuShown && (
              <EndpointMenu
                config={menuConfig}
                models={setup.models}
                endpoint={setup.endpoint}
                model={setup.model}
                onChoose={onChoose}
                onConfigureKey={onConfigureKey}
                disabled={disabled}
              />
            )}
            {shown?.parameters !== false && (
              <OptionsPopover
                endpointType={setup.endpointType}
                paramsType={setup.paramsType}
                paramOverrides={setup.paramOverrides}
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
            )}
            {items}
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
