import type { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@chat/contract';
import { generateTitle } from '../../../api/messages';
import { patchConvoInCache } from '../../../api/convos-cache';

/**
 * The first reply of a new conversation gets its title about 2.5 s later (spec §4 Streaming);
 * the server answers 404 until the title exists, so one retry follows 2.5 s after that.
 */
export function scheduleTitleRefresh(qc: QueryClient, conversationId: string, retries = 1): void {
  setTimeout(() => {
    generateTitle(conversationId).then(
      ({ title }) => patchConvoInCache(qc, conversationId, { title }),
      (err: unknown) => {
        if ((err as { status?: number }).status === 404 && retries > 0) {
          scheduleTitleRefresh(qc, conversationId, retries - 1);
        }
      },
    );
  }, TIMINGS.titleRefreshMs);
}
