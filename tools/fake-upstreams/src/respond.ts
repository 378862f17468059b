/**
 * Writing one chat completion, streaming or not, according to a resolved script.
 *
 * Pacing is drift-free: token i is due at `start + i * 1000/tps`, and each timer waits only until
 * the next due time, so timer lateness never accumulates. There is one pending setTimeout per
 * paced stream (integer delays, so Node keeps few timer lists even with thousands of streams).
 * Unpaced streams write in a loop but stop on backpressure and resume on 'drain'.
 * Everything stops as soon as the client goes away ('close'), so aborted streams cost nothing.
 */
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ResolvedScript } from './types.js';
import { ChunkEncoder, completionBody, sendJson, usageOf, type CompletionMeta } from './wire.js';

export interface CompletionJob {
  meta: CompletionMeta;
  script: ResolvedScript;
  tokens: string[];
  promptTokens: number;
  includeUsage: boolean;
  /** See FakeOpenAIOptions.onTokenSent. */
  onToken?: ((token: string, index: number) => void) | undefined;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

export function streamCompletion(res: ServerResponse, job: CompletionJob): void {
  const { script, tokens } = job;
  const enc = new ChunkEncoder(job.meta);
  const interval = script.tokensPerSecond > 0 ? 1000 / script.tokensPerSecond : 0;
  // A fail/hang point beyond the reply still triggers, right after the last token: a script that
  // says "fail" must always fail, or tests would silently pass on short replies.
  const failAt = limit(script.failAfterTokens, tokens.length);
  const hangAt = limit(script.hangAfterTokens, tokens.length);
  const malformedAt = limit(script.malformedAfterTokens, tokens.length);
  let i = 0;
  let malformedSent = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  res.once('close', () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
  res.writeHead(200, SSE_HEADERS);
  res.write(enc.role());
  const start = performance.now();

  const pump = (): void => {
    timer = undefined;
    while (!closed) {
      if (i === failAt) return resetConnection(res);
      if (i === hangAt) return; // stall until the client gives up; 'close' cleans up
      if (i === malformedAt && !malformedSent) {
        malformedSent = true;
        res.write(ChunkEncoder.malformed);
        continue;
      }
      if (i >= tokens.length) return finish();
      if (interval > 0) {
        const wait = start + i * interval - performance.now();
        if (wait >= 1) {
          timer = setTimeout(pump, Math.ceil(wait));
          return;
        }
      }
      const ok = res.write(enc.token(tokens[i]!));
      job.onToken?.(tokens[i]!, i);
      i++;
      if (!ok) {
        res.once('drain', pump);
        return;
      }
    }
  };

  const finish = (): void => {
    let tail = '';
    script.toolCalls.forEach((call, index) => {
      const half = Math.ceil(call.arguments.length / 2);
      const id = `call_${job.meta.id}_${index}`;
      tail += enc.toolCall(index, call.arguments.slice(0, half), { id, name: call.name });
      tail += enc.toolCall(index, call.arguments.slice(half));
    });
    tail += enc.finish(script.toolCalls.length > 0 ? 'tool_calls' : script.finishReason);
    if (job.includeUsage) tail += enc.usage(usageOf(job.promptTokens, tokens.length));
    res.end(tail + ChunkEncoder.done);
  };

  pump();
}

/** Non-streaming answer. With tps > 0 it waits as long as streaming the reply would take. */
export function respondOnce(res: ServerResponse, job: CompletionJob): void {
  const { script, tokens } = job;
  if (script.hangAfterTokens !== undefined) return; // nothing is sent before the stall point
  const delay = script.tokensPerSecond > 0 ? (tokens.length * 1000) / script.tokensPerSecond : 0;
  const timer = setTimeout(() => {
    if (script.failAfterTokens !== undefined) return resetConnection(res);
    const usage = usageOf(job.promptTokens, tokens.length);
    sendJson(res, 200, completionBody(job.meta, tokens.join(''), script.finishReason, usage));
  }, delay);
  res.once('close', () => clearTimeout(timer));
}

/**
 * Simulates a dropped upstream: once everything written so far has left the process, the socket
 * is reset (RST) so the client sees ECONNRESET / "terminated" mid-body, not a clean end.
 */
export function resetConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  // Poll rather than wait for 'drain': 'drain' only fires after a write that returned false.
  // Failures are rare, so a 5 ms poll is cheap; it also gives the client a moment to read the
  // bytes already on the wire before the RST arrives.
  const attempt = (): void => {
    if (socket.destroyed) return;
    if (socket.writableLength > 0) setTimeout(attempt, 5);
    else socket.resetAndDestroy();
  };
  setTimeout(attempt, 5);
}

function limit(n: number | undefined, max: number): number {
  return n === undefined ? -1 : Math.min(n, max);
}
