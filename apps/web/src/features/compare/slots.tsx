import { useEffect, useId, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Plus, Square, X } from 'lucide-react';
import clsx from 'clsx';
import type { CreatedEvent, EndpointsConfig, Message, ModelsConfig } from '@chat/contract';
import { queryKeys } from '../../api/keys';
import { IconButton } from '../../components/ui/IconButton';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { errorTextFor } from '../chat';
import { EndpointIcon, endpointTypeFor, modelLabel, replyAuthor } from '../model-select';
import { LazyMarkdown } from '../markdown';
import { followAdded, stopAdded } from './stream';
import { getAdded, getTurn, setAdded, setTurn, useAdded, useTurn, type AddedModel } from './store';

type HeaderProps = Slots['chat.header.items'];

/** Endpoints a second model may come from: the ones with models, save the assistants' (their own view). */
export function comparableModels(
  models: ModelsConfig | undefined,
  config: EndpointsConfig | undefined,
): { endpoint: string; models: string[] }[] {
  if (!models || !config) return [];
  return Object.entries(models)
    .filter(([endpoint, list]) => list.length > 0 && config[endpoint] && !/^assistants?$/.test(endpoint))
    .sort(([a], [b]) => (config[a]?.order ?? 0) - (config[b]?.order ?? 0))
    .map(([endpoint, list]) => ({ endpoint, models: list }));
}

const SEP = '\u0001';

/**
 * LibreChat's "+" beside the model menu: the next sends also ask a second model, the one chosen
 * here to begin with (it is changed in the bar under the header). Gone while one is added.
 */
function AddModelButton({ assistantView, busy, setup }: HeaderProps): ReactNode {
  const { t } = useTranslation();
  const added = useAdded();
  if (assistantView || added) return null;
  const { endpoint, model } = setup;
  return (
    <IconButton
      label={t('com_ui_add_multi_conversation')}
      data-testid="compare-add"
      disabled={busy || !endpoint || !model}
      onClick={() => endpoint && model && setAdded({ endpoint, model })}
    >
      <Plus className="size-5" aria-hidden />
    </IconButton>
  );
}

