import { useEffect, useState } from 'react';
import type { Assistant, Conversation } from '@chat/contract';
import { useAssistants } from '../../api/assistants';
import { onAdoption } from './stream/adopt-id';
import type { AssistantTarget } from './useChatActions';

export interface AssistantChoice {
  assistants: Assistant[] | undefined;
  loading: boolean;
  selected: Assistant | null;
  select: (id: string | null) => void;
  /** What the next ask goes to (null: no assistant chosen, nothing is sent). */
  target: AssistantTarget | null;
}

/**
 * The assistant an /a/ view talks to: the one picked in this view, else the conversation's, else
 * the person's first. The pick follows /a/new to /a/<id> once the server names it.
 */
export function useAssistantChoice(
  enabled: boolean,
  conversation: Conversation | undefined,
  viewKey: string,
): AssistantChoice {
  const query = useAssistants(enabled);
  const [choice, setChoice] = useState<{ key: string; id: string | null } | null>(null);
  useEffect(
    () => onAdoption(({ from, to }) => setChoice((c) => (c?.key === from ? { ...c, key: to } : c))),
    [],
  );
  const list = query.data;
  const own = choice?.key === viewKey ? choice : null;
  const wanted = own ? own.id : (conversation?.assistant_id ?? null);
  const selected = list?.find((a) => a.id === wanted) ?? (own ? null : (list?.[0] ?? null));
  const target: AssistantTarget | null = selected
    ? {
        id: selected.id,
        name: selected.name,
        model: selected.model,
        // The thread is the conversation's (one per conversation): kept while it talks to the same assistant.
        threadId: conversation?.assistant_id === selected.id ? (conversation.thread_id ?? null) : null,
      }
    : null;
  return {
    assistants: list,
    loading: enabled && query.isPending,
    selected,
    select: (id) => setChoice({ key: viewKey, id }),
    target,
  };
}
