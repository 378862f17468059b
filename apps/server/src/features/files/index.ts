import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FilesConfig } from '../../config/files-config.js';
import { resolveFileConfig } from './yaml.js';
import type { FeatureModule } from '../../platform/module.js';
import { filesAttachment } from './attachment.js';
import { createFilesRepo } from './repo.js';
import { filesRoutes } from './routes.js';
import { createFilesService, tmpDirOf, type FilesService } from './service.js';
import { createStorages } from './storage/index.js';
import { sweepTmp } from './sweep.js';

export type { FilesService } from './service.js';
export { presentFile } from './presenter.js';
export { createStorages, type FileStorage } from './storage/index.js';

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

/** Images and files: uploads, the user's files, images to models. */
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
      fileConfig: config.fileConfig ?? resolveFileConfig(undefined, [], () => undefined),
    });
    provide('files', files);
    extend('askAttachments', filesAttachment(files));

    filesRoutes(app, files);
  },
};
