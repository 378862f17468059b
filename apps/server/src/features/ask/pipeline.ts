import type { FastifyBaseLogger } from 'fastify';
import { BANNED_TEXT, CHAT_LIMITS, UNAVAILABLE_TEXTS, type PluginState } from '@chat/contract';
import type { Db } from '../../db/client.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { withRequestContext } from '../../providers/placeholders.js';
import { adapterTypeOf } from '../../config/app-config.js';
import type { ConvosRepo } from '../convos/index.js';
import type { MessagesRepo } from '../messages/index.js';
import { presentMessage } from '../messages/index.js';
import type { TitleService } from '../title/index.js';
import type { ReplyFlusher } from './flusher.js';
import { AppError } from '../../platform/errors.js';
import {
  addedKey,
  BAN_ABORT,
  SHUTDOWN_ABORT,
  type Generation,
  type Generations,
  type TurnResult,
} from './generations.js';
import type { ReplyHub } from './reply-hub.js';
import type { SaveRetry } from './save-retry.js';
import type { RemoteReply, SharedReplies } from './shared-replies.js';
import { attachFiles } from './steps/attach-files.js';
import { authorize } from './steps/authorize.js';
import { buildPrompt, withoutInlineImages, type HistoryFit } from './steps/build-prompt.js';
import { configure } from './steps/configure.js';
import { contextStartOf, fitPrompt, messageCounter, promptBudget } from './steps/fit-context.js';
import { runGates, settleHolds } from './steps/gates.js';
import { findConversation, loadHistory } from './steps/load-history.js';
import { planTurn } from './steps/record-turn.js';
import { letCallLeave, startEarlyCall, type EarlyCall } from './steps/early-call.js';
import { resolve } from './steps/resolve.js';
import { saveReply } from './steps/save-reply.js';
import { readSavedStart } from './whole-text.js';
import { streamReply } from './steps/stream-reply.js';
import { shapePrompt } from './steps/shape-prompt.js';
import { runAgent } from './steps/agent-loop.js';
import type {
  AgentPlan,
  AskAgent,
  Configured,
  AskAttachment,
  AskConfigurer,
  AskExpiry,
  AskGate,
  AskInput,
  AskPromptShaper,
  AskReplied,
  StepContext,
  Turn,
} from './steps/types.js';

export interface PipelineDeps {
  db: Db;
  providers: ProviderRegistry;
  convos: ConvosRepo;
  messages: MessagesRepo;
  titles: TitleService;
  generations: Generations;
  /** Saves the text so far of every streaming reply, in one statement per tick. */
  flusher: ReplyFlusher;
  /**
   * The final save while the database fails: tried again for its budget with the client's stream
   * held open, then kept in memory and saved unfinished once the database answers.
   */
  saveRetry: SaveRetry;
  /** With several instances (Redis): claims, leases, mirrored events, abort and resume across them. */
  shared?: SharedReplies | undefined;
  /** TITLE_CONVO: model titles, unless the endpoint says otherwise (`titleConvo`). */
  titleConvo: boolean;
  /**
   * Told of every reply that ended with an error event (the provider's failure, or the server's):
   * the error log listens (the `ask.replyFailed` event). Must not throw or block.
   */
  onFailure?: (failure: ReplyFailure) => void;
  /** The steps other features add (read per request: the lists are complete once the app is up). */
  extensions: {
    gates(): readonly AskGate[];
    attachments(): readonly AskAttachment[];
    configurers(): readonly AskConfigurer[];
    promptShapers(): readonly AskPromptShaper[];
    agents(): readonly AskAgent[];
    expiry(): readonly AskExpiry[];
    /** Told of each finished, saved reply (optional: a pipeline built without it tells no one). */
    replied?(): readonly AskReplied[];
  };
}

