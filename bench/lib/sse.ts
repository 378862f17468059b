/**
 * A lean server-sent-events client on node:http: every event is handed over with the monotonic
 * time its bytes arrived and its size on the wire, so thousands of streams fit in one process.
 */
import { Agent, request as httpRequest } from 'node:http';
import { BENCH_MODELS, now, type BenchEndpoint } from './server.js';

export interface SseEvent {
  /** The joined `data:` lines. */
  data: string;
  id: string | undefined;
  event: string | undefined;
  /** When the chunk holding the event's end arrived (monotonic ms). */
  at: number;
  /** Bytes of the event on the wire, blank line included. */
  bytes: number;
}

export interface SseResult {
  status: number;
  /** Body of a non-2xx answer. */
  errorBody?: string;
  startedAt: number;
  headersAt: number;
  endAt: number;
  totalBytes: number;
  /** Bytes of comment lines (heartbeats), counted in totalBytes too. */
  commentBytes: number;
}

/** Shared by all load streams: unlimited sockets, no keep-alive between streams. */
const streamAgent = new Agent({ keepAlive: false, maxSockets: Infinity });

export function sseRequest(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    agent?: Agent;
    onEvent: (e: SseEvent) => void;
  },
): Promise<SseResult> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const startedAt = now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: opts.method ?? 'POST', headers, agent: opts.agent ?? streamAgent },
      (res) => {
        const headersAt = now();
        const status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        let totalBytes = 0;
        let commentBytes = 0;
        if (status < 200 || status >= 300) {
          let text = '';
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({
              status,
              errorBody: text,
              startedAt,
              headersAt,
              endAt: now(),
              totalBytes,
              commentBytes,
            }),
          );
          return;
        }
        let buf = '';
        let newline: '\n' | '\r\n' | undefined;
        res.on('data', (chunk: string) => {
          const at = now();
          totalBytes += Buffer.byteLength(chunk);
          buf += chunk;
          for (;;) {
            // Events end with a blank line: \n\n, or \r\n\r\n (Gemini's frames); the stream's
            // first event tells which, so each later one costs a single search, as before.
            if (newline === undefined) {
              const lf = buf.indexOf('\n\n');
              const crlf = buf.indexOf('\r\n\r\n');
              if (lf === -1 && crlf === -1) break;
              newline = crlf !== -1 && (lf === -1 || crlf < lf) ? '\r\n' : '\n';
            }
            const blank = newline + newline;
            const cut = buf.indexOf(blank);
            if (cut === -1) break;
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + blank.length);
            const bytes = Buffer.byteLength(block) + blank.length;
            let data: string | undefined;
            let id: string | undefined;
            let event: string | undefined;
            let comment = true;
            for (const line of block.split(newline)) {
              if (line.startsWith(':')) continue;
              comment = false;
              const colon = line.indexOf(':');
              const field = colon === -1 ? line : line.slice(0, colon);
              let value = colon === -1 ? '' : line.slice(colon + 1);
              if (value.startsWith(' ')) value = value.slice(1);
              if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
              else if (field === 'id') id = value;
              else if (field === 'event') event = value;
            }
            if (comment) {
              commentBytes += bytes;
              continue;
            }
            opts.onEvent({ data: data ?? '', id, event, at, bytes });
          }
        });
        res.on('end', () =>
          resolve({ status, startedAt, headersAt, endAt: now(), totalBytes, commentBytes }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An ask on the app: POST /api/ask/<endpoint> in a new conversation. */
export function askBody(
  text: string,
  endpoint: BenchEndpoint = 'openAI',
  model: string = BENCH_MODELS[endpoint],
): Record<string, unknown> {
  return {
    text,
    conversationId: null,
    parentMessageId: '00000000-0000-0000-0000-000000000000',
    endpoint,
    model,
  };
}

/** A streamed chat completion straight from the fake upstream. */
export function directBody(text: string): Record<string, unknown> {
  return { model: BENCH_MODELS.openAI, stream: true, messages: [{ role: 'user', content: text }] };
}
