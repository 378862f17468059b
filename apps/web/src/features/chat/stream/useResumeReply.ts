import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NEW_CONVO, type Message } from '@chat/contract';
import { mayBeRunning, resumeStream } from './resume';
import { getStreamState } from './store';

/**
 * When a conversation's freshly loaded latest message is a reply the server may still be
 * generating, joins it (once per reply). `ready`: the messages come from the server, not a stale cache.
 */
export function useResumeReply(routeId: string, latest: Message | undefined, ready: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!ready || routeId === NEW_CONVO || !mayBeRunning(latest, getStreamState(routeId))) return;
    void resumeStream(qc, routeId, latest);
  }, [qc, routeId, latest, ready]);
}