/** Under the header while a second model is added: which one (a menu), and its removal in one click. */
function AddedModelBar({
  assistantView,
  busy,
  setup,
  endpointLabel,
  modelLabel: labelOf,
}: HeaderProps): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const added = useAdded();
  const groups = useMemo(
    () => comparableModels(setup.models, setup.endpointsConfig),
    [setup.models, setup.endpointsConfig],
  );
  if (assistantView || !added) return null;
  const config = setup.endpointsConfig;
  return (
    <div
      data-testid="compare-bar"
      className="mx-auto flex w-full max-w-3xl flex-wrap items-center gap-2 px-4 py-1 text-sm sm:px-6"
    >
      <span className="flex size-6 shrink-0 items-center justify-center" aria-hidden>
        <EndpointIcon
          type={endpointTypeFor(added.endpoint, config)}
          iconURL={config?.[added.endpoint]?.iconURL ?? null}
          isDemo={config?.[added.endpoint]?.isDemo === true}
        />
      </span>
      <label htmlFor={id} className="text-text-secondary">
        {t('com_ui_compare_with')}
      </label>
      <select
        id={id}
        data-testid="compare-model"
        value={`${added.endpoint}${SEP}${added.model}`}
        disabled={busy}
        onChange={(e) => {
          const [endpoint = '', model = ''] = e.target.value.split(SEP);
          if (endpoint && model) setAdded({ endpoint, model });
        }}
        className="min-w-0 max-w-full flex-1 rounded-lg border border-border-medium bg-surface-primary px-2 py-1 text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary sm:flex-none"
      >
        {groups.map((g) => (
          <optgroup key={g.endpoint} label={endpointLabel(g.endpoint)}>
            {g.models.map((m) => (
              <option key={m} value={`${g.endpoint}${SEP}${m}`}>
                {labelOf(g.endpoint, m)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <IconButton
        label={t('com_ui_compare_remove')}
        size="sm"
        data-testid="compare-remove"
        onClick={() => setAdded(null)}
      >
        <X className="size-4" aria-hidden />
      </IconButton>
    </div>
  );
}

/** A compared send's created event: the second reply's turn begins, and its stream is followed. */
function startTurn(qc: ReturnType<typeof useQueryClient>, e: CreatedEvent, added: AddedModel): void {
  const info = e.addedConvo;
  if (!info) return;
  const userMessageId = e.message.messageId;
  setTurn({
    conversationId: e.conversationId,
    userMessageId,
    endpoint: added.endpoint,
    model: added.model,
    addedId: info.responseMessageId ?? null,
    reply: null,
    error: info.responseMessageId ? null : { code: info.code ?? 'internal', message: info.message ?? '' },
    streaming: !!info.responseMessageId,
  });
  if (info.responseMessageId) void followAdded(qc, e.conversationId, userMessageId);
}

/** Every new message carries the second model while one is added (`addedConvo`), not in /a/. */
function CompareScope({ assistantView, setAskExtras, children }: Slots['chat.scope']): ReactNode {
  const qc = useQueryClient();
  useEffect(() => {
    if (!setAskExtras) return;
    setAskExtras(() => {
      const added = getAdded();
      if (!added || assistantView) return null;
      return {
        body: { addedConvo: { endpoint: added.endpoint, model: added.model } },
        created: (e) => startTurn(qc, e, added),
      };
    });
    return () => setAskExtras(null);
  }, [setAskExtras, assistantView, qc]);
  return children;
}

const isRunning = (m: Message): boolean =>
  !m.isCreatedByUser && m.unfinished && !m.error && m.finish_reason === null;

/** Another reply to the same message is still being written (as the loaded messages say). */
function hasRunningSibling(qc: QueryClient, m: Message): boolean {
  const list = qc.getQueryData<Message[]>(queryKeys.messages(m.conversationId));
  return !!list?.some(
    (o) => o.parentMessageId === m.parentMessageId && o.messageId !== m.messageId && isRunning(o),
  );
}

/**
 * Beside the first model's reply: the second model's, labelled and iconed as the chat's replies
 * are, streaming as it comes (a column from the tablet breakpoint, under it on small screens).
 * Only for a compared send this tab made; the saved pair is the branch switcher's (< 1/2 >).
 */
function AddedReply({ message, endpointsConfig }: Slots['chat.message.beside']): ReactNode {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const turn = useTurn(message.parentMessageId);
  // A reply still running when the page loaded (a reload) with a sibling running too: a compared
  // send's pair, whose second reply is joined again beside it.
  const running = useSyncExternalStore(
    (onChange) => qc.getQueryCache().subscribe(onChange),
    () => !turn && isRunning(message) && hasRunningSibling(qc, message),
    () => false,
  );
  useEffect(() => {
    if (!running || getTurn(message.parentMessageId)) return;
    setTurn({
      conversationId: message.conversationId,
      userMessageId: message.parentMessageId,
      endpoint: message.endpoint ?? '',
      model: message.model ?? '',
      addedId: null,
      reply: null,
      error: null,
      streaming: true,
      probe: true,
    });
    void followAdded(qc, message.conversationId, message.parentMessageId);
  }, [running, message, qc]);
  if (!turn || turn.probe || message.messageId === turn.addedId) return null;
  const reply = turn.reply;
  const endpoint = reply?.endpoint ?? turn.endpoint;
  const model = reply?.model ?? turn.model;
  const author = replyAuthor({ sender: reply?.sender ?? '', endpoint, model }, endpointsConfig, t);
  const modelName = model ? modelLabel(endpoint, model, endpointsConfig, t) : '';
  const label = modelName && modelName !== author ? `${author} (${modelName})` : author;
  const error = turn.error ?? (reply?.error ? { code: 'internal', message: reply.text } : null);
  return (
    <section
      data-beside
      data-testid="compare-reply"
      data-message-id={turn.addedId ?? undefined}
      aria-label={label}
      aria-busy={turn.streaming}
      tabIndex={0}
      className="flex min-w-0 flex-1 gap-3 rounded-lg border-t border-border-light pt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary md:border-s md:border-t-0 md:ps-4 md:pt-0"
    >
      <div
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full border border-border-medium bg-surface-primary text-text-primary"
        aria-hidden
      >
        <EndpointIcon
          type={endpointTypeFor(endpoint, endpointsConfig)}
          iconURL={endpointsConfig?.[endpoint]?.iconURL ?? null}
          isDemo={endpointsConfig?.[endpoint]?.isDemo === true}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center gap-2">
          <div
            className="min-w-0 flex-1 text-sm font-semibold text-text-primary"
            data-testid="compare-author"
          >
            {label}
          </div>
          {turn.streaming && turn.addedId && (
            // The chat's Stop stops both; this one is for a second reply still going after the first.
            <IconButton
              label={t('com_chat_stop')}
              size="sm"
              data-testid="compare-stop"
              onClick={() => void stopAdded(turn.conversationId, endpoint)}
            >
              <Square className="size-3.5" aria-hidden />
            </IconButton>
          )}
        </div>
        {error ? (
          <p
            role="alert"
            className="rounded-xl border border-text-danger/30 bg-surface-danger px-3.5 py-3 text-sm text-text-danger"
          >
            {errorTextFor(t, JSON.stringify({ code: error.code, message: error.message }))}
          </p>
        ) : reply?.text ? (
          <div
            className={clsx('markdown min-w-0', turn.streaming && 'result-streaming')}
            data-testid="compare-text"
          >
            <LazyMarkdown text={reply.text} />
          </div>
        ) : (
          <span className="text-sm text-text-secondary" role="status">
            {t('com_ui_compare_waiting')}
          </span>
        )}
      </div>
    </section>
  );
}

/** What compare adds: the "+" in the header, the second model's bar, the send's field, the column. */
export const compareSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.header.items', { id: 'compare', order: 2, component: AddModelButton }),
  fill('chat.header.below', { id: 'compare', component: AddedModelBar }),
  fill('chat.scope', { id: 'compare', component: CompareScope }),
  fill('chat.message.beside', { id: 'compare', component: AddedReply }),
];
