/**
 * What the fake upstreams were sent, read over their control route (`GET /__control/requests`:
 * the last 100 API requests of each fake). Specs run in parallel against the same fakes, so a spec
 * finds its own requests by a marker of its own in the prompt, never by position.
 */
import { FAKE_ORIGINS, type FakeName } from './ports';

/** One request a fake recorded (tools/fake-upstreams RecordedRequest, as JSON). */
export interface SeenRequest {
  method: string;
  path: string;
  /** The path with its query string. */
  url: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** One turn of a chat request, whatever the protocol wrote it as. */
export interface SeenTurn {
  role: string;
  text: string;
}

export async function fakeRequests(fake: FakeName): Promise<SeenRequest[]> {
  const res = await fetch(`${FAKE_ORIGINS[fake]}/__control/requests`);
  if (!res.ok) throw new Error(`${fake} fake: /__control/requests answered ${res.status}`);
  return ((await res.json()) as { requests: SeenRequest[] }).requests;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The text of OpenAI / Anthropic content (a string or text parts) or of Gemini parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => record(part).text)
    .filter((t): t is string => typeof t === 'string')
    .join('');
}

/**
 * The conversation a chat request carried, system turns left out, as role + text: OpenAI's and
 * Azure's `messages`, Anthropic's `messages`, Gemini's `contents` (its `model` role is `assistant`).
 */
export function turnsOf(request: SeenRequest): SeenTurn[] {
  const body = record(request.body);
  if (Array.isArray(body.contents)) {
    return body.contents.map((c) => {
      const content = record(c);
      return { role: content.role === 'model' ? 'assistant' : 'user', text: textOf(content.parts) };
    });
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return messages
    .map((m) => ({ role: String(record(m).role), text: textOf(record(m).content) }))
    .filter((turn) => turn.role !== 'system' && turn.role !== 'developer');
}

/** Streamed chat requests of a fake whose last user turn holds `marker` (titles are not streamed). */
export async function chatRequestsWith(fake: FakeName, marker: string): Promise<SeenRequest[]> {
  const streamed = (r: SeenRequest) =>
    r.method === 'POST' && (record(r.body).stream === true || r.path.endsWith(':streamGenerateContent'));
  return (await fakeRequests(fake)).filter((r) => {
    if (!streamed(r)) return false;
    const users = turnsOf(r).filter((t) => t.role === 'user');
    return users.at(-1)?.text.includes(marker) === true;
  });
}
