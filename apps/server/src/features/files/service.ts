import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  avatarFieldsSchema,
  avatarTooLargeText,
  endpointFileConfig,
  FILE_UPLOADS_DISABLED_TEXT,
  fileTooLargeText,
  IMAGE_LIMIT_TEXTS,
  UPLOAD_LIMITS,
  uploadImageFieldsSchema,
  type FileConfig,
  type FileObject,
  type FileSource,
  type MessageFile,
} from '@chat/contract';
import type { FastifyRequest } from 'fastify';
import type { FileRow } from '../../db/schema.js';
import { AppError, parseInput } from '../../platform/errors.js';
import { requireImageType } from '../../platform/files/upload.js';
import { messageFileOf, presentFile } from './presenter.js';
import { receiveUpload } from './receive.js';
import type { FilesRepo } from './repo.js';
import { createImageStore, type ImageLimits } from './store-image.js';
import type { FileStorage } from './storage/index.js';

export interface FilesServiceDeps {
  repo: FilesRepo;
  /** Every store the server can read, by source. */
  storages: ReadonlyMap<FileSource, FileStorage>;
  /** The store new files go to (the configured fileStrategy). */
  strategy: FileSource;
  tmpDir: string;
  log: (err: unknown, msg: string) => void;
  /** What decoding an image may cost (the contract's IMAGE_LIMITS unless a test says otherwise). */
  imageLimits?: ImageLimits;
  /** The upload limits per endpoint (librechat.yaml `fileConfig` over the built-in ones). */
  fileConfig: FileConfig;
}

/** Files a user may list at once. */
const LIST_LIMIT = 500;
const AVATAR_PREFIX = 'avatars/';
const avatarURL = (name: string) => `/api/files/avatars/${name}`;

