/**
 * OpenAI's Images API on the fake OpenAI server: POST /v1/images/generations answers `n` images
 * as `b64_json` (a small valid PNG) or, with `response_format: "url"`, as URLs, like the real API.
 * A `[[fake status=…]]` directive in the prompt answers that HTTP error instead; `error=moderation`
 * answers OpenAI's content-policy refusal.
 */
import type { ServerResponse } from 'node:http';
import { parseDirectives } from './directive.js';
import { sendError, sendJson } from './wire.js';

/** A 1×1 PNG: what every generated image is. */
export const FAKE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const MAX_IMAGES = 10;

export function serveImageGeneration(res: ServerResponse, body: unknown, origin: string): void {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.prompt !== 'string' || b.prompt.trim() === '') {
    return sendError(res, 400, "'prompt' is a required property.");
  }
  const { script, text } = parseDirectives(b.prompt);
  if (script?.status !== undefined) return sendError(res, script.status);
  if (script?.error === 'moderation') {
    return sendJson(res, 400, {
      error: {
        message: 'Your request was rejected as a result of our safety system.',
        type: 'image_generation_user_error',
        param: null,
        code: 'content_policy_violation',
      },
    });
  }
  const n = typeof b.n === 'number' && Number.isInteger(b.n) ? b.n : 1;
  if (n < 1 || n > MAX_IMAGES) return sendError(res, 400, `'n' must be between 1 and ${MAX_IMAGES}.`);
  const asUrl = b.response_format === 'url';
  const data = Array.from({ length: n }, (_, i) =>
    asUrl
      ? { url: `${origin}/__images/fake-${i}.png`, revised_prompt: text }
      : { b64_json: FAKE_PNG_BASE64, revised_prompt: text },
  );
  sendJson(res, 200, { created: Math.floor(Date.now() / 1000), data });
}

/** GET /__images/*.png: the image a `url` answer points at. */
export function serveFakeImage(res: ServerResponse): void {
  const png = Buffer.from(FAKE_PNG_BASE64, 'base64');
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
  res.end(png);
}
