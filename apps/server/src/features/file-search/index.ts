import { FILE_SEARCH_LIMITS } from '@chat/contract';
import { DEFAULT_FILE_SEARCH_CONFIG } from '../../config/app-config.js';
import type { FeatureModule } from '../../platform/module.js';
import { createEmbedder } from './embeddings.js';
import { createIngestQueue } from './ingest.js';
import { createFileSearchRepo, type VectorMode } from './repo.js';
import { fileSearchRoutes } from './routes.js';
import { createFileSearchService } from './service.js';
import { fileSearchSource } from './tool.js';

/**
 * File search (LibreChat's file_search): documents uploaded for it (POST /api/files) are read,
 * split and, with an embeddings provider, embedded in the background; the file_search tool is
 * offered to every ask on a tool-calling endpoint whose conversation has such documents ready.
 * Embeddings are compared with pgvector where `CREATE EXTENSION vector` works (PGlite has it
 * loaded when embeddings are configured: main.ts), else as `real[]` in SQL (one warning at start).
 */
export const fileSearchModule: FeatureModule = {
  name: 'file-search',
  register({ app, db, config, use, extend }) {
    const settings = config.fileSearch ?? DEFAULT_FILE_SEARCH_CONFIG;
    const repo = createFileSearchRepo(db);
    const files = use('files');
    const embedder = settings.embeddings ? createEmbedder(settings.embeddings) : null;
    const queue = createIngestQueue({
      repo,
      files,
      embedder,
      chunking: { size: settings.chunkSize, overlap: settings.chunkOverlap },
      log: app.log,
    });
    let vectorMode: VectorMode = 'array';
    const source = fileSearchSource({
      repo,
      embedder,
      get vectorMode() {
        return vectorMode;
      },
    });
    extend('pluginSources', source);
    fileSearchRoutes(app, createFileSearchService({ repo, files, queue, agentFiles: use('agentFiles') }));

    app.addHook('onReady', async () => {
      if (embedder) {
        if (await repo.enableVector()) vectorMode = 'pgvector';
        else
          app.log.warn(
            'file search: the pgvector extension is not available here; embeddings are compared in SQL over real[]',
          );
      }
      // Documents a stop cut short are read again (in the background: start-up does not wait).
      for (const job of await repo.processing(FILE_SEARCH_LIMITS.maxQueued)) queue.add(job);
    });
    app.addHook('onClose', async () => queue.close());
    // Tests wait for the background reading through the app's decoration.
    app.decorate('fileSearchIdle', () => queue.idle());
    app.decorate('fileSearchVectorMode', () => vectorMode);
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once no document is waiting or being read (tests, benchmarks). */
    fileSearchIdle: () => Promise<void>;
    /** How embeddings are compared, settled at start (tests). */
    fileSearchVectorMode: () => VectorMode;
  }
}
