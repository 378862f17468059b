import { useAttachments } from './useAttachments';
import { useFileConfig } from './useFileConfig';

/**
 * The attachments of the message being written on `endpoint`, with the server's limits for it
 * (GET /api/files/config): `filesOn` is false while they load, where the endpoint's file config
 * disables uploads, and where the caller allows none (`allowed`).
 */
export function useEndpointAttachments(
  endpoint: string | null | undefined,
  routeId: string,
  allowed: boolean,
) {
  const limits = useFileConfig(endpoint);
  const attachments = useAttachments(limits, routeId, endpoint);
  return { attachments, filesOn: allowed && !!limits && !limits.disabled };
}
