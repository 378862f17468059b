import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import {
  AUTH_LIMITS,
  CHAT_LIMITS,
  endpointNameSchema,
  IMPORT_LIMITS,
  LIBRECHAT_COLLECTIONS,
  type LibreChatCollection,
  type LibreChatSkipReason,
  type MessageFile,
} from '@chat/contract';
import type { Db } from '../../../db/client.js';
import { balances, messages, oauthIdentities, presets, transactions, users } from '../../../db/schema.js';
import { cleanOptions, mapLibreChatConversation } from '../formats/librechat.js';
import { cleanText, cleanTitle, dateOf, SkipConversation } from '../formats/types.js';
import type { ImportedConversation } from '../formats/index.js';
import { importedMessageId, writeImportedConversations } from '../writer.js';
import { readAt, readExport, type BadLine, type LineRef, type ReadDocument } from './extended-json.js';
import { fileKey, moveFiles, type FilesTarget, type MovedFiles } from './librechat-files.js';
import { moveTransactions } from './librechat-transactions.js';
import { ownerOf, str, type MoveContext } from './move-context.js';
import { libreChatId } from './moved-id.js';

export { libreChatId } from './moved-id.js';

/** What happened to one collection's documents. */
interface CollectionReport {
  added: number;
  alreadyThere: number;
  skipped: Partial<Record<LibreChatSkipReason, number>>;
}

export interface LibreChatMoveReport {
  collections: Record<LibreChatCollection, CollectionReport>;
  /** Collections whose file is not in the folder (nothing of them was read). */
  missing: LibreChatCollection[];
  /** Details worth reading: unreadable lines, conversations that could not be read. */
  notes: string[];
}

/** Notes kept at most; the counts cover everything. */
const MAX_NOTES = IMPORT_LIMITS.maxReportItems;

/**
 * LibreChat's field for each social provider's id of the person, and the provider's name here:
 * the same ids these providers answer at sign-in (the OpenID one is the token's `sub`).
 */
const SOCIAL_ID_FIELDS = [
  ['googleId', 'google'],
  ['githubId', 'github'],
  ['discordId', 'discord'],
  ['facebookId', 'facebook'],
  ['openidId', 'openid'],
] as const;
/** Longer than any of these providers' subjects. */
const MAX_SUBJECT_CHARS = 255;

const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const OBJECT_ID = /^[0-9a-f]{24}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A field of LibreChat's that holds a name or address: longer is not a real one. */
const MAX_FIELD_CHARS = 320;

/**
 * Moves a LibreChat server's data, exported with mongoexport into `folder`, into this database:
 * accounts (their bcrypt hashes kept for the first sign-in), files (with `files`: their bytes
 * copied from LibreChat's uploads folder), conversations with their message trees, presets,
 * balances and the transactions' history. Everything is matched by LibreChat's own ids, so
 * running it again adds only what the first run did not.
 */
