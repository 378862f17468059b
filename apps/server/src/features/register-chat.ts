import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import type { Db } from '../db/client.js';
import { createProviderRegistry } from '../providers/registry.js';
import { createConvosRepo } from './convos/repo.js';
import { convosRoutes } from './convos/routes.js';
import { createConvosService } from './convos/service.js';
import { createMessagesRepo } from './messages/repo.js';
import { messagesRoutes } from './messages/routes.js';
import { createMessagesService } from './messages/service.js';
import { createReplyFlusher } from './ask/flusher.js';
import { createGenerations } from './ask/generations.js';
import { askRoutes } from './ask/routes.js';
import { createAskService } from './ask/service.js';
import { createTitleService } from './title/service.js';
import { createSearchRepo } from './search/repo.js';
import { searchRoutes } from './search/routes.js';
import { createSearchService } from './search/service.js';

/** What the chat features expose to main.ts (graceful shutdown) and tests. */
export interface ChatFeatures {
  /** Resolves once every running generation (and its title) has finished or been saved. */
  drain(): Promise<void>;
  /** True once shutdown() began: new requests are refused (503 server_shutdown). */
  readonly draining: boolean;
  /**
   * Graceful shutdown: refuses new replies, lets running ones finish for up to `timeoutMs`, then
   * stops and saves the rest as unfinished. Resolves true when all finished by themselves.
   */
  shutdown(timeoutMs: number): Promise<boolean>;
}

/** Registers conversations, messages, search and the ask/stream/abort routes. */
export function registerChatFeatures(
  app: FastifyInstance,
  deps: { db: Db; config: AppConfig },
): ChatFeatures {
  const { db, config } = deps;
  const convosRepo = createConvosRepo(db);
  const messagesRepo = createMessagesRepo(db);
  const providers = createProviderRegistry(() => config.endpoints, {
    idleTimeoutMs: config.upstreamIdleTimeoutMs,
  });
  const generations = createGenerations();
  const titles = createTitleService({ providers, convos: convosRepo, log: app.log });

  convosRoutes(app, {
    convos: createConvosService({
      repo: convosRepo,
      onDeleted: (ids) => generations.abortAll(ids),
      titleSettled: (id) => titles.settled(id),
    }),
  });
  messagesRoutes(app, { messages: createMessagesService({ repo: messagesRepo, convos: convosRepo }) });
  searchRoutes(app, { search: createSearchService({ repo: createSearchRepo(db) }) });
  askRoutes(app, {
    ask: createAskService({ db, convos: convosRepo, messages: messagesRepo, providers, generations }),
    generations,
    runner: {
      convos: convosRepo,
      messages: messagesRepo,
      generations,
      titles,
      titleConvo: config.titleConvo,
      log: app.log,
      flusher: createReplyFlusher({ db, log: app.log }),
    },
  });

  return {
    drain: () => generations.drain(),
    get draining() {
      return generations.draining;
    },
    shutdown: (timeoutMs) => generations.shutdown(timeoutMs),
  };
}
