import { createReadStream } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import { filePathOf, IMAGE_LIMITS, IMPORT_LIMITS, UPLOAD_LIMITS, type MessageFile } from '@chat/contract';
import { files, type FileRow } from '../../../db/schema.js';
import { AppError } from '../../../platform/errors.js';
import { inspectImage } from '../../../platform/files/upload.js';
import type { FileStorage } from '../../files/index.js';
import { cleanText, dateOf } from '../formats/types.js';
import { ownerOf, str, type MoveContext } from './move-context.js';
import { libreChatId } from './moved-id.js';

/** Where the moved files' bytes come from and go to. */
export interface FilesTarget {
  /**
   * The folder holding LibreChat's local storage as on its disk: `uploads/<user>/…` and
   * `images/<user>/…` (its `filepath`s, `/uploads/…` and `/images/…`, are read below it).
   */
  uploads: string;
  /** This product's store for new files (the configured fileStrategy). */
  storage: FileStorage;
}

/** A moved file as messages carry it, by LibreChat owner and file_id (see fileKey). */
export type MovedFiles = ReadonlyMap<string, MessageFile>;
export const fileKey = (owner: string, fileId: string) => `${owner}\u0000${fileId}`;

/** Bytes read to know an image's type (its magic bytes; WebP's need 12). */
const HEAD_BYTES = 64;
/** LibreChat's local file paths: below its uploads or its public images folder. */
const LOCAL_PATH = /^\/(uploads|images)\/(.+)$/;

const messageFile = (row: Pick<FileRow, 'fileId' | 'type' | 'width' | 'height'>): MessageFile => ({
  file_id: row.fileId,
  filepath: filePathOf(row.fileId),
  type: row.type,
  width: row.width,
  height: row.height,
});

/**
 * LibreChat's files: each image whose bytes are in the uploads folder is copied into this
 * product's store and gets a files row (its id derived from LibreChat's owner and file_id, so a
 * second run finds it). Only images this product serves (JPEG, PNG, WebP by their content, within
 * the upload size) are kept: any other type would be answered to the browser as LibreChat named
 * it. Answers the files moved, now or before, for the messages that list them.
 */
export async function moveFiles(ctx: MoveContext, target: FilesTarget | undefined): Promise<MovedFiles> {
  const moved = new Map<string, MessageFile>();
  for await (const doc of ctx.docs('files')) {
    const owner = ownerOf(doc);
    const sourceId = str(doc.file_id);
    const filepath = str(doc.filepath);
    if (!owner || !sourceId || sourceId.length > IMPORT_LIMITS.maxSourceIdChars || !filepath) {
      ctx.skip('files', 'invalid');
      continue;
    }
    const userId = ctx.owners.get(owner);
    if (!userId) {
      ctx.skip('files', 'owner_not_moved');
      continue;
    }
    const id = libreChatId('file', owner, sourceId);
    const [before] = await ctx.db
      .select({ fileId: files.fileId, type: files.type, width: files.width, height: files.height })
      .from(files)
      .where(eq(files.fileId, id));
    if (before) {
      ctx.alreadyThere('files');
      moved.set(fileKey(owner, sourceId), messageFile(before));
      continue;
    }
    const found = await localFile(doc, filepath, target?.uploads);
    if (!target || typeof found === 'string') {
      ctx.skip('files', 'file_not_found');
      ctx.note(`files: ${sourceId.slice(0, 40)}: ${typeof found === 'string' ? found : 'no uploads folder'}`);
      continue;
    }
    const info = await imageInfo(found.path, found.size);
    if (!info) {
      ctx.skip('files', 'unsupported_file');
      continue;
    }
    const stored = await target.storage.put(
      `images/${userId}/${id}.${info.ext}`,
      createReadStream(found.path),
      info.mime,
    );
    const created = dateOf(doc.createdAt, new Date());
    const row = {
      fileId: id,
      userId,
      source: target.storage.source,
      storageKey: stored.key,
      filename:
        cleanText(doc.filename, IMAGE_LIMITS.maxFilenameLength).trim() ||
        basename(found.path).slice(0, IMAGE_LIMITS.maxFilenameLength),
      type: info.mime,
      bytes: stored.bytes,
      width: info.width,
      height: info.height,
      createdAt: created,
      updatedAt: dateOf(doc.updatedAt, created),
    };
    const inserted = await ctx.db
      .insert(files)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: files.fileId });
    if (inserted.length === 0) {
      // Written meanwhile by another run: that run's bytes are the ones its row names.
      await target.storage.delete(stored.key);
      ctx.alreadyThere('files');
    } else ctx.added('files');
    moved.set(fileKey(owner, sourceId), messageFile(row));
  }
  return moved;
}

/** The file on disk for a LibreChat file document, or why there is none. */
async function localFile(
  doc: Record<string, unknown>,
  filepath: string,
  uploads: string | undefined,
): Promise<{ path: string; size: number } | string> {
  const source = str(doc.source) ?? 'local';
  if (source !== 'local') return `kept in LibreChat's ${source.slice(0, 20)} storage, not on its disk`;
  if (!uploads) return 'no uploads folder was given (--uploads)';
  const local = LOCAL_PATH.exec(filepath);
  if (!local) return 'its filepath is not in LibreChat’s uploads or images folder';
  // LibreChat's names may hold any character its client sent (percent-encoded ones included), so
  // the path is not refused by its characters; only where it leads is checked, links followed.
  const root = resolve(uploads);
  const path = resolve(root, local[1]!, local[2]!);
  if (local[2]!.includes('\u0000') || !within(root, path)) return 'its filepath leaves the uploads folder';
  try {
    const s = await stat(path);
    if (!s.isFile()) return `${filepath.slice(0, 120)} is not a file`;
    if (!within(await realpath(root), await realpath(path))) return 'its filepath leaves the uploads folder';
    return { path, size: s.size };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return `${filepath.slice(0, 120)} is not in the uploads folder`;
}

/** Whether `target` lies strictly inside `root` (both absolute). */
function within(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** The image's type and sides, or null when this product does not keep such a file. */
async function imageInfo(path: string, size: number) {
  if (size > UPLOAD_LIMITS.maxFileBytes) return null;
  const head = Buffer.alloc(HEAD_BYTES);
  const handle = await open(path, 'r');
  try {
    await handle.read(head, 0, HEAD_BYTES, 0);
  } finally {
    await handle.close();
  }
  try {
    return await inspectImage({ path, head });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
