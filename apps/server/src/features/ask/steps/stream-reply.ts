import type { FastifyBaseLogger } from 'fastify';
import { streamOf } from '../../../providers/event-push.js';
import type { ProviderEmit, ProviderError, ProviderUsage } from '../../../providers/types.js';
import type { ReplySink } from '../stream-sink.js';
import type { Turn } from './types.js';

/** How a reply ended. */
export type Outcome = (
  | { kind: 'finish'; finishReason: string; outputTokens: number | undefined }
  | { kind: 'abort' }
  | { kind: 'error'; error: ProviderError }
  /**
   * The stream ended before its end marker after some text: kept unfinished (Continue goes on
   * from it), and the client is told the connection ended early (`error` says so).
   */
  | { kind: 'incomplete'; error: ProviderError }
) & {
  /** The provider's token counts, when it reported them (usually only for a finished reply). */
  usage?: ProviderUsage | undefined;
};

/**
 * call the provider (or take the call started while the turn was written) and stream: the
 * provider's text goes to the sink as deltas (the hub keeps the reply so far, which the flusher
 * saves every second) until the upstream finishes, fails or the signal aborts. Never rejects: a
 * throw is an upstream_error outcome.
 */
export async function streamReply(
  turn: Pick<Turn, 'provider' | 'upstream' | 'early'>,
  sink: Pick<ReplySink, 'delta'>,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<Outcome> {
  let outcome: Outcome | undefined;
  let usage: ProviderUsage | undefined;
  let texts = 0;
  try {
    // The push route: each event straight from the upstream's chunk to the sink.
    const early = turn.early;
    const call = early
      ? (emit: ProviderEmit) => early.run(emit)
      : (emit: ProviderEmit) => streamOf(turn.provider)(turn.upstream, signal, emit);
    await call((ev) => {
      if (outcome?.kind === 'error') return;
      if (ev.type === 'text') {
        texts++;
        sink.delta(ev.text);
      } else if (ev.type === 'usage') {
        usage = ev.usage;
      } else if (ev.type === 'finish') {
        usage = ev.usage ?? usage;
        outcome = { kind: 'finish', finishReason: ev.finishReason, outputTokens: usage?.outputTokens };
      } else if (ev.type === 'error') {
        outcome = { kind: 'error', error: ev.error };
      }
      // reasoning and tool calls are not shown or saved yet (later issues).
    });
  } catch (err) {
    log.error({ err }, 'provider stream threw');
    outcome = { kind: 'error', error: { code: 'upstream_error', message: 'The reply failed unexpectedly' } };
  }
  if (signal.aborted && outcome?.kind !== 'finish') return { kind: 'abort', usage };
  if (outcome?.kind === 'error') {
    const { code, message, detail } = outcome.error;
    // What the network or TLS layer said goes to the log only; the user reads `message`.
    if (detail) log.warn({ provider: { code, message, detail } }, 'provider request failed');
    // A stream cut before its end marker keeps what came: the user may continue it.
    outcome = {
      kind: code === 'upstream_incomplete' && texts > 0 ? 'incomplete' : 'error',
      error: { code, message },
    };
  }
  return {
    ...(outcome ?? {
      kind: 'error',
      error: { code: 'upstream_error', message: 'The provider ended the reply unexpectedly' },
    }),
    usage,
  };
}
