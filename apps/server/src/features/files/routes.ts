import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { FilesService } from './service.js';

export function filesRoutes(app: FastifyInstance, files: FilesService): void {
  addRoute(app, API_ROUTES.files, async ({ user }) => files.list(user.id));
  addRoute(app, API_ROUTES.fileConfig, async () => files.config());
  addRoute(app, API_ROUTES.uploadImage, async ({ user, request }) => files.uploadImage(user.id, request));
  addRoute(app, API_ROUTES.uploadAvatar, async ({ user, request }) => files.uploadAvatar(user.id, request));
  addRoute(app, API_ROUTES.deleteFiles, async ({ user, body }) =>
    files.delete(
      user.id,
      body.files.map((f) => f.file_id),
    ),
  );
  addRoute(app, API_ROUTES.downloadFile, async ({ user, params, reply }) => {
    const { row, body } = await files.read(user.id, params.file_id);
    return (
      reply
        .type(row.type)
        // A user's own file: never kept by a cache (the API's default, said here for the reader).
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .send(body)
    );
  });
  addRoute(app, API_ROUTES.avatarImage, async ({ params, reply }) => {
    const body = await files.readAvatar(params.name);
    return reply
      .type(params.name.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}
