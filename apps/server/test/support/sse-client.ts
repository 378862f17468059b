import {
  isCreatedEvent,
  isErrorEvent,
  isFinalEvent,
  isResumedEvent,
  type CreatedEvent,
  type FinalEvent,
  type StreamEvent,
} from '@chat/contract';

export interface SseEvent {
  id: number | undefined;
  event: string | undefined;
  data: StreamEvent;
}

export interface SseResult {
  status: number;
  headers: Headers;
  /** Parsed events (empty when the answer was not an event stream). */
  events: SseEvent[];
  /** The JSON body of a non-stream answer (errors before streaming). */
  json: unknown;
  /** True when reading stopped early on purpose (simulated disconnect). */
  disconnected: boolean;
}

export interface SseOptions {
  /** Stop reading (and drop the connection) after this many events. */
  stopAfter?: number;
  /** Called for each event as it arrives. */
  onEvent?: (e: SseEvent) => void | Promise<void>;
}

function parseBlock(block: string): SseEvent | undefined {
  let id: number | undefined;
  let event: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
    if (field === 'id') id = Number(value);
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { id, event, data: JSON.parse(data.join('\n')) as SseEvent['data'] };
}

/** POSTs with the bearer token and reads the server-sent events of the answer. */
export function postSse(
  url: string,
  token: string,
  body: unknown,
  opts: SseOptions = {},
): Promise<SseResult> {
  return requestSse(url, token, { method: 'POST', body: JSON.stringify(body) }, opts);
}

/** GETs with the bearer token (and extra headers) and reads the server-sent events of the answer. */
export function getSse(
  url: string,
  token: string,
  headers: Record<string, string> = {},
  opts: SseOptions = {},
): Promise<SseResult> {
  return requestSse(url, token, { method: 'GET', headers }, opts);
}

async function requestSse(
  url: string,
  token: string,
  init: { method: string; body?: string; headers?: Record<string, string> },
  opts: SseOptions,
): Promise<SseResult> {
  const controller = new AbortController();
  const res = await fetch(url, {
    method: init.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
    signal: controller.signal,
  });
  const result: SseResult = {
    status: res.status,
    headers: res.headers,
    events: [],
    json: undefined,
    disconnected: false,
  };
  if (res.status === 204) return result;
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    result.json = await res.json();
    return result;
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let sep: number;
      while ((sep = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, sep);
        buffer = buffer.slice(sep + 2);
        const ev = parseBlock(block);
        if (!ev) continue;
        result.events.push(ev);
        await opts.onEvent?.(ev);
        if (opts.stopAfter !== undefined && result.events.length >= opts.stopAfter) {
          result.disconnected = true;
          controller.abort();
          return result;
        }
      }
    }
  } catch (err) {
    if (!result.disconnected) throw err;
  }
  return result;
}

/** The delta events' texts, in order. */
export function deltasOf(events: SseEvent[]): string[] {
  return events.flatMap((e) =>
    'text' in e.data && !isFinalEvent(e.data) && !isErrorEvent(e.data) && !isResumedEvent(e.data)
      ? [e.data.text]
      : [],
  );
}

/** The created event, if this is one. */
export function createdOf(e: SseEvent): CreatedEvent | undefined {
  return isCreatedEvent(e.data) ? e.data : undefined;
}

/** The last event of a finished stream, read as the final event (the tests assert on it). */
export function finalOf(events: readonly { data: unknown }[]): FinalEvent {
  return events.at(-1)!.data as FinalEvent;
}
