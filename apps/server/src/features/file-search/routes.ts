import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { FileSearchService } from './service.js';

export function fileSearchRoutes(app: FastifyInstance, service: FileSearchService): void {
  addRoute(app, API_ROUTES.uploadFile, async ({ user, request }) => service.upload(user.id, request));
  addRoute(app, API_ROUTES.fileSearchStatus, async ({ user, query }) =>
    service.status(user.id, query.file_ids),
  );
}
