/**
 * OpenAI's audio API on the fake OpenAI server (and on Azure's deployment paths):
 * - POST /v1/audio/speech `{ model, input, voice, response_format }` answers a small valid audio
 *   file: silent MP3 frames (audio/mpeg, the API's default), or a WAV of silence with
 *   `response_format: "wav"` (audio/wav). Its length grows with the input, so a test can tell two
 *   answers apart; it is sent in two writes, as a streamed answer comes.
 * - POST /v1/audio/transcriptions (multipart: `file`, `model`) answers `{ text }` derived from the
 *   uploaded bytes: "Heard <n> bytes, sha256 <first 16 hex digits>", which a test computes too.
 * A `[[fake status=…]]` directive in the speech input answers that HTTP error instead.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { parseDirectives } from './directive.js';
import { sendError, sendJson } from './wire.js';

/** A multipart body as core.ts reads it: its text fields and, per file field, what it held. */
interface MultipartBody {
  multipart: true;
  fields: Record<string, string>;
  files: Record<string, { filename: string; type: string; size: number; sha256: string }>;
}

const isMultipart = (body: unknown): body is MultipartBody =>
  typeof body === 'object' && body !== null && (body as { multipart?: unknown }).multipart === true;

/** Reads a multipart/form-data body (Node's own parser, the one fetch's Response uses). */
export async function readMultipart(bytes: Buffer, contentType: string): Promise<MultipartBody> {
  const form = await new Response(new Uint8Array(bytes), {
    headers: { 'content-type': contentType },
  }).formData();
  const out: MultipartBody = { multipart: true, fields: {}, files: {} };
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      out.fields[name] = value;
      continue;
    }
    const data = Buffer.from(await value.arrayBuffer());
    out.files[name] = {
      filename: value.name,
      type: value.type,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  }
  return out;
}

/** What the fake "hears" in a recording: its size and hash, so a test can check the bytes went through. */
export const heardText = (size: number, sha256: string): string =>
  `Heard ${size} bytes, sha256 ${sha256.slice(0, 16)}`;

export function serveTranscription(res: ServerResponse, body: unknown): void {
  if (!isMultipart(body)) return sendError(res, 400, 'Send the audio as multipart/form-data.');
  const file = body.files.file;
  if (!file) return sendError(res, 400, "'file' is a required property.");
  if (file.size === 0) return sendError(res, 400, 'Audio file is empty.');
  sendJson(res, 200, { text: heardText(file.size, file.sha256) });
}

/** One MPEG-1 Layer III frame, 128 kbit/s, 44.1 kHz, mono, no padding: 417 bytes of silence. */
function silentMp3Frame(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc0]);
  return frame;
}

/** A mono 16-bit PCM WAV of `samples` silent samples at 8 kHz. */
function silentWav(samples: number): Buffer {
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24); // sample rate
  wav.writeUInt32LE(16000, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  return wav;
}

export function serveSpeech(res: ServerResponse, body: unknown): void {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.input !== 'string' || b.input.trim() === '') {
    return sendError(res, 400, "'input' is a required property.");
  }
  if (typeof b.model !== 'string' || b.model === '')
    return sendError(res, 400, "'model' is a required property.");
  const { script } = parseDirectives(b.input);
  if (script?.status !== undefined) return sendError(res, script.status);
  // A few frames per 20 characters: longer texts make longer (and tellable) answers.
  const units = 2 + Math.ceil(b.input.length / 20);
  const wav = b.response_format === 'wav';
  const audio = wav ? silentWav(units * 400) : Buffer.concat(Array.from({ length: units }, silentMp3Frame));
  res.writeHead(200, { 'content-type': wav ? 'audio/wav' : 'audio/mpeg', 'transfer-encoding': 'chunked' });
  const half = Math.floor(audio.length / 2);
  res.write(audio.subarray(0, half));
  res.end(audio.subarray(half));
}
