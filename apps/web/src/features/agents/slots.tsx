import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Bot } from 'lucide-react';
import { AGENTS_ENDPOINT } from '@chat/contract';
import { Dialog } from '../../components/ui/Dialog';
import { IconButton } from '../../components/ui/IconButton';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { useAgents } from './api';
import { agentMissing, otherEndpoints } from './missing';

declare module '../../platform/slots' {
  interface Slots {
    /** Sections of the Agent Builder's form for an agent the person owns (its actions). */
    'agents.builder.sections': { agentId: string };
  }
}

/** The builder's form and its requests load on the first click. */
const AgentBuilder = lazy(() => import('./AgentBuilder'));

/**
 * The header's Agent Builder button, wherever the server offers agents (as LibreChat's side panel
 * does): the first agent is made here, before the agents endpoint has anything to pick.
 */
export function BuilderButton({ setup, assistantView, busy }: Slots['chat.header.items']): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const entry = setup.endpointsConfig?.[AGENTS_ENDPOINT];
  // librechat.yaml's disableBuilder: agents are used, not made or changed.
  if (assistantView || !entry || entry.disableBuilder) return null;
  return (
    <>
      <IconButton
        label={t('com_agents_builder')}
        onClick={() => setOpen(true)}
        disabled={busy}
        data-testid="agent-builder-button"
      >
        <Bot className="size-5" aria-hidden />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('com_agents_builder')} size="sheet">
        {open && (
          <Suspense fallback={null}>
            <AgentBuilder
              endpointsConfig={setup.endpointsConfig}
              models={setup.models}
              selectedId={setup.endpoint === AGENTS_ENDPOINT ? setup.model : null}
              onChoose={(id) => setup.choose(AGENTS_ENDPOINT, id)}
              onClose={() => setOpen(false)}
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}

/** The chosen agent's conversation starters on the empty chat: a click sends one. */
function Starters({ setup, send, canSend }: Slots['chat.empty.below']): ReactNode {
  const { t } = useTranslation();
  const on = setup.endpoint === AGENTS_ENDPOINT;
  const agents = useAgents(on);
  const agent = on ? agents.data?.find((a) => a.id === setup.model) : undefined;
  if (!agent) return null;
  return (
    <div className="mt-6 flex w-full max-w-xl flex-col items-center gap-3" data-testid="agent-starters">
      {agent.description && <p className="text-sm text-text-secondary">{agent.description}</p>}
      {agent.conversation_starters.length > 0 && (
        <ul className="grid w-full gap-2 sm:grid-cols-2" aria-label={t('com_agents_starters')}>
          {agent.conversation_starters.map((s) => (
            <li key={s}>
              <button
                type="button"
                disabled={!canSend}
                onClick={() => send(s)}
                className="w-full rounded-xl border border-border-medium bg-surface-primary px-3 py-2 text-start text-sm text-text-primary hover:bg-surface-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary focus-visible:outline-none disabled:opacity-50"
                data-testid="agent-starter"
              >
                {s}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A conversation whose agent is gone (deleted, or no longer shared with the person) says so above
 * the messages and offers the other endpoints to go on with; the conversation itself stays as it is.
 */
export function MissingAgent({ setup, assistantView, endpointLabel }: Slots['chat.header.below']): ReactNode {
  const { t } = useTranslation();
  const on = !assistantView && setup.endpoint === AGENTS_ENDPOINT;
  const agents = useAgents(on);
  if (!on || !agentMissing(setup.endpoint, setup.model, agents.data)) return null;
  const others = otherEndpoints(setup.endpointsConfig, setup.models);
  return (
    <div
      role="alert"
      className="mx-auto mt-2 flex w-full max-w-3xl flex-wrap items-center gap-2 rounded-xl border border-border-medium bg-surface-secondary px-3 py-2 text-sm text-text-primary"
      data-testid="agent-missing"
    >
      <p className="flex-1">{t('com_agents_missing')}</p>
      {others.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('com_agents_missing_pick')}>
          {others.map((o) => (
            <li key={o.endpoint}>
              <button
                type="button"
                onClick={() => setup.choose(o.endpoint, o.model)}
                className="rounded-lg border border-border-medium px-2 py-1 hover:bg-surface-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary focus-visible:outline-none"
              >
                {t('com_agents_missing_use', { 0: endpointLabel(o.endpoint) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * What agents add to the chat screen: the builder in the header, the starters on an empty chat,
 * the notice of a conversation whose agent is gone.
 */
export const agentsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.header.items', { id: 'agents', order: 15, component: BuilderButton }),
  fill('chat.header.below', { id: 'agents.missing', component: MissingAgent }),
  fill('chat.empty.below', { id: 'agents', component: Starters }),
];
