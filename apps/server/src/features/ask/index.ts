import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { createReplyFlusher } from './flusher.js';
import { createGenerations } from './generations.js';
import { createAskPipeline, type AskPipeline } from './pipeline.js';
import { resumeRoute } from './resume-route.js';
import { askRoutes } from './routes.js';
import type { AskAgent, AskAttachment, AskConfigurer, AskGate, AskPromptShaper } from './steps/types.js';

export type {
  AgentPlan,
  AgentTool,
  AgentToolResult,
  AskAgent,
  AskAttachment,
  AskConfigurer,
  AskGate,
  AskHold,
  AskPromptShaper,
  Configured,
  ReplySpend,
  StepContext,
} from './steps/types.js';

export { attachEventStream } from './routes.js';
export type { AskPipeline } from './pipeline.js';
export type { AskInput, RunAs } from './steps/types.js';

declare module '../../platform/module.js' {
  interface Services {
    /** The ask pipeline, for a feature that runs its own kind of reply (assistants). */
    askPipeline: AskPipeline;
  }
  interface ExtensionPoints {
    /** May this request run (balance, subscription, limits)? Refuse by throwing an AppError. */
    askGates: AskGate;
    /** Content parts (images) for the user message of a turn. */
    askAttachments: AskAttachment;
    /** Changes to a conversation's options (a preset, a model configuration). */
    askConfigurers: AskConfigurer;
    /** Changes to the request sent upstream (a model's system prompt and prefill); not saved. */
    askPromptShapers: AskPromptShaper;
    /** The reply is an agent's with tools (the plugins of gptPlugins). */
    askAgents: AskAgent;
  }
}

/** Asking, editing, stopping and resuming replies: the ask pipeline and its routes. */
export const askModule: FeatureModule = {
  name: 'ask',
  register(ctx) {
    const { app, db, config, lifecycle, events, use, provide, extensions } = ctx;
    const generations = createGenerations(() => lifecycle.draining);
    lifecycle.addDrainable(generations);
    // Stopping a running reply only helps a shutdown.
    lifecycle.allowWhileDraining(API_ROUTES.abortAsk);
    lifecycle.allowWhileDraining(API_ROUTES.abortEdit);
    events.on('conversations.deleted', ({ conversationIds }) => generations.abortAll(conversationIds));

    const messages = use('messages');
    const pipeline = createAskPipeline({
      db,
      providers: use('providers'),
      convos: use('convos'),
      messages,
      titles: use('titles'),
      generations,
      flusher: createReplyFlusher({ messages, log: app.log }),
      titleConvo: config.titleConvo,
      extensions: {
        gates: () => extensions('askGates'),
        attachments: () => extensions('askAttachments'),
        configurers: () => extensions('askConfigurers'),
        promptShapers: () => extensions('askPromptShapers'),
        agents: () => extensions('askAgents'),
      },
    });
    provide('askPipeline', pipeline);
    askRoutes(app, pipeline);
    resumeRoute(app, pipeline);
  },
};
