import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { SPEECH_LIMITS, SPEECH_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { drained } from '../../platform/request-drain.js';

/** A recording as it came: its bytes, the type and name the browser gave it. */
export interface ReceivedAudio {
  bytes: Buffer;
  /** The part's Content-Type (`audio/webm;codecs=opus`), as the upstream will be told it. */
  type: string;
  filename: string;
}

/** What an audio part's type may be (a browser recorder's; the upstream reads the bytes). */
const AUDIO_TYPE = /^(audio|video)\/[\w.+-]+(;\s*[\w-]+=[\w.,"-]+)*$/i;
/** A file name as the upstream sees it: its extension tells OpenAI the format. */
const SAFE_NAME = /^[\w.-]{1,100}$/;

/** How long a refused upload is read on before the answer goes (the client stops sending). */
const REFUSAL_DRAIN_MS = 2_000;

/**
 * The multipart part `audio` of POST /api/files/speech/stt (LibreChat's field), held in memory up
 * to SPEECH_LIMITS.maxAudioBytes (a recording is small; the upstream needs it whole in a form).
 * 415 for another content type, 413 as soon as it passes the limit, 400 without the part or empty.
 */
export function receiveAudio(request: FastifyRequest): Promise<ReceivedAudio> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(new AppError('unsupported_media_type', SPEECH_TEXTS.noAudio));
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isSafeInteger(declared) && declared > SPEECH_LIMITS.maxAudioBytes + 64 * 1024) {
    return Promise.reject(new AppError('payload_too_large', SPEECH_TEXTS.audioTooLarge));
  }
  return new Promise((resolve, reject) => {
    let bb: InstanceType<typeof Busboy>;
    try {
      bb = new Busboy({
        headers: { ...request.headers, 'content-type': contentType },
        limits: { files: 1, fields: 5, parts: 8, fieldSize: 1024, fileSize: SPEECH_LIMITS.maxAudioBytes },
      });
    } catch {
      reject(new AppError('validation_error', SPEECH_TEXTS.noAudio));
      return;
    }
    let settled = false;
    let found: Promise<ReceivedAudio> | null = null;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      request.raw.unpipe(bb);
      request.raw.resume();
      void drained(request.raw, REFUSAL_DRAIN_MS).then(() => reject(err));
      bb.destroy();
    };
    bb.on('file', (name: string, stream: BusboyFileStream, filename: string, _enc: string, mime: string) => {
      if (name !== 'audio' || found) {
        stream.resume();
        return;
      }
      found = new Promise<ReceivedAudio>((done, failed) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('limit', () => failed(new AppError('payload_too_large', SPEECH_TEXTS.audioTooLarge)));
        stream.on('error', () => failed(new AppError('validation_error', SPEECH_TEXTS.noAudio)));
        stream.on('end', () =>
          done({
            bytes: Buffer.concat(chunks),
            type: AUDIO_TYPE.test(mime) ? mime : 'application/octet-stream',
            filename: SAFE_NAME.test(filename) ? filename : 'audio.webm',
          }),
        );
      });
      found.catch(fail);
    });
    bb.on('error', () => fail(new AppError('validation_error', SPEECH_TEXTS.noAudio)));
    bb.on('partsLimit', () => fail(new AppError('validation_error', 'Too many parts')));
    bb.on('finish', () => {
      if (!found) return fail(new AppError('validation_error', SPEECH_TEXTS.noAudio));
      found.then(
        (audio) => {
          if (settled) return;
          if (audio.bytes.length === 0)
            return fail(new AppError('validation_error', SPEECH_TEXTS.emptyAudio));
          settled = true;
          resolve(audio);
        },
        () => undefined,
      );
    });
    request.raw.once('close', () => {
      if (!request.raw.complete) fail(new AppError('validation_error', SPEECH_TEXTS.noAudio));
    });
    request.raw.pipe(bb);
  });
}
