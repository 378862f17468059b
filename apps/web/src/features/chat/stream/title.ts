import type { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@chat/contract';
import { generateTitle } from '../../../api/messages';
import { patchConvoInCache } from '../../../api/convos-cache';
import { queryKeys } from '../../../api/keys';

/** Reads the sidebar's list again at each of TIMINGS.newConvoListRefreshMs after a new conversation's first reply. */
export function refreshListAfterNewConversation(qc: QueryClient): void {
  for (const ms of TIMINGS.newConvoListRefreshMs) {
    setTimeout(() => void qc.invalidateQueries({ queryKey: queryKeys.convos.list() }), ms);
  }
}

/**
 * Fetches a new conversation's title right after its first reply (final event or stop). The
 * server answers once the title it is writing is saved, so it shows at once; a 404 (the title
 * was written by another instance and is not saved yet) is asked again after
 * TIMINGS.titleRefreshMs, once — the spec's 2.5 s title refresh, now only a fallback.
 */
export function fetchTitle(qc: QueryClient, conversationId: string, retries = 1): void {
  generateTitle(conversationId).then(
    ({ title }) => patchConvoInCache(qc, conversationId, { title }),
    (err: unknown) => {
      if ((err as { status?: number }).status === 404 && retries > 0) {
        setTimeout(() => fetchTitle(qc, conversationId, retries - 1), TIMINGS.titleRefreshMs);
      }
    },
  );
}
