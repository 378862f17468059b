import { describe, expect, it } from 'vitest';
import { completeFromStream } from './complete-from-stream.js';
import { ProviderFailure, type ProviderEvent } from './types.js';

const req = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
const of = (events: ProviderEvent[]) =>
  completeFromStream(async function* () {
    yield* events;
  });

describe('completeFromStream', () => {
  it('joins the streamed text', async () => {
    const done = { type: 'finish' as const, finishReason: 'stop' };
    const complete = of([{ type: 'text', text: 'Hel' }, { type: 'text', text: 'lo' }, done]);
    expect(await complete(req, new AbortController().signal)).toEqual({ text: 'Hello', toolCalls: [] });
  });

  it("rejects with the stream's error", async () => {
    const complete = of([
      { type: 'text', text: 'x' },
      { type: 'error', error: { code: 'upstream_auth', message: 'no' } },
    ]);
    await expect(complete(req, new AbortController().signal)).rejects.toBeInstanceOf(ProviderFailure);
  });
});