export async function moveFromLibreChat(
  db: Db,
  folder: string,
  /** LibreChat's uploads folder and this product's store; without them no file's bytes are found. */
  files?: FilesTarget,
): Promise<LibreChatMoveReport> {
  const report: LibreChatMoveReport = {
    collections: Object.fromEntries(
      LIBRECHAT_COLLECTIONS.map((c) => [c, { added: 0, alreadyThere: 0, skipped: {} }]),
    ) as Record<LibreChatCollection, CollectionReport>,
    missing: [],
    notes: [],
  };
  const note = (text: string) => {
    if (report.notes.length < MAX_NOTES) report.notes.push(text);
  };
  const skip = (c: LibreChatCollection, reason: LibreChatSkipReason, n = 1) => {
    const s = report.collections[c].skipped;
    s[reason] = (s[reason] ?? 0) + n;
  };
  const paths = Object.fromEntries(LIBRECHAT_COLLECTIONS.map((c) => [c, join(folder, `${c}.json`)]));
  for (const c of LIBRECHAT_COLLECTIONS) if (!existsSync(paths[c]!)) report.missing.push(c);
  async function* read(c: LibreChatCollection): AsyncGenerator<ReadDocument> {
    if (report.missing.includes(c)) return;
    const bad: BadLine[] = [];
    yield* readExport(paths[c]!, bad);
    for (const b of bad) {
      skip(c, 'unreadable');
      note(`${c}.json line ${b.line}: ${b.reason}`);
    }
  }
  async function* docs(c: LibreChatCollection): AsyncGenerator<Record<string, unknown>> {
    for await (const { doc } of read(c)) yield doc;
  }

  // LibreChat account (ObjectId) → the account here, for the accounts moved (now or before).
  const owners = new Map<string, string>();

  for await (const doc of docs('users')) {
    const oid = str(doc._id)?.toLowerCase();
    const email = str(doc.email)?.trim().toLowerCase();
    if (!oid || !OBJECT_ID.test(oid) || !email || email.length > MAX_FIELD_CHARS || !EMAIL.test(email)) {
      skip('users', 'invalid');
      continue;
    }
    const id = libreChatId('user', oid);
    // Cut to the limits this product's own forms keep names within.
    const username = cleanText(doc.username, AUTH_LIMITS.usernameMax).trim() || null;
    const name =
      cleanText(doc.name, AUTH_LIMITS.nameMax).trim() ||
      username ||
      cleanText(email.split('@')[0], AUTH_LIMITS.nameMax);
    // A picture at a web address comes along; LibreChat's own uploads (a path on its server) do not.
    const avatar = cleanText(doc.avatar, 2048).trim();
    const password = str(doc.password);
    const created = dateOf(doc.createdAt, new Date());
    const inserted = await db
      .insert(users)
      .values({
        id,
        name,
        email,
        username,
        // Only a bcrypt hash is a password LibreChat could have checked; anything else is left
        // out, and the person signs in through a reset or their provider.
        passwordHash: password && BCRYPT_HASH.test(password) ? password : null,
        avatar: /^https?:\/\//i.test(avatar) ? avatar : null,
        role: doc.role === 'ADMIN' ? 'ADMIN' : 'USER',
        provider: cleanText(doc.provider, 64).trim() || 'local',
        emailVerified: doc.emailVerified === true,
        createdAt: created,
        updatedAt: dateOf(doc.updatedAt, created),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const [before] =
      inserted.length > 0 ? [] : await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (inserted.length > 0 || before) {
      if (inserted.length > 0) report.collections.users.added += 1;
      else report.collections.users.alreadyThere += 1;
      owners.set(oid, id);
      // Sign-in through Google, GitHub, … finds the account by these, whatever its address says.
      const identities = SOCIAL_ID_FIELDS.flatMap(([field, provider]) => {
        const subject = str(doc[field]);
        return subject && subject.length <= MAX_SUBJECT_CHARS ? [{ userId: id, provider, subject }] : [];
      });
      if (identities.length > 0) await db.insert(oauthIdentities).values(identities).onConflictDoNothing();
    } else {
      // The address belongs to an account made here: its owner may not be the LibreChat one.
      skip('users', 'email_taken');
      note(`users: ${email} already has an account here that was not moved from LibreChat`);
    }
  }

  const ctx: MoveContext = {
    db,
    docs,
    owners,
    added: (c) => (report.collections[c].added += 1),
    alreadyThere: (c) => (report.collections[c].alreadyThere += 1),
    skip,
    note,
  };
  const movedFiles = await moveFiles(ctx, files);

  await moveConversations(db, docs, read, paths.messages!, owners, movedFiles, report, skip, note);

  // Presets: one per LibreChat presetId and owner.
  const hasDefault = new Set<string>();
  for await (const doc of docs('presets')) {
    const owner = ownerOf(doc);
    const userId = owner ? owners.get(owner) : undefined;
    const presetId = str(doc.presetId);
    if (!presetId || presetId.length > IMPORT_LIMITS.maxSourceIdChars) {
      skip('presets', 'invalid');
      continue;
    }
    if (!userId) {
      skip('presets', 'owner_not_moved');
      continue;
    }
    const endpoint = str(doc.endpoint);
    if (!endpoint || !endpointNameSchema.safeParse(endpoint).success) {
      skip('presets', 'invalid_endpoint');
      continue;
    }
    const id = libreChatId('preset', owner!, presetId);
    if (!hasDefault.has(userId)) {
      const [d] = await db
        .select({ id: presets.presetId })
        .from(presets)
        .where(and(eq(presets.userId, userId), eq(presets.defaultPreset, true)));
      if (d) hasDefault.add(userId);
    }
    // One default per person: a second one (or one beside a default made here) is kept as a preset.
    const isDefault = doc.defaultPreset === true && !hasDefault.has(userId);
    const options = cleanOptions(doc);
    const created = dateOf(doc.createdAt, new Date());
    const order = typeof doc.order === 'number' && Number.isInteger(doc.order) ? doc.order : null;
    const inserted = await db
      .insert(presets)
      .values({
        presetId: id,
        userId,
        title: cleanTitle(doc.title).slice(0, CHAT_LIMITS.maxTitleChars),
        endpoint,
        model: options.model ?? null,
        options,
        defaultPreset: isDefault,
        order: order !== null && Math.abs(order) < 2 ** 31 ? order : null,
        createdAt: created,
        updatedAt: dateOf(doc.updatedAt, created),
      })
      .onConflictDoNothing()
      .returning({ id: presets.presetId });
    if (inserted.length > 0) {
      report.collections.presets.added += 1;
      if (isDefault) hasDefault.add(userId);
    } else report.collections.presets.alreadyThere += 1;
  }

  // Balances: the credits LibreChat counted, as this product's starting balance of the account.
  for await (const doc of docs('balances')) {
    const owner = ownerOf(doc);
    const userId = owner ? owners.get(owner) : undefined;
    const credits = doc.tokenCredits ?? 0;
    if (typeof credits !== 'number' || !Number.isFinite(credits)) {
      skip('balances', 'invalid');
      continue;
    }
    if (!userId) {
      skip('balances', 'owner_not_moved');
      continue;
    }
    // LibreChat lets a reply take a balance below zero; here nothing is spent below it.
    const amount = Math.max(0, Math.round(Math.min(credits, Number.MAX_SAFE_INTEGER)));
    const added = await db.transaction(async (tx) => {
      const made = await tx
        .insert(balances)
        .values({ userId, tokenCredits: amount })
        .onConflictDoNothing()
        .returning({ userId: balances.userId });
      if (made.length === 0) return false;
      await tx.insert(transactions).values({
        userId,
        kind: 'start',
        amount,
        balanceAfter: amount,
        reason: 'Moved from LibreChat',
      });
      return true;
    });
    if (added) report.collections.balances.added += 1;
    else report.collections.balances.alreadyThere += 1;
  }

  await moveTransactions(ctx);
  return report;
}

/**
 * Conversations with their messages, written by the import writer (import key `librechat:` and
 * LibreChat's conversationId, message ids derived from LibreChat's): the same conversation
 * imported before, here or from a LibreChat JSON export, gains only the messages it lacks.
 */
async function moveConversations(
  db: Db,
  docs: (c: LibreChatCollection) => AsyncGenerator<Record<string, unknown>>,
  read: (c: LibreChatCollection) => AsyncGenerator<ReadDocument>,
  messagesFile: string,
  owners: ReadonlyMap<string, string>,
  movedFiles: MovedFiles,
  report: LibreChatMoveReport,
  skip: (c: LibreChatCollection, reason: LibreChatSkipReason, n?: number) => void,
  note: (text: string) => void,
): Promise<void> {
  // LibreChat's conversationId is unique per owner, not across owners: a conversation is known by
  // both (and so is a message's conversation).
  const keyOf = (owner: string, conversationId: string) => `${owner}\u0000${conversationId}`;
  const convos = new Map<string, { doc: Record<string, unknown>; owner: string; id: string }>();
  // Conversations not moved, and why: their messages are skipped for the same reason.
  const left = new Map<string, LibreChatSkipReason>();
  for await (const doc of docs('conversations')) {
    const id = str(doc.conversationId);
    const owner = ownerOf(doc);
    if (!id || id.length > IMPORT_LIMITS.maxSourceIdChars || !owner || convos.has(keyOf(owner, id))) {
      skip('conversations', 'invalid');
      continue;
    }
    const reason: LibreChatSkipReason | undefined = !owners.has(owner)
      ? 'owner_not_moved'
      : doc.isTemporary === true
        ? 'temporary'
        : undefined;
    if (reason) {
      left.set(keyOf(owner, id), reason);
      skip('conversations', reason);
      continue;
    }
    convos.set(keyOf(owner, id), { doc, owner, id });
  }
  // A conversation's messages: where their lines are (memory holds two numbers a message, not the
  // messages), or the documents themselves when the export is one JSON list.
  const byConvo = new Map<string, (LineRef | { doc: Record<string, unknown> })[]>();
  for await (const { doc, ref } of read('messages')) {
    const convoId = str(doc.conversationId);
    const owner = ownerOf(doc);
    const key = convoId && owner ? keyOf(owner, convoId) : undefined;
    const reason = key ? left.get(key) : undefined;
    if (reason) {
      skip('messages', reason);
      continue;
    }
    if (!key || !convos.has(key)) {
      skip('messages', 'no_conversation');
      continue;
    }
    const list = byConvo.get(key);
    if (list) list.push(ref ?? { doc });
    else byConvo.set(key, [ref ?? { doc }]);
  }

  const pending = new Map<string, ImportedConversation[]>();
  const flush = async (userId: string) => {
    const batch = pending.get(userId) ?? [];
    pending.delete(userId);
    const written = await writeImportedConversations(db, userId, batch);
    for (const [i, w] of written.entries()) {
      const total = batch[i]!.messages.length;
      if (w.created) report.collections.conversations.added += 1;
      else report.collections.conversations.alreadyThere += 1;
      report.collections.messages.added += w.added;
      report.collections.messages.alreadyThere += total - w.added;
      // A message moved before its files were found (an earlier run without --uploads) gains them.
      if (w.added < total) {
        for (const m of batch[i]!.messages) {
          if (!m.files) continue;
          await db
            .update(messages)
            .set({ files: m.files })
            .where(
              and(
                eq(messages.messageId, importedMessageId(w.conversationId, m.sourceId)),
                eq(messages.userId, userId),
                isNull(messages.files),
              ),
            );
        }
      }
    }
  };
  const file = byConvo.size > 0 ? await open(messagesFile, 'r') : undefined;
  try {
    for (const [key, { doc, owner, id: convoId }] of convos) {
      const userId = owners.get(owner)!;
      const places = byConvo.get(key) ?? [];
      byConvo.delete(key);
      const refs = places.filter((p): p is LineRef => !('doc' in p));
      const list = [
        ...places.flatMap((p) => ('doc' in p ? [p.doc] : [])),
        ...(file && refs.length > 0 ? await readAt(file, refs) : []),
      ];
      // The conversation's fields are its options (model, temperature, …) as LibreChat keeps them;
      // `messages` there is a list of ObjectIds, replaced by the messages themselves.
      let mapped: ImportedConversation;
      try {
        mapped = mapLibreChatConversation({ ...doc, messages: list });
      } catch (error) {
        if (!(error instanceof SkipConversation)) throw error;
        skip('conversations', 'conversation_unreadable');
        skip('messages', 'no_conversation', list.length);
        note(`conversations: ${convoId.slice(0, 40)}: ${error.message}`);
        continue;
      }
      linkFiles(mapped, list, owner, movedFiles);
      const batch = pending.get(userId) ?? [];
      batch.push(mapped);
      pending.set(userId, batch);
      if (batch.length >= IMPORT_LIMITS.writeBatchConversations) await flush(userId);
    }
    for (const userId of [...pending.keys()]) await flush(userId);
  } finally {
    await file?.close();
  }
}

/**
 * The moved files each message lists (LibreChat's `files`, by file_id), on the message: a file not
 * moved (not found, another type) is left out, its name still in the message's text.
 */
function linkFiles(
  convo: ImportedConversation,
  docs: readonly Record<string, unknown>[],
  owner: string,
  movedFiles: MovedFiles,
): void {
  if (movedFiles.size === 0) return;
  const byMessage = new Map<string, MessageFile[]>();
  for (const doc of docs) {
    const messageId = str(doc.messageId);
    if (!messageId || !Array.isArray(doc.files)) continue;
    const listed = doc.files.flatMap((f: unknown) => {
      const id =
        typeof f === 'object' && f !== null ? str((f as Record<string, unknown>).file_id) : undefined;
      const file = id ? movedFiles.get(fileKey(owner, id)) : undefined;
      return file ? [file] : [];
    });
    if (listed.length > 0) byMessage.set(messageId, listed);
  }
  for (const m of convo.messages) {
    const listed = byMessage.get(m.sourceId);
    if (listed) m.files = listed;
  }
}

/** The report as the admin command prints it: a line per collection, then the notes. */
export function formatMoveReport(report: LibreChatMoveReport): string {
  const lines: string[] = [];
  for (const c of LIBRECHAT_COLLECTIONS) {
    const r = report.collections[c];
    const skipped = Object.entries(r.skipped) as [LibreChatSkipReason, number][];
    const total = skipped.reduce((n, [, k]) => n + k, 0);
    const why = skipped.length ? ` (${skipped.map(([reason, n]) => `${reason}: ${n}`).join(', ')})` : '';
    const missing = report.missing.includes(c) ? ` (no ${c}.json in the folder)` : '';
    lines.push(
      `${c.padEnd(14)}added ${r.added}, already there ${r.alreadyThere}, skipped ${total}${why}${missing}`,
    );
  }
  for (const n of report.notes) lines.push(`  ${n}`);
  return `${lines.join('\n')}\n`;
}
