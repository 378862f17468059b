import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { API_ROUTES } from '@chat/contract';
import type { FilesConfig } from '../../config/files-config.js';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { filesAttachment } from './attachment.js';
import { createFilesRepo } from './repo.js';
import { createFilesService, tmpDirOf, type FilesService } from './service.js';
import { createStorages } from './storage/index.js';
import { sweepTmp } from './sweep.js';

export type { FilesService } from './service.js';
export type { FileStorage } from './storage/index.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Uploaded files: their owners, bytes and message references. */
    files: FilesService;
  }
}
/** Where files go when no configuration names a place (tests): a folder of the system's temp dir. */
const fallbackConfig = (): FilesConfig => ({
  strategy: 'local',
  dataDir: join(tmpdir(), `chat-files-${process.pid}`),
});

/** Images and files (spec §4 Files, §7 Files): uploads, the user's files, images to models. */
export const filesModule: FeatureModule = {
  name: 'files',
  register({ app, db, config, provide, extend }) {
    const filesConfig = config.files ?? fallbackConfig();
    const tmpDir = tmpDirOf(filesConfig.dataDir);
    // What a crash left in the temporary folder goes; in the background, start-up does not wait.
    void sweepTmp(tmpDir).catch((err: unknown) => app.log.warn({ err }, 'temporary uploads not swept'));
    const files = createFilesService({
      repo: createFilesRepo(db),
      storages: createStorages(filesConfig, config),
      strategy: filesConfig.strategy,
      tmpDir,
      log: (err, msg) => app.log.warn({ err }, msg),
    });
    provide('files', files);
    extend('askAttachments', filesAttachment(files));

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
  },
};
