import { IMPORT_DEFAULTS, IMPORT_JOB_LIMITS } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { createImportJobs } from './jobs.js';
import { importRoutes } from './routes.js';

/**
 * Importing conversations from ChatGPT, LibreChat and this app's own JSON exports: the upload is
 * stored as a job (POST /api/convos/import answers its id at once), which runs in small batches
 * that let other requests in, saves its progress with each batch, and goes on after a restart
 * (GET /api/convos/import/jobs/:jobId polls it).
 */
export const importsModule: FeatureModule = {
  name: 'imports',
  register({ app, db, config, clock, redis }) {
    const quota = config.imports ?? {
      maxFileBytes: IMPORT_DEFAULTS.maxFileMb * 1024 * 1024,
      maxActiveJobs: IMPORT_DEFAULTS.maxActiveJobs,
    };
    const jobs = createImportJobs({
      db,
      clock,
      log: app.log,
      maxActiveJobs: quota.maxActiveJobs,
      instanceId: redis?.instanceId,
    });
    importRoutes(app, { jobs, maxFileBytes: quota.maxFileBytes });
    // Jobs left by an instance that stopped are taken up at start-up, and looked for now and then
    // (a job whose owner died is free once its lease runs out).
    const timer = setInterval(() => jobs.kick(), IMPORT_JOB_LIMITS.claimIntervalMs);
    timer.unref();
    app.addHook('onReady', async () => jobs.kick());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await jobs.stop();
    });
  },
};
export { formatMoveReport, moveFromLibreChat } from './mongo/librechat-mongo.js';