/**
 * The ask pipeline, and the one owner of a generation: it claims the conversation, runs the steps
 * up to the saved turn, streams the reply, saves it and lets the claim go.
 *
 *   authorize → resolve endpoint and credentials → configure (preset, model config, params)
 *   → agent (plugins as tools) → gates (may reserve: settled after the reply) → find the
 *   conversation → claim it → load history → attach files → plan the turn (every check)
 *   → build prompt → shape prompt (model configs) → call the provider, and meanwhile record
 *   the turn (one statement; the call's events held until it is saved, the call aborted if it
 *   is not) → [the route attaches its event stream] → stream (or run the agent, which calls the
 *   provider once the turn is saved: steps/agent-loop.ts) → save (one transaction) → title
 *
 * Everything before the event stream opens fails as an AppError answered as JSON.
 */
const PREPARE_FAILED = 'The request could not be prepared';
const REPLY_NOT_SAVED = 'The reply could not be saved';

/** A reply that ended with an error event: who asked what, where, and the error the user saw. */
export interface ReplyFailure {
  userId: string;
  endpoint: string;
  model: string;
  conversationId: string;
  messageId: string;
  /** The user's input of the turn. */
  text: string;
  code: string;
  message: string;
  /** The upstream's failure, or the server's own (an exception: then its stack). */
  source: 'provider' | 'server';
  error?: unknown;
}

/** agent: the first plan an item of askAgents answers (a refusal throws, before anything is saved). */
async function planAgent(
  agents: readonly AskAgent[],
  ctx: StepContext,
  configured: Configured,
): Promise<AgentPlan | undefined> {
  for (const a of agents) {
    const plan = await a.plan(ctx, configured);
    if (plan) return plan;
  }
  return undefined;
}

/** A reply run as something else (an assistant) has its own system prompt, never saved. */
function promptOptions(input: AskInput, configured: Configured, endpointType: string): Configured {
  // Examples are Google's: a conversation moved to another endpoint keeps them for its return.
  const options =
    endpointType === 'google' || !configured.options.examples
      ? configured.options
      : { ...configured.options, examples: null };
  if (!input.runAs) return options === configured.options ? configured : { ...configured, options };
  return { ...configured, options: { ...options, promptPrefix: input.runAs.instructions } };
}

