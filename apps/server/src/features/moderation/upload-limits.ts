import type { FastifyInstance } from 'fastify';
import { API_ROUTES, uploadLimitText } from '@chat/contract';
import type { RouteRateLimit, UploadRateLimits } from '../../config/yaml-rate-limits.js';
import { AppError } from '../../platform/errors.js';
import type { LimiterStore } from './limiter.js';

/** Every upload under /api/files counts as a file upload, as in LibreChat (images, avatars). */
const isFileUpload = (method: string, url: string | undefined) =>
  method === 'POST' && !!url && url.startsWith('/api/files/');
const IMPORT = `${API_ROUTES.importConvos.method} ${API_ROUTES.importConvos.path}`;

/**
 * librechat.yaml `rateLimits.fileUploads` and `.conversationsImport`: past `ipMax` requests of an
 * address or `userMax` of a user in their windows, the upload is refused (429) before its body is
 * read. Refused requests count too, as LibreChat's limiters count them. No violation is recorded:
 * an address is shared by other people, and the user's own count only slows them down.
 */
export function registerUploadLimits(
  app: FastifyInstance,
  limits: UploadRateLimits,
  store: LimiterStore,
): void {
  const { fileUploads, conversationsImport } = limits;
  if (!fileUploads && !conversationsImport) return;

  async function check(name: keyof UploadRateLimits, limit: RouteRateLimit, ip: string, userId: string) {
    const refuse = (windowMs: number) => {
      throw new AppError('too_many_requests', uploadLimitText(name, Math.round(windowMs / 60_000)));
    };
    if ((await store.hit(`${name}_ip:${ip}`, limit.ip.windowMs)) > limit.ip.max) refuse(limit.ip.windowMs);
    if ((await store.hit(`${name}_user:${userId}`, limit.user.windowMs)) > limit.user.max)
      refuse(limit.user.windowMs);
  }

  app.addHook('preHandler', async (request) => {
    if (!request.auth) return;
    const url = request.routeOptions.url;
    if (fileUploads && isFileUpload(request.method, url))
      await check('fileUploads', fileUploads, request.ip, request.auth.id);
    else if (conversationsImport && `${request.method} ${url}` === IMPORT)
      await check('conversationsImport', conversationsImport, request.ip, request.auth.id);
  });
}
