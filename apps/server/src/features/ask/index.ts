import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { createReplyFlusher } from './flusher.js';
import { createLostReplySaver } from './redis/reaper.js';
import { createRedisReplies } from './redis/replies.js';
import { BAN_ABORT, createGenerations } from './generations.js';
import { createSaveRetry } from './save-retry.js';
import { createAskPipeline, type AskPipeline, type ReplyFailure } from './pipeline.js';
import { askRoutes } from './routes.js';
import { orderGates } from './steps/gate-order.js';
import type {
  AskAgent,
  AskAttachment,
  AskConfigurer,
  AskExpiry,
  AskGate,
  AskPromptShaper,
  AskReplied,
} from './steps/types.js';

export type {
  AgentPlan,
  AgentTool,
  AgentToolResult,
  AskAgent,
  AskAttachment,
  AskConfigurer,
  AskExpiry,
  AskGate,
  AskHold,
  AskPromptShaper,
  AskReplied,
  Configured,
  RepliedTurn,
  ReplySpend,
  StepContext,
} from './steps/types.js';

export { attachEventStream } from './event-stream.js';
export { messageCounter } from './steps/fit-context.js';
export type { AskPipeline, ReplyFailure } from './pipeline.js';
declare module '../../platform/module.js' {
  interface Services {
    /** The ask pipeline, for a feature that runs its own kind of reply (assistants). */
    askPipeline: AskPipeline;
  }
  interface ExtensionPoints {
    /**
     * May this request run (balance, subscription, limits)? Refuse by throwing an AppError. Run
     * in the order the gates declare (`after`, `before`), not in module order.
     */
    askGates: AskGate;
    /** Content parts (images) for the user message of a turn. */
    askAttachments: AskAttachment;
    /** Changes to a conversation's options (a preset, a model configuration). */
    askConfigurers: AskConfigurer;
    /** Changes to the request sent upstream (a model's system prompt and prefill); not saved. */
    askPromptShapers: AskPromptShaper;
    /** The reply is an agent's with tools (the plugins of gptPlugins). */
    askAgents: AskAgent;
    /** When a conversation ends (a temporary chat); kept when no item answers. */
    askExpiry: AskExpiry;
    /** After a finished reply is saved (the memory agent); in the background, never holding it. */
    askReplied: AskReplied;
  }
}

declare module '../../platform/events.js' {
  interface AppEventMap {
    /** A reply ended with an error event the user saw (the upstream's failure, or the server's). */
    'ask.replyFailed': ReplyFailure;
  }
}
/** Pub/sub: conversations deleted on an instance (their running replies stop wherever they run). */
const DELETED_CHANNEL = 'ask:conversations-deleted';

/** Asking, editing, stopping and resuming replies: the ask pipeline and its routes. */
export const askModule: FeatureModule = {
  name: 'ask',
  register(ctx) {
    const { app, db, config, lifecycle, events, redis, use, provide, extensions } = ctx;
    const generations = createGenerations(() => lifecycle.draining);
    lifecycle.addDrainable(generations);
    // Stopping a running reply only helps a shutdown.
    lifecycle.allowWhileDraining(API_ROUTES.abortAsk);
    lifecycle.allowWhileDraining(API_ROUTES.abortEdit);
    events.on('conversations.deleted', ({ conversationIds }) => {
      generations.abortAll(conversationIds);
      // Their replies may run on other instances: each stops its own.
      redis?.publish(DELETED_CHANNEL, conversationIds).catch((err: unknown) => {
        app.log.error({ err }, 'announcing deleted conversations failed');
      });
    });
    // A banned user's replies stop at once, saved unfinished (each instance stops its own).
    events.on('moderation.userBanned', ({ userId }) => generations.abortUser(userId, BAN_ABORT));
    redis?.subscribe(DELETED_CHANNEL, (ids, fromSelf) => {
      if (!fromSelf && Array.isArray(ids)) generations.abortAll(ids.filter((id) => typeof id === 'string'));
    });

    const messages = use('messages');
    const convos = use('convos');
    // Several instances: the pipeline's abort answers the other instances' abort requests.
    let abortHere: AskPipeline['abortHere'] = async () => undefined;
    const shared = redis
      ? createRedisReplies({
          link: redis,
          abortLocal: (key, userId) => abortHere(key, userId),
          runsHere: (key) => generations.has(key),
          savedText: async (userId, replyId) => (await messages.get(userId, replyId))?.text,
          saveLost: createLostReplySaver({ db, convos, messages }),
          log: app.log,
        })
      : undefined;
    if (shared) app.addHook('onClose', async () => shared.close());
    // Sorted once every module has registered (the list is complete then); a circle in the
    // declared order fails start-up instead of the first send.
    let gates: readonly AskGate[] | undefined;
    const orderedGates = () => (gates ??= orderGates(extensions('askGates')));
    app.addHook('onReady', async () => void orderedGates());
    const saveRetry = createSaveRetry({ budgetMs: config.replySaveRetryMs, clock: ctx.clock }, app.log);
    // Closing ends the waits of replies kept while the database is down (each logged as lost).
    app.addHook('onClose', async () => saveRetry.close());
    const pipeline = createAskPipeline({
      saveRetry,
      db,
      providers: use('providers'),
      convos,
      messages,
      shared,
      titles: use('titles'),
      generations,
      flusher: createReplyFlusher({ messages, log: app.log }),
      titleConvo: config.titleConvo,
      onFailure: (failure) => events.emit('ask.replyFailed', failure),
      extensions: {
        gates: orderedGates,
        attachments: () => extensions('askAttachments'),
        configurers: () => extensions('askConfigurers'),
        promptShapers: () => extensions('askPromptShapers'),
        agents: () => extensions('askAgents'),
        expiry: () => extensions('askExpiry'),
        replied: () => extensions('askReplied'),
      },
    });
    abortHere = pipeline.abortHere;
    provide('askPipeline', pipeline);
    askRoutes(app, pipeline);
  },
};
