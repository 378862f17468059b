// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SseParser, SseHttpError, parseStreamEvent, streamSse, type SseMessage } from './sse';

function parse(chunks: string[]): SseMessage[] {
  const out: SseMessage[] = [];
  const p = new SseParser((m) => out.push(m));
  for (const c of chunks) p.push(c);
  p.end();
  return out;
}

describe('SseParser', () => {
  it('parses id, event and data lines', () => {
    expect(parse(['event: message\nid: 1\ndata: {"text":"a"}\n\n'])).toEqual([
      { id: '1', event: 'message', data: '{"text":"a"}' },
    ]);
  });

  it('handles any split across chunk boundaries, byte by byte', () => {
    const wire = 'event: message\r\nid: 7\r\ndata: {"text":"héllo"}\r\n\r\ndata: x\n\n';
    const chunks = [...wire];
    expect(parse(chunks)).toEqual([
      { id: '7', event: 'message', data: '{"text":"héllo"}' },
      { id: undefined, event: 'message', data: 'x' },
    ]);
  });

  it('treats a lone \\r split from its \\n as one line end', () => {
    expect(parse(['data: a\r', '\n\r', '\n'])).toEqual([{ id: undefined, event: 'message', data: 'a' }]);
  });

  it('joins multi-line data, skips comments and keeps spaces after the first', () => {
    expect(parse([': keep-alive\n', 'data:  one\ndata:two\n\n'])).toEqual([
      { id: undefined, event: 'message', data: ' one\ntwo' },
    ]);
  });

  it('drops an event without its blank line at the end, and events without data', () => {
    expect(parse(['id: 3\n\n', 'data: partial'])).toEqual([]);
  });

  it('remembers the last event id', () => {
    const p = new SseParser(() => undefined);
    p.push('id: 4\ndata: a\n\ndata: b\n\n');
    expect(p.lastEventId).toBe('4');
  });
});

function sseResponse(chunks: string[], status = 200): Response {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('streamSse', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('yields each JSON event across chunks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(['data: {"te', 'xt":"a"}\n', '\ndata: {"final":true}\n\n'])),
    );
    const events: unknown[] = [];
    await streamSse('/api/ask/demo', {}, { onEvent: (d) => events.push(d) });
    expect(events).toEqual([{ text: 'a' }, { final: true }]);
  });

  it('GETs when there is no body (joining a running reply)', async () => {
    const fetchMock = vi.fn(async () => sseResponse(['data: {"text":"a"}\n\n']));
    vi.stubGlobal('fetch', fetchMock);
    const events: unknown[] = [];
    await streamSse('/api/ask/stream/c', undefined, { onEvent: (d) => events.push(d) });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(events).toEqual([{ text: 'a' }]);
  });

  it('ends with no event on a 204 (a joined reply that has ended)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const events: unknown[] = [];
    await streamSse('/api/ask/stream/c?index=1', undefined, { onEvent: (d) => events.push(d) });
    expect(events).toEqual([]);
  });

  it('rejects a non-200 answer with its code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'busy', code: 'conflict' }), { status: 409 })),
    );
    const err = await streamSse('/x', {}, { onEvent: () => undefined }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SseHttpError);
    expect(err).toMatchObject({ status: 409, code: 'conflict', message: 'busy' });
  });

  it('maps a failed fetch to a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(streamSse('/x', {}, { onEvent: () => undefined })).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});

describe('stream events are read through the contract schema', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('passes a valid event, and fails the stream on one that does not match', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        sseResponse(['data: {"text":"a"}\n\n', 'data: {"final":true}\n\n', 'data: {"text":"b"}\n\n']),
      ),
    );
    const events: unknown[] = [];
    const done = streamSse('/api/ask/demo', {}, { onEvent: (d) => events.push(parseStreamEvent(d)) });
    await expect(done).rejects.toMatchObject({ code: 'internal' });
    expect(events).toEqual([{ text: 'a' }]);
  });

  it('fails the stream on data that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(['data: not json\n\n'])),
    );
    const events: unknown[] = [];
    await expect(streamSse('/api/ask/demo', {}, { onEvent: (d) => events.push(d) })).rejects.toMatchObject({
      code: 'internal',
    });
    expect(events).toEqual([]);
  });
});
