import type {
  LanguageModelV3,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { mapProviderError, UpstreamTimeout } from '../errors.js';
import { idleWatch, type IdleWatch } from '../idle-watch.js';
import { pulled, type EventRun } from '../event-push.js';
import {
  ProviderFailure,
  type ChatProvider,
  type ProviderError,
  type ProviderEmit,
  type ProviderEvent,
  type ProviderRequest,
} from '../types.js';
import { editCall, type Shaper } from './call-shape.js';
import { callOptions } from './prompt.js';
import {
  pumpWire,
  tapCall,
  type Kept,
  type PartsSink,
  type WirePart,
  type WireProtocol,
} from './wire-stream.js';

export interface LanguageModelProviderOptions {
  /** The reply fails with upstream_timeout when nothing arrives for this long. */
  idleTimeoutMs?: number | undefined;
  /** Total time allowed for a non-streaming completion. */
  completeTimeoutMs?: number | undefined;
  /**
   * The protocol's mapper for the cheaper route of a successful stream (wire-stream.ts); the
   * client's fetch must then be `tapFetch`. Without it every chunk goes through the SDK.
   */
  wire?: WireProtocol | undefined;
  /**
   * The endpoint's changes to each request (call-shape.ts): per-call headers, and a body edit the
   * client's fetch must apply (`shapingFetch`).
   */
  shape?: Shaper | undefined;
}

const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
const DEFAULT_COMPLETE_TIMEOUT_MS = 30_000;

/**
 * The finish reason under OpenAI's names whatever the protocol ('stop', 'length', 'tool_calls'),
 * as messages keep it and the client reads it (Continue is offered unless it is 'stop');
 * a reason with no common name keeps the provider's own.
 */
function finishReasonOf(reason: LanguageModelV3FinishReason): string {
  return reason.unified === 'other' ? (reason.raw ?? 'other') : FINISH_REASONS[reason.unified];
}

const FINISH_REASONS: Record<LanguageModelV3FinishReason['unified'], string> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  'tool-calls': 'tool_calls',
  error: 'error',
  other: 'other',
};

/**
 * The stream ended without its end marker (a proxy or the network closed it cleanly mid-reply):
 * OpenAI's finish_reason (the SDK's finish then has no raw reason), Anthropic's message_stop
 * (no finish at all), Gemini's finishReason.
 */
const INCOMPLETE_STREAM: ProviderError = {
  code: 'upstream_incomplete',
  message: 'The connection to the provider ended before the reply was complete',
};

function moderationError(raw: string | undefined): ProviderError {
  const why = raw ? ` (${raw})` : '';
  return { code: 'moderation', message: `The provider's safety system blocked the reply${why}` };
}

/**
 * A batch (what one read of the body carried) with each run of consecutive text deltas as one:
 * the same text, in the pieces the network happened to deliver it in, one event each instead of
 * one per token (at full speed a read carries dozens). Everything else stays in order.
 */
function textRunsJoined(parts: WirePart[]): WirePart[] {
  const out: WirePart[] = [];
  let run: string[] | undefined;
  const close = () => {
    if (run) out.push({ type: 'text-delta', id: '0', delta: run.join('') });
    run = undefined;
  };
  for (const part of parts) {
    if (part.type === 'text-delta') (run ??= []).push(part.delta);
    else {
      close();
      out.push(part);
    }
  }
  close();
  return out;
}

/**
 * One reply's relay from the SDK's parts to `emit` (the provider's run). A class, not closures in
 * the run's frame: one object per open reply where the closures and their contexts cost ~0.5 KB.
 * It is also the sink pumpWire pushes the parts of a kept body to.
 */
class PartsRelay implements PartsSink {
  /** No more events: the stream ended (finish, error) or `emit` threw. */
  private over = false;
  thrown: { error: unknown } | undefined;
  private pump: { cancel(): void } | undefined;
  /** Settles `pumped`'s promise: undefined once the relay is over, else what failed. */
  private settle: ((failure: unknown) => void) | undefined;

  constructor(
    private readonly emit: ProviderEmit,
    private readonly signal: AbortSignal,
    readonly idle: IdleWatch,
  ) {}

