import { createContext, lazy, useContext, useMemo, useState, type ReactNode } from 'react';
import { MCP_DELIMITER, TOOL_ENDPOINT_TYPES } from '@chat/contract';
import { usePlugins } from '../../api/plugins';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { useAuth } from '../auth';
import { useMcpServers } from './queries';

const ToolsMenu = lazy(() => import('./ToolsMenu').then((m) => ({ default: m.ToolsMenu })));

/** What the chat screen tells the message box's tools button (the chat.scope fill shares it). */
type ScopeShare = Pick<Slots['chat.scope'], 'setup' | 'busy' | 'assistantView'>;
const ToolsScopeContext = createContext<ScopeShare | null>(null);

/** Shares the screen's setup with the button inside the message box. */
function ToolsScope({ setup, busy, assistantView, children }: Slots['chat.scope']): ReactNode {
  const share = useMemo(() => ({ setup, busy, assistantView }), [setup, busy, assistantView]);
  return <ToolsScopeContext.Provider value={share}>{children}</ToolsScopeContext.Provider>;
}

/**
 * The tools button, where the endpoint's models call tools: MCP servers (all their tools) and the
 * person's installed plugins (their MCP tools are chosen through their server). The choice
 * goes with every ask as the conversation's `tools` and `ephemeralAgent`.
 */
function ToolsButton({ disabled }: Slots['chat.input.tools']): ReactNode {
  const share = useContext(ToolsScopeContext);
  const { user } = useAuth();
  const shown =
    share !== null &&
    !share.assistantView &&
    share.setup.endpointType !== null &&
    TOOL_ENDPOINT_TYPES.includes(share.setup.endpointType);
  // Asked for when the menu is first opened, not with every chat screen.
  const [wanted, setWanted] = useState(false);
  const mcpServers = useMcpServers(shown && wanted);
  const plugins = usePlugins(shown && wanted);
  const installed = user?.plugins;
  const menuPlugins = useMemo(
    () =>
      (plugins.data ?? [])
        .filter((p) => installed?.includes(p.pluginKey) && !p.pluginKey.includes(MCP_DELIMITER))
        .map((p) => ({ pluginKey: p.pluginKey, name: p.name })),
    [plugins.data, installed],
  );
  const servers = useMemo(
    () =>
      Object.values(mcpServers.data?.servers ?? {}).map((s) => ({ name: s.name, toolCount: s.tools.length })),
    [mcpServers.data],
  );
  if (!shown) return null;
  const { setup, busy } = share;
  return (
    <ToolsMenu
      servers={servers}
      plugins={menuPlugins}
      mcp={setup.mcp}
      tools={setup.tools}
      onMcp={setup.setMcp}
      onTools={setup.setTools}
      disabled={disabled || busy}
      onOpen={() => setWanted(true)}
      loading={mcpServers.isPending || plugins.isPending}
    />
  );
}

/** The tools menu in the message box. */
export const toolsMenuSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.scope', { id: 'tools-menu', component: ToolsScope }),
  fill('chat.input.tools', { id: 'tools-menu', order: -2, component: ToolsButton }),
];
