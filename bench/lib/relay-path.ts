/**
 * The server's per-token path after the provider, in process: the storable wrapper, streamReply
 * into a reply hub (frameMs 0: every token its own event, as at ordinary token rates), one SSE
 * subscriber writing into a socket stand-in that discards what it is given.
 */
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { createReplyHub } from '../../apps/server/src/features/ask/reply-hub.js';
import { streamReply } from '../../apps/server/src/features/ask/steps/stream-reply.js';
import { createSseSubscriber } from '../../apps/server/src/features/ask/stream-sink.js';
import { openSse } from '../../apps/server/src/platform/sse.js';
import { storableProvider } from '../../apps/server/src/providers/storable-provider.js';
import type { ChatProvider, ProviderRequest } from '../../apps/server/src/providers/types.js';

/** Enough of a ServerResponse for openSse: bytes are counted and dropped. */
class DiscardingResponse extends Writable {
  bytes = 0;
  writeHead(): this {
    return this;
  }
  flushHeaders(): void {}
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    done();
  }
}

const quietLog = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

/** Streams one reply through the path; answers the text relayed. */
export async function relayPath(provider: ChatProvider, request: ProviderRequest): Promise<string> {
  const res = new DiscardingResponse();
  const reply = { hijack() {}, raw: res } as unknown as FastifyReply;
  const hub = createReplyHub({ frameMs: 0 });
  hub.subscribe(createSseSubscriber(openSse(reply, { heartbeatMs: 60_000 })));
  const outcome = await streamReply(
    { provider: storableProvider(provider), upstream: request },
    hub,
    new AbortController().signal,
    quietLog,
  );
  // The reply's text as the pipeline reads it: the hub's.
  hub.flush();
  const text = hub.text;
  hub.event({ final: true, outcome: outcome.kind, length: text.length });
  hub.end();
  if (outcome.kind !== 'finish') throw new Error(`relay path: the stream ended with ${outcome.kind}`);
  return text;
}