  /**
   * Starts a kept body's pump (`start`, once it can settle) and waits for it to end: undefined
   * once the relay is over (finish, error, a throw of `emit`), else what failed (the body's
   * failure, or the idle watch's or caller's abort; then the pump is not started).
   */
  pumped(start: (sink: PartsSink) => { cancel(): void }): Promise<unknown> {
    const signal = this.idle.signal;
    return new Promise<unknown>((settle) => {
      if (signal.aborted) return settle(signal.reason);
      this.settle = settle;
      signal.addEventListener('abort', this, { once: true });
      this.pump = start(this);
    });
  }

  /** The idle signal's abort (this object is its listener: no closure). */
  handleEvent(): void {
    this.done(this.idle.signal.reason);
  }

  cancelPump(): void {
    this.pump?.cancel();
  }

  // PartsSink: what pumpWire pushes.
  parts(parts: WirePart[]): void {
    if (this.relay(parts)) this.done(undefined);
  }

  done(error?: unknown): void {
    const settle = this.settle;
    if (!settle) return;
    this.settle = undefined;
    this.idle.signal.removeEventListener('abort', this);
    settle(error);
  }

  send(ev: ProviderEvent): void {
    if (this.over) return;
    try {
      this.emit(ev);
    } catch (error) {
      this.thrown = { error };
      this.over = true;
    }
  }

  end(ev?: ProviderEvent): void {
    if (ev) this.send(ev);
    this.over = true;
  }

  /** One batch of the SDK's parts (what one read of the body carried); true once over. */
  relay(parts: WirePart[]): boolean {
    this.idle.poke();
    for (const part of parts.length > 1 ? textRunsJoined(parts) : parts) {
      if (this.over) break;
      switch (part.type) {
        case 'text-delta':
          if (part.delta) this.send({ type: 'text', text: part.delta });
          break;
        case 'reasoning-delta':
          if (part.delta) this.send({ type: 'reasoning', text: part.delta });
          break;
        // The SDK assembles a call's streamed argument fragments; we pass on the whole call.
        case 'tool-call':
          this.send({
            type: 'tool-call',
            call: { id: part.toolCallId, name: part.toolName, arguments: part.input },
          });
          break;
        case 'tool-result':
          this.send({
            type: 'tool-result',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            result: part.result,
          });
          break;
        case 'finish': {
          const usage = {
            inputTokens: part.usage.inputTokens.total,
            outputTokens: part.usage.outputTokens.total,
          };
          this.send({ type: 'usage', usage });
          // A reply the provider's safety system blocked or cut (OpenAI's content_filter,
          // Anthropic's refusal, Gemini's SAFETY or blocked prompt) fails as moderation.
          if (part.finishReason.unified === 'content-filter')
            this.end({ type: 'error', error: moderationError(part.finishReason.raw) });
          else if (part.finishReason.unified === 'other' && part.finishReason.raw === undefined)
            this.end({ type: 'error', error: INCOMPLETE_STREAM });
          else this.end({ type: 'finish', finishReason: finishReasonOf(part.finishReason), usage });
          break;
        }
        case 'error':
          if (this.signal.aborted) this.end();
          else
            this.end({
              type: 'error',
              error: mapProviderError(this.idle.timedOut ? this.idle.signal.reason : part.error),
            });
          break;
        default:
          break;
      }
    }
    return this.over;
  }
}

/**
 * The SDK's call. With a protocol mapper, a successful stream is kept by the tap (wire-stream.ts)
 * and read by pumpWire, and the wait ends as soon as it is kept; anything else (a refusal, a
 * failure, a provider with no mapper) is the SDK's call's own end. In a frame of its own: the
 * SDK's promise chain is not held by the reply's frame.
 */
async function openStream(
  model: LanguageModelV3,
  req: ProviderRequest,
  signal: AbortSignal,
  wire: WireProtocol | undefined,
  headers: Record<string, string> | undefined,
): Promise<
  | { kept: Kept; reader?: undefined }
  | { kept?: undefined; reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> }
