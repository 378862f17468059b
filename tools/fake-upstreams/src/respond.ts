/**
 * Writing one reply, streaming or not, according to a resolved script, in any protocol: the
 * protocol's `StreamWire` says what the frames are, this module decides when they are written.
 *
 * Pacing is drift-free: token i is due at `start + i * 1000/tps`, and each timer waits only until
 * the next due time, so timer lateness never accumulates. There is one pending setTimeout per
 * paced stream (integer delays, so Node keeps few timer lists even with thousands of streams).
 * Unpaced streams write in a loop but stop on backpressure and resume on 'drain'.
 * Everything stops as soon as the client goes away ('close'), so aborted streams cost nothing.
 */
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FakeStatus, ResolvedScript } from './types.js';

/** How one protocol writes a streamed reply (SSE frames, each ending in a blank line). */
export interface StreamWire {
  /** Everything before the first token (OpenAI's role chunk, Anthropic's message_start…). */
  head(): string;
  token(text: string): string;
  /** One frame cut in the middle of its JSON, as a broken proxy might forward it. */
  malformed(): string;
  /** An error event inside the stream, for an error of that HTTP status. */
  error(status: FakeStatus): string;
  /** Everything after the last token: tool calls, finish, usage, terminator. */
  tail(tokenCount: number): string;
}

export interface StreamJob {
  script: ResolvedScript;
  tokens: string[];
  wire: StreamWire;
  /** See FakeServerOptions.onTokenSent. */
  onToken?: ((token: string, index: number) => void) | undefined;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** The pause between the two pieces of a split frame, so they reach the client as two reads. */
const SPLIT_PAUSE_MS = 2;

export function streamReply(res: ServerResponse, job: StreamJob): void {
  const { script, tokens, wire } = job;
  const interval = script.tokensPerSecond > 0 ? 1000 / script.tokensPerSecond : 0;
  // A fail/hang point beyond the reply still triggers, right after the last token: a script that
  // says "fail" must always fail, or tests would silently pass on short replies.
  const failAt = limit(script.failAfterTokens, tokens.length);
  const hangAt = limit(script.hangAfterTokens, tokens.length);
  const endAt = limit(script.endAfterTokens, tokens.length);
  const malformedAt = limit(script.malformedAfterTokens, tokens.length);
  const errorAt = limit(script.errorAfterTokens, tokens.length);
  let i = 0;
  let malformedSent = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  res.once('close', () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });

  /** Writes a frame (in two pieces when the script says split); false = wait for 'drain'. */
  const send = (frame: string, next: () => void): boolean => {
    if (!script.split) return res.write(frame);
    const [first, second] = splitFrame(frame);
    res.write(first);
    timer = setTimeout(() => {
      timer = undefined;
      if (closed) return;
      res.write(second);
      next();
    }, SPLIT_PAUSE_MS);
    return false;
  };
  /** Writes a frame; true when the pump may go on at once. */
  const write = (frame: string): boolean => {
    const ok = send(frame, pump);
    if (!ok && !script.split) res.once('drain', pump);
    return ok;
  };

  const pump = (): void => {
    timer = undefined;
    while (!closed) {
      if (i === failAt) return resetConnection(res);
      if (i === hangAt) return; // stall until the client gives up; 'close' cleans up
      if (i === endAt) return end(''); // a clean end, without the tail's finish and terminator
      if (i === errorAt) return end(wire.error(script.status ?? 500));
      if (i === malformedAt && !malformedSent) {
        malformedSent = true;
        if (!write(wire.malformed())) return;
        continue;
      }
      if (i >= tokens.length) return end(wire.tail(tokens.length));
      if (interval > 0) {
        const wait = start + i * interval - performance.now();
        if (wait >= 1) {
          timer = setTimeout(pump, Math.ceil(wait));
          return;
        }
      }
      const token = tokens[i]!;
      i++;
      const ok = write(wire.token(token));
      job.onToken?.(token, i - 1);
      if (!ok) return;
    }
  };

  const end = (frames: string): void => {
    if (!script.split) return void res.end(frames);
    send(frames, () => res.end());
  };

  res.writeHead(200, SSE_HEADERS);
  const start = performance.now();
  if (send(wire.head(), pump)) pump();
}

/**
 * A frame's bytes in two pieces: cut after the first byte of its first multi-byte UTF-8
 * character (so a client decoding each piece alone would break that character), or in the middle
 * when it has none.
 */
export function splitFrame(frame: string): [Buffer, Buffer] {
  const bytes = Buffer.from(frame, 'utf8');
  const lead = bytes.findIndex((b) => b >= 0xc0);
  const cut = lead >= 0 ? lead + 1 : Math.max(1, Math.floor(bytes.length / 2));
  return [bytes.subarray(0, cut), bytes.subarray(cut)];
}

/**
 * Non-streaming answer (`send` writes it). With tps > 0 it waits as long as streaming the reply
 * would take; hangAfter never answers, failAfter resets the connection instead.
 */
export function respondOnce(
  res: ServerResponse,
  script: ResolvedScript,
  tokenCount: number,
  send: () => void,
): void {
  if (script.hangAfterTokens !== undefined) return; // nothing is sent before the stall point
  const delay = script.tokensPerSecond > 0 ? (tokenCount * 1000) / script.tokensPerSecond : 0;
  const timer = setTimeout(() => {
    if (script.failAfterTokens !== undefined) return resetConnection(res);
    send();
  }, delay);
  res.once('close', () => clearTimeout(timer));
}

/**
 * Simulates a dropped upstream: once everything written so far has left the process, the socket
 * is reset (RST) so the client sees ECONNRESET / "terminated" mid-body, not a clean end.
 */
/** How long a reset waits after the last write, so the client can read what was sent. */
const RESET_GRACE_MS = 100;

function resetConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  // Poll rather than wait for 'drain': 'drain' only fires after a write that returned false.
  // Failures are rare, so a 5 ms poll is cheap. The first attempt waits longer: bytes a client
  // has not yet read when the RST arrives are dropped by its kernel, and a client on a machine
  // busy with other tests may take tens of milliseconds to read what is already on the wire.
  const attempt = (): void => {
    if (socket.destroyed) return;
    if (socket.writableLength > 0) setTimeout(attempt, 5);
    else socket.resetAndDestroy();
  };
  setTimeout(attempt, RESET_GRACE_MS);
}

function limit(n: number | undefined, max: number): number {
  return n === undefined ? -1 : Math.min(n, max);
}