export function createAskPipeline(deps: PipelineDeps) {
  const { generations } = deps;
  /** Reads a reply's saved text (the start of a long streaming reply that memory forgot). */
  const savedReply = (userId: string, replyId: string) => async () =>
    (await deps.messages.get(userId, replyId))?.text;

  /** The generation's end: the claim goes (here and in Redis), waiters get the result. */
  function end(generation: Generation, result: TurnResult | null): void {
    deps.shared?.release(generation);
    generations.settle(generation, result);
  }

  /**
   * A finished reply the database would not take within the budget: kept (its hub's text, the
   * saved start read back when needed) and saved unfinished as soon as the database answers,
   * once. Drained like a title (a shutdown waits for it up to its deadline); lost only if the
   * process closes before the database comes back, which is logged.
   */
  function keep(
    turn: Turn,
    readText: () => Promise<string>,
    plugins: PluginState[] | undefined,
    log: FastifyBaseLogger,
  ): void {
    const messageId = turn.responseMessage.messageId;
    const unfinished = { kind: 'abort' as const };
    const saving = deps.saveRetry
      .attempt(
        async () => saveReply(deps, turn, await readText(), unfinished, true, plugins),
        null,
        'saving a kept reply',
      )
      .then(
        (saved) => {
          if (!saved) log.error({ messageId }, 'a reply kept while the database was down was lost on close');
        },
        (err: unknown) => log.error({ err, messageId }, 'saving a kept reply failed'),
      );
    generations.track(saving);
  }

  /** Stops this instance's running reply of that key; its saved result, undefined when none runs here. */
  async function abortHere(key: string, userId: string): Promise<TurnResult | null | undefined> {
    const generation = generations.find(key, userId);
    if (!generation) return undefined;
    generation.controller.abort();
    return generation.done;
  }

  /**
   * The steps up to the saved turn. Nothing is written unless every check passed and the prompt
   * was made; the upstream call starts just before the write, and stops if the write fails.
   */
  async function prepare(input: AskInput, key?: string): Promise<{ turn: Turn; generation: Generation }> {
    authorize(input);
    const resolved = await resolve(input, deps.providers);
    const ctx: StepContext = { input, endpoint: resolved.endpoint, model: resolved.model };
    const configured = await configure(deps.extensions.configurers(), ctx);
    // The agent's plan first: a refused plugin is a 400 before a gate reserves anything.
    const agent = input.runAs
      ? await input.runAs.agent?.plan(ctx, configured)
      : await planAgent(deps.extensions.agents(), ctx, configured);
    const holds = await runGates(deps.extensions.gates(), ctx);
    let generation: Generation | undefined;
    let early: EarlyCall | undefined;
    try {
      const found = await findConversation(input, deps.convos);
      generation = generations.reserve(key ?? found.conversationId, input.userId);
      await deps.shared?.claim(generation);
      const history = await loadHistory(input, found, deps.messages);
      const attached = await attachFiles(deps.extensions.attachments(), { ...ctx, history });
      // Everything that can refuse the turn is checked; the rows are written below.
      const planned = planTurn(
        { ...deps, expiry: deps.extensions.expiry() },
        input,
        resolved,
        history,
        configured,
      );
      const budget = promptBudget(
        resolved.model,
        configured.options,
        resolved.endpoint,
        configured.params.maxOutputTokens,
      );
      // A summary needs the older turns: then the whole branch is built, and cut after shaping.
      const fit: HistoryFit | undefined = resolved.endpoint.summarize
        ? undefined
        : { budget, count: messageCounter(resolved.model) };
      const built = buildPrompt(
        resolved.model,
        history,
        { requestMessage: planned.request, prefix: planned.prefix },
        promptOptions(input, configured, adapterTypeOf(resolved.endpoint)),
        attached.parts,
        attached.earlier,
        fit,
      );
      const shaped = await shapePrompt(
        deps.extensions.promptShapers(),
        { ...ctx, mode: history.mode, promptBudget: budget },
        built,
      );
      // Whatever the shapers made of it, what goes upstream fits the model's context.
      const upstream = fitPrompt(shaped, budget);
      // The endpoint's request placeholders see this turn's conversation and messages.
      const provider = withRequestContext(resolved.provider, {
        body: {
          CONVERSATIONID: history.conversationId,
          PARENTMESSAGEID: planned.request.parentMessageId,
          MESSAGEID: planned.request.messageId,
        },
      });
      // The model is asked while the turn is written (an agent's loop starts once it is saved).
      if (!agent) {
        early = startEarlyCall(provider, upstream, generation.controller.signal);
        await letCallLeave();
      }
      const recorded = await planned.write();
      const contextMessageId = contextStartOf(built, upstream, fit?.trimmed);
      const turn: Turn = {
        ...recorded,
        // The reply as a resuming client is shown it says where its context began, as the saved
        // one will (the final save writes it).
        responseMessage: { ...recorded.responseMessage, contextMessageId: contextMessageId ?? null },
        mode: history.mode,
        userId: input.userId,
        isNewConversation: !history.existing,
        endpoint: resolved.endpoint,
        provider,
        upstream,
        early,
        holds,
        agent,
        contextMessageId,
      };
      return { turn, generation };
    } catch (err) {
      if (early && generation) {
        // The turn was not saved: the call already under way stops, and is let go before the
        // claim, so nothing of it outlives the refusal.
        generation.controller.abort();
        await early.ended;
      }
      if (generation) end(generation, null);
      // No reply was kept: what the gates reserved (a premium use, the balance) goes back.
      await settleHolds(holds, null);
      throw err;
    }
  }

  /**
   * Compare: the second model's reply to the user message the first turn saved, run through the
   * same steps (its endpoint and model resolved and authorized, its own gates, so each reply is a
   * use) as a regeneration of that message, keyed apart from the first. A refusal is answered to
   * the first reply's created event and leaves the first reply running.
   */
  async function prepareAdded(
    input: AskInput,
    added: NonNullable<AskInput['body']['addedConvo']>,
    first: Turn,
    log: FastifyBaseLogger,
  ): Promise<{ turn: Turn; generation: Generation } | { code: string; message: string }> {
    const conversationId = first.conversation.conversationId;
    const addedInput: AskInput = {
      userId: input.userId,
      route: input.route,
      pathEndpoint: added.endpoint,
      added: true,
      body: {
        ...added,
        text: input.body.text,
        conversationId,
        parentMessageId: first.requestMessage.messageId,
        isRegenerate: true,
        ...(input.body.files ? { files: input.body.files } : {}),
      },
    };
    try {
      return await prepare(addedInput, addedKey(conversationId));
    } catch (err) {
      if (err instanceof AppError) return { code: err.code, message: err.message };
      log.error({ err }, "preparing the second model's reply failed");
      return { code: 'internal', message: PREPARE_FAILED };
    }
  }

  /** Runs a prepared generation to its end in the background; the claim goes whatever happens. */
  function runToEnd(turn: Turn, generation: Generation, log: FastifyBaseLogger): void {
    // run never rejects; were it to (a bug), the reply still ends and the claim goes.
    void run(turn, generation, log).then(
      (r) => end(generation, r),
      (err: unknown) => {
        log.error({ err }, 'a reply ended with an unexpected error');
        generation.hub.event({ error: true, code: 'internal', message: REPLY_NOT_SAVED });
        generation.hub.end();
        end(generation, null);
      },
    );
  }

  /**
   * Streams the reply to the generation's hub (every attached client), has the flusher save the
   * text so far every second, then saves the outcome, sends the final or error event and starts
   * the title. Never rejects.
   */
  async function run(turn: Turn, generation: Generation, log: FastifyBaseLogger): Promise<TurnResult | null> {
    const { userId } = turn;
    const sink = generation.hub;
    const replyId = turn.responseMessage.messageId;
    const signal = generation.controller.signal;
    // The reply's text is the hub's (prefix + published deltas): one copy per streaming reply.
    deps.flusher.add(replyId, userId, turn.prefix, () => sink.replyText);

    sink.begin({
      conversationId: turn.conversation.conversationId,
      requestMessage: presentMessage(turn.requestMessage),
      responseMessage: { ...presentMessage(turn.responseMessage), text: turn.prefix },
    });
    sink.event({
      created: true,
      message: presentMessage(turn.requestMessage),
      conversationId: turn.conversation.conversationId,
      responseMessageId: replyId,
      ...(turn.contextMessageId ? { contextMessageId: turn.contextMessageId } : {}),
      ...(turn.addedConvo ? { addedConvo: turn.addedConvo } : {}),
    });
    if (turn.contextMessageId || turn.mode === 'continue') {
      // Saved now too, not only with the outcome: a reply cut by a crash keeps it (the final save
      // writes the same). In the background: nothing waits for it on the way to the first token.
      generations.track(
        deps.messages
          .update(userId, replyId, { contextMessageId: turn.contextMessageId ?? null })
          .catch((err: unknown) => log.warn({ err }, "saving where a reply's context began failed")),
      );
    }
    let plugins: PluginState[] | undefined;
    const outcome = turn.agent
      ? await runAgent(turn, turn.agent, sink, signal, log, (list) => {
          plugins = list;
          sink.patchReply({ plugins: list, plugin: list.at(-1) ?? null });
        })
      : await streamReply(turn, sink, signal, log);
    const deadline = deps.saveRetry.deadline();
    // The text is complete: its last merged deltas go out now, and reach the clients' sockets
    // before the save (on the embedded database a long reply's save blocks the server).
    sink.flush();
    // Memory keeps what came after the last save; the saved start is read back when needed (from
    // the database: while it does not answer, the read waits with the save).
    let text: string | undefined;
    const readText = async () => (text ??= await sink.wholeText(savedReply(userId, replyId)));
    let delivered = false;
    let settled = false;

    // A new conversation's title: written by the model after a reply that went out (finished or
    // stopped), else made from the first message right away (failed reply, shutdown, titles off),
    // so no conversation stays "New Chat".
    const shutdown = outcome.kind === 'abort' && signal.reason === SHUTDOWN_ABORT;
    // Stopped by a ban of its user: saved unfinished, no model title spent on it.
    const banned = outcome.kind === 'abort' && signal.reason === BAN_ABORT;
    // The endpoint's own titleConvo (librechat.yaml) wins over TITLE_CONVO.
    const titleConvo = turn.endpoint.titleConvo ?? deps.titleConvo;
    const modelTitle = titleConvo && outcome.kind !== 'error' && !shutdown && !banned;
    let result: TurnResult | null = null;
    const report = (code: string, message: string, source: ReplyFailure['source'], error?: unknown) => {
      try {
        deps.onFailure?.({
          userId,
          endpoint: turn.endpoint.name,
          model: turn.upstream.model,
          conversationId: turn.conversation.conversationId,
          messageId: replyId,
          text: turn.requestMessage.text,
          code,
          message,
          source,
          error,
        });
      } catch (err) {
        log.error({ err }, 'reporting a failed reply failed');
      }
    };
    try {
      // Each step once, the save as often as the database needs: a retry redoes only what failed.
      const saved = await deps.saveRetry.attempt(
        async () => {
          const whole = await readText();
          if (!delivered) {
            delivered = true;
            await sink.delivered(CHAT_LIMITS.finalTextDeliveryMs);
          }
          if (!settled) {
            // The gates' holds (the balance's reservation) settle with what the reply really used,
            // before the final event, so a client that refetches its balance on the final sees the
            // settled one. Once only (they never reject), whatever the save does after.
            settled = true;
            await settleHolds(turn.holds, {
              conversationId: turn.conversation.conversationId,
              messageId: replyId,
              model: turn.upstream.model,
              request: turn.upstream,
              completion: whole.slice(turn.prefix.length),
              usage: outcome.usage,
              outcome: outcome.kind,
            });
            // Off the flusher, and past any batch write that may carry it, before the final save.
            await deps.flusher.remove(replyId);
          }
          return saveReply(deps, turn, whole, outcome, !modelTitle, plugins);
        },
        deadline,
        'saving a reply',
      );
      if (!saved) {
        // The database did not answer within the budget: the reply stays in memory and is saved
        // (unfinished, so Continue works) once it does; the client hears so now.
        keep(turn, readText, plugins, log);
        report('service_unavailable', UNAVAILABLE_TEXTS.replyNotSavedYet, 'server');
        sink.event({ error: true, code: 'service_unavailable', message: UNAVAILABLE_TEXTS.replyNotSavedYet });
      } else if (!(result = saved.value)) {
        sink.event({ error: true, code: 'not_found', message: 'The conversation was deleted' });
      } else if (outcome.kind === 'error' || outcome.kind === 'incomplete') {
        // An incomplete reply is saved unfinished: the event tells why, the client offers Continue.
        report(outcome.error.code, outcome.error.message, 'provider');
        sink.event({ error: true, code: outcome.error.code, message: outcome.error.message, ...result });
      } else if (shutdown) {
        // Cut by a shutdown past its deadline: saved unfinished (Continue works after the restart).
        sink.event({
          error: true,
          code: 'server_shutdown',
          message: 'The server is restarting; the reply so far was saved',
          ...result,
        });
      } else if (banned) {
        sink.event({ error: true, code: 'banned', message: BANNED_TEXT, ...result });
      } else {
        sink.event({
          final: true,
          ...result,
          ...(turn.contextMessageId ? { contextMessageId: turn.contextMessageId } : {}),
        });
        if (modelTitle && turn.isNewConversation) {
          generations.track(
            deps.titles.generate({
              userId,
              conversationId: turn.conversation.conversationId,
              endpointName: turn.endpoint.name,
              model: turn.upstream.model,
              userText: turn.requestMessage.text,
              replyText: withoutInlineImages(text ?? ''),
            }),
          );
        }
        for (const item of deps.extensions.replied?.() ?? []) {
          generations.track(
            item
              .replied({
                userId,
                conversationId: turn.conversation.conversationId,
                messageId: replyId,
                endpoint: turn.endpoint,
                model: turn.upstream.model,
                request: turn.upstream,
                replyText: withoutInlineImages(text ?? ''),
              })
              .catch((err: unknown) => log.warn({ err, step: item.name }, 'a step after the reply failed')),
          );
        }
      }
    } catch (err) {
      log.error({ err }, 'saving the reply failed');
      report('internal', REPLY_NOT_SAVED, 'server', err);
      sink.event({ error: true, code: 'internal', message: REPLY_NOT_SAVED });
    }
    sink.end();
    return result;
  }

  return {
    /**
     * Runs the pipeline for one ask or edit request. `attach` gets the reply's hub once the turn is
     * saved (the route opens its event stream there), before the first event; the reply then
     * streams and saves in the background, whatever happens to that connection. Rejects (before
     * `attach`) with the AppError of the step that refused.
     */
    async start(
      input: AskInput,
      attach: (hub: ReplyHub, conversationId: string) => void,
      log: FastifyBaseLogger,
    ): Promise<void> {
      const { turn, generation } = await prepare(input);
      // Compare: the second model's reply is prepared once the user message is saved, and starts
      // with the first (a client joins it through the resume route, index 1).
      const second = input.body.addedConvo;
      const added =
        second && !input.runAs && turn.mode === 'ask'
          ? await prepareAdded(input, second, turn, log)
          : undefined;
      if (added) {
        turn.addedConvo =
          'turn' in added ? { responseMessageId: added.turn.responseMessage.messageId } : added;
      }
      try {
        attach(generation.hub, generation.key);
      } finally {
        // The turn is saved: it runs to its end and is settled whatever attaching did.
        runToEnd(turn, generation, log);
        if (added && 'turn' in added) runToEnd(added.turn, added.generation, log);
      }
    },

    /**
     * Stops the user's running reply of that key, on this instance or (with Redis) the one running
     * it; its saved result, or undefined when none runs.
     */
    async abort(key: string, userId: string): Promise<TurnResult | null | undefined> {
      // Stop stops both replies of a compared send; the answer is the first's (else the second's).
      // Both run on the instance that took the send: another is asked only when neither runs here.
      const keys = key.endsWith(addedKey('')) ? [key] : [key, addedKey(key)];
      const either = (results: (TurnResult | null | undefined)[]) => results.find((r) => r !== undefined);
      const here = either(await Promise.all(keys.map((k) => abortHere(k, userId))));
      if (here !== undefined || !deps.shared) return here;
      const shared = deps.shared;
      return either(await Promise.all(keys.map((k) => shared.abort(k, userId))));
    },

    abortHere,

    /** The hub of the user's running reply in that conversation (resume), if any runs here. */
    running(conversationId: string, userId: string): ReplyHub | undefined {
      return generations.find(conversationId, userId)?.hub;
    },

    /** The saved text of a running reply (a resumed snapshot's start: ReplyHub.needsSavedText). */
    async savedText(hub: ReplyHub, userId: string): Promise<string | undefined> {
      const replyId = hub.replyId;
      if (!replyId) return undefined;
      return readSavedStart(hub.replyText, savedReply(userId, replyId));
    },

    /** The user's reply running on another instance (resume, with Redis), read from after `lastEventId`. */
    async runningElsewhere(
      conversationId: string,
      userId: string,
      lastEventId: number | undefined,
    ): Promise<RemoteReply | undefined> {
      return deps.shared?.resume(conversationId, userId, lastEventId);
    },
  };
}
export type AskPipeline = ReturnType<typeof createAskPipeline>;