> {
  const kept = wire
    ? new Promise<{ kept: Kept }>((resolve) =>
        tapCall(signal, wire.continues ?? false, (k) => resolve({ kept: k })),
      )
    : undefined;
  const call = model
    .doStream({ ...callOptions(req), ...(headers ? { headers } : {}), abortSignal: signal })
    .then(({ stream }) => ({ reader: stream.getReader() }));
  return kept ? Promise.race([call, kept]) : call;
}

/**
 * A ChatProvider over any AI SDK language model (the provider packages' own `doStream` and
 * `doGenerate`: their fetch, wire format, SSE parser and chunk validation). Every adapter is this
 * plus how it builds its model: `model(id)` for a model name.
 */
export function createLanguageModelProvider(
  model: (modelId: string) => LanguageModelV3,
  opts: LanguageModelProviderOptions = {},
): ChatProvider {
  const idleMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;

  /**
   * One reply's events, pushed: the kept body's chunks arrive as events of a Node stream and go
   * through the parser, the protocol's mapper and the relay's switch to `emit` with no promise,
   * iterator or generator per chunk (docs/decisions.md, "Pushed events"). The SDK's own stream,
   * when the body was not kept, is read part by part. Ends after `finish` or `error`, silently on
   * an abort.
   */
  const run: EventRun = async (req, signal, emit) => {
    const relay = new PartsRelay(emit, signal, idleWatch(idleMs, signal));
    const { idle } = relay;
    let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
    try {
      // The provider's own stream (the AI SDK's OpenAI adapter: its fetch, SSE parser and chunk
      // validation), without streamText's orchestration on top: that layer (step handling,
      // tool loops, telemetry, ~10 more piped streams) cost ~3x the CPU per token and we use
      // none of it. See docs/decisions.md.
      const shape = opts.shape?.(req);
      editCall(idle.signal, shape?.edit);
      const opened = await openStream(model(req.model), req, idle.signal, opts.wire, shape?.headers);
      if (opened.kept && opts.wire) {
        // A successful stream: read here (wire-stream.ts).
        const { body, url, resend } = opened.kept;
        const { wire } = opts;
        const failure = await relay.pumped((sink) => pumpWire(body, url, wire, resend, sink));
        if (failure !== undefined) throw failure;
      } else if (opened.reader) {
        reader = opened.reader;
        for (;;) {
          const { done, value } = await reader.read();
          if (done || relay.relay([value])) break;
        }
      }
      if (!signal.aborted) {
        relay.end({
          type: 'error',
          error: idle.timedOut ? mapProviderError(idle.signal.reason) : INCOMPLETE_STREAM,
        });
      }
    } catch (err) {
      if (!signal.aborted)
        relay.end({ type: 'error', error: mapProviderError(idle.timedOut ? idle.signal.reason : err) });
    } finally {
      idle.stop();
      // Stops the upstream body when the stream ends early (abort, error, a throw of `emit`).
      relay.cancelPump();
      reader?.cancel().catch(() => {});
    }
    if (relay.thrown) throw relay.thrown.error;
  };

  return {
    stream: (req, signal) => pulled((s, emit) => run(req, s, emit), signal),
    streamTo: run,

    async complete(req, signal) {
      const timeoutMs = opts.completeTimeoutMs ?? DEFAULT_COMPLETE_TIMEOUT_MS;
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        // The same provider call as streaming, one-shot: one prompt conversion for both.
        const shape = opts.shape?.(req);
        const abortSignal = AbortSignal.any([signal, timeout]);
        editCall(abortSignal, shape?.edit);
        const result = await model(req.model).doGenerate({
          ...callOptions(req),
          ...(shape?.headers ? { headers: shape.headers } : {}),
          abortSignal,
        });
        return {
          text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join(''),
          toolCalls: result.content.flatMap((c) =>
            c.type === 'tool-call' ? [{ id: c.toolCallId, name: c.toolName, arguments: c.input }] : [],
          ),
        };
      } catch (err) {
        throw new ProviderFailure(mapProviderError(timeout.aborted ? new UpstreamTimeout(timeoutMs) : err));
      }
    },
  };
}