export function createFilesService(deps: FilesServiceDeps) {
  const { repo } = deps;
  const storageOf = (source: FileSource): FileStorage => {
    const s = deps.storages.get(source);
    if (!s) throw new AppError('not_found', 'File not found');
    return s;
  };
  const writer = storageOf(deps.strategy);
  const { fileConfig } = deps;
  const serverMax = Math.min(fileConfig.serverFileSizeLimit, UPLOAD_LIMITS.maxFileBytes);
  const avatarMax = Math.min(fileConfig.avatarSizeLimit, UPLOAD_LIMITS.avatarMaxBytes);
  const storeImage = createImageStore(deps.imageLimits);
  const removeBytes = async (row: Pick<FileRow, 'source' | 'storageKey'>) => {
    try {
      await storageOf(row.source).delete(row.storageKey);
    } catch (err) {
      deps.log(err, 'file bytes could not be deleted');
    }
  };

  return {
    config(): FileConfig {
      return fileConfig;
    },

    async list(userId: string): Promise<FileObject[]> {
      return (await repo.list(userId, LIST_LIMIT)).map(presentFile);
    },

    /** POST /api/files/images: one image, checked by content, re-encoded, stored. */
    async uploadImage(userId: string, request: FastifyRequest): Promise<FileObject> {
      const received = await receiveUpload(request, {
        fileField: 'file',
        maxBytes: serverMax,
        tooLarge: fileTooLargeText(serverMax),
        allowed: UPLOAD_LIMITS.imageTypes,
        fields: ['file_id', 'width', 'height', 'endpoint'],
        tmpDir: deps.tmpDir,
      });
      try {
        if (!received.file) throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.noFile('file'));
        const fields = parseInput(uploadImageFieldsSchema, received.fields);
        // The endpoint's limits, whichever order the fields came in (LibreChat's client sends
        // `endpoint` first; the server's own limit stopped the stream already).
        const limits = endpointFileConfig(fileConfig, fields.endpoint);
        if (limits.disabled) throw new AppError('forbidden', FILE_UPLOADS_DISABLED_TEXT);
        const maxBytes = Math.min(limits.fileSizeLimit, serverMax);
        if (received.file.bytes > maxBytes)
          throw new AppError('payload_too_large', fileTooLargeText(maxBytes));
        const allowed = UPLOAD_LIMITS.imageTypes.filter((t) => limits.supportedMimeTypes.includes(t));
        requireImageType(received.file.head, allowed);
        const fileId = randomUUID();
        const stored = await storeImage(writer, received.file, {
          owner: userId,
          allowed,
          key: (ext) => `images/${userId}/${fileId}.${ext}`,
        });
        try {
          const row = await repo.insert({
            fileId,
            userId,
            source: writer.source,
            storageKey: stored.key,
            filename: received.file.filename,
            type: stored.info.mime,
            bytes: stored.bytes,
            width: stored.info.width,
            height: stored.info.height,
          });
          return { ...presentFile(row), temp_file_id: fields.file_id };
        } catch (err) {
          await removeBytes({ source: writer.source, storageKey: stored.key });
          throw err;
        }
      } finally {
        await received.cleanup();
      }
    },

    /**
     * A document for another feature (file search): received as it streams (refused by
     * `checkHead` from its name and first bytes, and by size), the endpoint's file config
     * applied, stored as it came under the user's documents, its row saved with `type`.
     */
    async uploadDocument(
      userId: string,
      request: FastifyRequest,
      opts: {
        maxBytes: number;
        fields: readonly string[];
        checkHead: (head: Uint8Array, filename: string) => void;
        /** Checks the text fields (throws) before anything is stored. */
        checkFields: (fields: Record<string, string>) => void | Promise<void>;
        typeOf: (filename: string) => string;
      },
    ): Promise<{ row: FileRow; fields: Record<string, string> }> {
      const maxBytes = Math.min(opts.maxBytes, serverMax);
      const received = await receiveUpload(request, {
        fileField: 'file',
        maxBytes,
        tooLarge: fileTooLargeText(maxBytes),
        allowed: [],
        checkHead: opts.checkHead,
        fields: opts.fields,
        tmpDir: deps.tmpDir,
      });
      try {
        if (!received.file) throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.noFile('file'));
        await opts.checkFields(received.fields);
        const limits = endpointFileConfig(fileConfig, received.fields.endpoint);
        if (limits.disabled) throw new AppError('forbidden', FILE_UPLOADS_DISABLED_TEXT);
        const fileId = randomUUID();
        const key = `documents/${userId}/${fileId}`;
        const type = opts.typeOf(received.file.filename);
        const stored = await writer.put(key, createReadStream(received.file.path), type);
        try {
          const row = await repo.insert({
            fileId,
            userId,
            source: writer.source,
            storageKey: stored.key,
            filename: received.file.filename,
            type,
            bytes: stored.bytes,
            width: 0,
            height: 0,
          });
          return { row, fields: received.fields };
        } catch (err) {
          await removeBytes({ source: writer.source, storageKey: stored.key });
          throw err;
        }
      } finally {
        await received.cleanup();
      }
    },

    /** POST /api/files/images/avatar: the user's avatar, squared and re-encoded. */
    async uploadAvatar(userId: string, request: FastifyRequest): Promise<{ url: string }> {
      const received = await receiveUpload(request, {
        fileField: 'input',
        maxBytes: avatarMax,
        tooLarge: avatarTooLargeText(avatarMax),
        allowed: UPLOAD_LIMITS.avatarTypes,
        fields: ['manual'],
        tmpDir: deps.tmpDir,
      });
      try {
        if (!received.file) throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.noFile('input'));
        parseInput(avatarFieldsSchema, received.fields);
        const name = randomBytes(16).toString('hex');
        const stored = await storeImage(writer, received.file, {
          owner: userId,
          allowed: UPLOAD_LIMITS.avatarTypes,
          avatar: true,
          key: (ext) => `${AVATAR_PREFIX}${name}.${ext}`,
        });
        // The avatar's source is the strategy's; the name carries no user id.
        const url = avatarURL(`${name}.${stored.info.ext}`);
        const before = await repo.setAvatar(userId, url);
        if (before?.startsWith(avatarURL(''))) {
          await removeBytes({
            source: writer.source,
            storageKey: `${AVATAR_PREFIX}${before.slice(avatarURL('').length)}`,
          });
        }
        return { url };
      } finally {
        await received.cleanup();
      }
    },

    /**
     * The avatar of something the caller owns (an agent's): checked, squared and re-encoded as
     * their own avatar is (PNG or JPEG, at most the avatar size), stored under a random name and
     * served where avatars are. `owned` runs once the upload is in (its file part there) and
     * before anything is stored: it checks the caller owns the thing (throws) and answers the
     * address its image had, which is removed once the new one is stored.
     */
    async uploadOwnedAvatar(
      userId: string,
      request: FastifyRequest,
      owned: () => Promise<string | null>,
    ): Promise<{ url: string; source: string; before: string | null }> {
      const received = await receiveUpload(request, {
        fileField: 'file',
        maxBytes: avatarMax,
        tooLarge: avatarTooLargeText(avatarMax),
        allowed: UPLOAD_LIMITS.avatarTypes,
        fields: [],
        tmpDir: deps.tmpDir,
      });
      try {
        if (!received.file) throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.noFile('file'));
        const before = await owned();
        const name = randomBytes(16).toString('hex');
        const stored = await storeImage(writer, received.file, {
          owner: userId,
          allowed: UPLOAD_LIMITS.avatarTypes,
          avatar: true,
          key: (ext) => `${AVATAR_PREFIX}${name}.${ext}`,
        });
        if (before?.startsWith(avatarURL(''))) {
          await removeBytes({
            source: writer.source,
            storageKey: `${AVATAR_PREFIX}${before.slice(avatarURL('').length)}`,
          });
        }
        return { url: avatarURL(`${name}.${stored.info.ext}`), source: writer.source, before };
      } finally {
        await received.cleanup();
      }
    },

    /** Removes an avatar uploadOwnedAvatar stored (by its address; any other address is left). */
    async removeOwnedAvatar(url: string): Promise<void> {
      if (!url.startsWith(avatarURL(''))) return;
      await removeBytes({
        source: writer.source,
        storageKey: `${AVATAR_PREFIX}${url.slice(avatarURL('').length)}`,
      });
    },

    /**
     * An image other features show to everyone (the blog's featured images): checked by content,
     * re-encoded without metadata, stored by the configured strategy under `prefix` and a random
     * 128-bit name, which is answered (its only key: no user id, nothing to guess). The caller
     * checks who may upload before calling; `userId` takes its turn at the decoder.
     */
    async uploadPublicImage(
      userId: string,
      request: FastifyRequest,
      opts: { prefix: string; maxBytes: number; tooLarge: string },
    ): Promise<{ name: string }> {
      const received = await receiveUpload(request, {
        fileField: 'file',
        maxBytes: opts.maxBytes,
        tooLarge: opts.tooLarge,
        allowed: UPLOAD_LIMITS.imageTypes,
        fields: [],
        tmpDir: deps.tmpDir,
      });
      try {
        if (!received.file) throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.noFile('file'));
        const name = randomBytes(16).toString('hex');
        const stored = await storeImage(writer, received.file, {
          owner: userId,
          allowed: UPLOAD_LIMITS.imageTypes,
          key: (ext) => `${opts.prefix}${name}.${ext}`,
        });
        return { name: `${name}.${stored.info.ext}` };
      } finally {
        await received.cleanup();
      }
    },

    /** The bytes of an image stored by uploadPublicImage (404 when there is none). */
    async readPublicImage(prefix: string, name: string): Promise<Readable> {
      return writer.get(`${prefix}${name}`);
    },

    /**
     * DELETE /api/files: the caller's own files among those named, bytes and rows; 404 when none
     * of them is (another user's file is never named as such).
     */
    async delete(
      userId: string,
      fileIds: readonly string[],
    ): Promise<{ message: string; deleted: string[] }> {
      const rows = await repo.delete(userId, [...new Set(fileIds)]);
      if (rows.length === 0) throw new AppError('not_found', 'File not found');
      await Promise.all(rows.map(removeBytes));
      return { message: 'Files deleted successfully', deleted: rows.map((r) => r.fileId) };
    },

    /**
     * Every file of the user, bytes and rows, and the avatar's bytes: for an account being
     * deleted (call before the user's row goes; its cascade would leave the bytes behind).
     */
    async deleteAllOf(userId: string): Promise<number> {
      const rows = await repo.deleteAll(userId);
      await Promise.all(rows.map(removeBytes));
      const avatar = await repo.avatarOf(userId);
      if (avatar?.startsWith(avatarURL(''))) {
        await removeBytes({
          source: writer.source,
          storageKey: `${AVATAR_PREFIX}${avatar.slice(avatarURL('').length)}`,
        });
      }
      return rows.length;
    },

    /** The bytes of one of the user's files; 404 for another's or an unknown one. */
    async read(userId: string, fileId: string): Promise<{ row: FileRow; body: Readable }> {
      const [row] = await repo.owned(userId, [fileId]);
      if (!row) throw new AppError('not_found', 'File not found');
      return { row, body: await storageOf(row.source).get(row.storageKey) };
    },

    /** An avatar's bytes (public: its name is random). */
    async readAvatar(name: string): Promise<Readable> {
      return writer.get(`${AVATAR_PREFIX}${name}`);
    },

    /** The user's own files among `refs`, as messages carry them; a file not theirs is refused. */
    async messageFiles(userId: string, refs: readonly Pick<MessageFile, 'file_id'>[]): Promise<FileRow[]> {
      const ids = [...new Set(refs.map((r) => r.file_id))];
      const rows = await repo.owned(userId, ids);
      if (rows.length !== ids.length) throw new AppError('not_found', 'File not found');
      return ids.map((id) => rows.find((r) => r.fileId === id)!);
    },

    /** The refs among `refs` that are still the user's files (deleted ones left out). */
    async ownedOf(userId: string, refs: readonly MessageFile[]): Promise<MessageFile[]> {
      const rows = await repo.owned(
        userId,
        refs.map((r) => r.file_id),
      );
      return refs.filter((r) => rows.some((row) => row.fileId === r.file_id));
    },

    /** A file's bytes as a data: URL, for a model (images are a few MB at most). */
    async dataURL(row: FileRow): Promise<string> {
      const chunks: Buffer[] = [];
      for await (const chunk of await storageOf(row.source).get(row.storageKey)) chunks.push(chunk as Buffer);
      return `data:${row.type};base64,${Buffer.concat(chunks).toString('base64')}`;
    },

    messageFileOf,
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

export const tmpDirOf = (dataDir: string) => join(dataDir, 'tmp');
