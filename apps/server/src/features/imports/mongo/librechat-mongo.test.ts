import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_PARENT,
  type AuthResponse,
  type Conversation,
  type FileObject,
  type Message,
  type Preset,
} from '@chat/contract';
import { messages, oauthIdentities, transactions, users } from '../../../db/schema.js';
import { createStorages } from '../../files/index.js';
import { authed, registerUser, startTestApp, type Harness } from '../../../../test/support/harness.js';
import type { FilesTarget } from './librechat-files.js';
import { formatMoveReport, libreChatId, moveFromLibreChat } from './librechat-mongo.js';

const FOLDER = join(import.meta.dirname, '../test/librechat-mongo');
const UPLOADS = join(import.meta.dirname, '../test/librechat-uploads');
const ALICE_OID = '65a0c0ffee00000000000001';
const ALICE = libreChatId('user', ALICE_OID);
const BOB = libreChatId('user', '65a0c0ffee00000000000002');
const STARTER_FILE = libreChatId('file', ALICE_OID, 'f1000000-0000-4000-8000-000000000001');

/** The store a server with this data folder reads its local files from. */
const localStore = (dir: string) =>
  createStorages({ strategy: 'local', dataDir: dir }, { endpoints: [] }).get('local')!;

let h: Harness;
let dataDir: string;
let target: FilesTarget;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'librechat-move-'));
  h = await startTestApp({ checkBalance: true, startBalance: 20_000, files: { strategy: 'local', dataDir } });
  target = { uploads: UPLOADS, storage: localStore(dataDir) };
});
afterAll(async () => {
  await h.close();
  await rm(dataDir, { recursive: true, force: true });
});

const login = (email: string, password: string) =>
  fetch(`${h.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
const hashOf = async (id: string) =>
  (await h.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash;

describe('moving a LibreChat server from its mongoexport files', () => {
  it('moves accounts, conversation trees, presets and balances, and a second run adds nothing', async () => {
    // An account made here before the move: LibreChat's account of that address is not merged in.
    await registerUser(h.url, 'Dave Here', 'dave@example.com');

    const first = await moveFromLibreChat(h.database.db, FOLDER, target);
    expect(first.missing).toEqual([]);
    expect(first.collections).toEqual({
      users: { added: 3, alreadyThere: 0, skipped: { email_taken: 1, invalid: 1 } },
      files: {
        added: 1,
        alreadyThere: 0,
        skipped: { file_not_found: 3, invalid: 1, owner_not_moved: 1, unsupported_file: 1 },
      },
      conversations: { added: 3, alreadyThere: 0, skipped: { owner_not_moved: 1, temporary: 1 } },
      messages: {
        added: 8,
        alreadyThere: 0,
        skipped: { owner_not_moved: 1, no_conversation: 1, temporary: 1, unreadable: 1 },
      },
      presets: { added: 2, alreadyThere: 0, skipped: { owner_not_moved: 1 } },
      balances: { added: 2, alreadyThere: 0, skipped: { owner_not_moved: 1 } },
      transactions: { added: 3, alreadyThere: 0, skipped: { invalid: 1, owner_not_moved: 1 } },
    });
    expect(first.notes).toEqual([
      'users: dave@example.com already has an account here that was not moved from LibreChat',
      `files: f3000000-0000-4000-8000-000000000003: /images/${ALICE_OID}/f3000000-0000-4000-8000-000000000003__gone.webp is not in the uploads folder`,
      "files: f4000000-0000-4000-8000-000000000004: kept in LibreChat's s3 storage, not on its disk",
      'files: f5000000-0000-4000-8000-000000000005: its filepath leaves the uploads folder',
      'messages.json line 12: not a JSON object',
    ]);

    const moved = await h.database.db
      .select({
        email: users.email,
        name: users.name,
        username: users.username,
        role: users.role,
        avatar: users.avatar,
        provider: users.provider,
        emailVerified: users.emailVerified,
      })
      .from(users)
      .where(eq(users.provider, 'google'));
    expect(moved).toEqual([
      {
        email: 'carol@example.com',
        name: 'Carol Chen',
        username: null,
        role: 'USER',
        avatar: 'https://lh3.googleusercontent.com/a/carol',
        provider: 'google',
        emailVerified: true,
      },
    ]);
    const identities = await h.database.db
      .select({
        userId: oauthIdentities.userId,
        provider: oauthIdentities.provider,
        subject: oauthIdentities.subject,
      })
      .from(oauthIdentities);
    expect(identities).toEqual([
      {
        userId: libreChatId('user', '65a0c0ffee00000000000003'),
        provider: 'google',
        subject: '104200000000000000001',
      },
    ]);

    const second = await moveFromLibreChat(h.database.db, FOLDER, target);
    expect(second.collections).toEqual({
      users: { added: 0, alreadyThere: 3, skipped: { email_taken: 1, invalid: 1 } },
      files: {
        added: 0,
        alreadyThere: 1,
        skipped: { file_not_found: 3, invalid: 1, owner_not_moved: 1, unsupported_file: 1 },
      },
      conversations: { added: 0, alreadyThere: 3, skipped: { owner_not_moved: 1, temporary: 1 } },
      messages: {
        added: 0,
        alreadyThere: 8,
        skipped: { owner_not_moved: 1, no_conversation: 1, temporary: 1, unreadable: 1 },
      },
      presets: { added: 0, alreadyThere: 2, skipped: { owner_not_moved: 1 } },
      balances: { added: 0, alreadyThere: 2, skipped: { owner_not_moved: 1 } },
      transactions: { added: 0, alreadyThere: 3, skipped: { invalid: 1, owner_not_moved: 1 } },
    });
    expect(formatMoveReport(second).split('\n').slice(0, 7)).toEqual([
      'users         added 0, already there 3, skipped 2 (email_taken: 1, invalid: 1)',
      'files         added 0, already there 1, skipped 6 (unsupported_file: 1, file_not_found: 3, owner_not_moved: 1, invalid: 1)',
      'conversations added 0, already there 3, skipped 2 (owner_not_moved: 1, temporary: 1)',
      'messages      added 0, already there 8, skipped 4 (owner_not_moved: 1, no_conversation: 1, temporary: 1, unreadable: 1)',
      'presets       added 0, already there 2, skipped 1 (owner_not_moved: 1)',
      'balances      added 0, already there 2, skipped 1 (owner_not_moved: 1)',
      'transactions  added 0, already there 3, skipped 2 (owner_not_moved: 1, invalid: 1)',
    ]);
    // The file's bytes were copied once: the second run wrote no second copy.
    expect(await readdir(join(dataDir, 'uploads', 'images', ALICE))).toEqual([`${STARTER_FILE}.png`]);
  });

  it('signs a moved account in with its LibreChat password, then keeps only this product’s hash', async () => {
    expect(await hashOf(ALICE)).toMatch(/^\$2b\$10\$/);
    expect((await login('alice@example.com', 'not-her-password')).status).toBe(401);
    expect(await hashOf(ALICE)).toMatch(/^\$2b\$10\$/);

    const ok = await login('alice@example.com', 'alice-password-1');
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as AuthResponse;
    expect(body.user).toMatchObject({ email: 'alice@example.com', name: 'Alice Archer', role: 'ADMIN' });
    expect(await hashOf(ALICE)).toMatch(/^\$argon2id\$/);

    // Afterwards the same password goes through this product's own check; a wrong one still fails.
    expect((await login('alice@example.com', 'alice-password-1')).status).toBe(200);
    expect((await login('alice@example.com', 'alice-password-2')).status).toBe(401);
    // A `$2a$` hash (LibreChat's older bcrypt) is read too.
    expect((await login('bob@example.com', 'bob-secret-22')).status).toBe(200);
    expect(await hashOf(BOB)).toMatch(/^\$argon2id\$/);
    // The account without a password (Google) cannot be signed in with one.
    expect((await login('carol@example.com', 'anything-at-all')).status).toBe(401);
    // Dave's LibreChat password does not open the account made here.
    expect((await login('dave@example.com', 'dave-password-3')).status).toBe(401);
  });

  it('gives each owner their conversations with the message tree, presets and balance', async () => {
    const token = ((await (await login('alice@example.com', 'alice-password-1')).json()) as AuthResponse)
      .token;
    const api = authed(h.url, token);

    const page = (await (await api('/api/convos')).json()) as { conversations: Conversation[] };
    expect(page.conversations).toHaveLength(1);
    const convo = page.conversations[0]!;
    expect(convo).toMatchObject({
      title: 'Sourdough starter help',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.3,
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-01T10:15:00.000Z',
    });

    const list = (await (await api(`/api/messages/${convo.conversationId}`)).json()) as Message[];
    const byText = new Map(list.map((m) => [m.text, m]));
    const root = list.find((m) => m.text.startsWith('My starter smells like acetone. Is it dead?'))!;
    expect(root.parentMessageId).toBe(NO_PARENT);
    // The image found in LibreChat's uploads is the message's file; the one not found is only named.
    expect(root.files).toEqual([
      {
        file_id: STARTER_FILE,
        filepath: `/api/files/download/${STARTER_FILE}`,
        type: 'image/png',
        width: 8,
        height: 6,
      },
    ]);
    expect(root.text).toContain('gone.webp');
    expect(root.isCreatedByUser).toBe(true);
    // Two replies to the first message: the branch LibreChat kept.
    const replies = list.filter((m) => m.parentMessageId === root.messageId).map((m) => m.text);
    expect(replies.sort()).toEqual([
      'Acetone means it ran out of food; it is alive.',
      'No: it is hungry. Feed it twice a day.',
    ]);
    const second = byText.get('How much flour per feeding?')!;
    expect(second.parentMessageId).toBe(
      byText.get('Acetone means it ran out of food; it is alive.')!.messageId,
    );
    expect(byText.get('Equal weights of starter, flour and water.')).toMatchObject({
      parentMessageId: second.messageId,
      sender: 'GPT-4o',
      model: 'gpt-4o',
      createdAt: '2024-05-01T10:15:00.000Z',
    });

    const presets = (await (await api('/api/presets')).json()) as Preset[];
    expect(presets.map((p) => [p.title, p.endpoint, p.model, p.defaultPreset ?? false])).toEqual([
      ['Careful baker', 'openAI', 'gpt-4o', true],
      ['Claude, terse', 'anthropic', 'claude-3-5-sonnet-20241022', false],
    ]);
    expect(presets[0]).toMatchObject({ temperature: 0.2, promptPrefix: 'You are a patient baking teacher.' });
    expect(await (await api('/api/balance')).json()).toBe(50_000);

    const files = (await (await api('/api/files')).json()) as FileObject[];
    expect(files).toMatchObject([
      { file_id: STARTER_FILE, filename: 'starter.png', type: 'image/png', bytes: 95, width: 8, height: 6 },
    ]);
    expect(files[0]!.createdAt).toBe('2024-05-01T09:59:50.000Z');
    const download = await api(`/api/files/download/${STARTER_FILE}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(
      await readFile(
        join(UPLOADS, 'images', ALICE_OID, 'f1000000-0000-4000-8000-000000000001__my%20starter.png'),
      ),
    );

    // LibreChat's transactions are history: listed as moved, the balance left as LibreChat had it.
    const history = await h.database.db
      .select({
        kind: transactions.kind,
        tokenType: transactions.tokenType,
        amount: transactions.amount,
        balanceAfter: transactions.balanceAfter,
        model: transactions.model,
        promptTokens: transactions.promptTokens,
        completionTokens: transactions.completionTokens,
        context: transactions.context,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(eq(transactions.userId, ALICE))
      .orderBy(asc(transactions.createdAt));
    expect(history.filter((t) => t.kind === 'moved')).toEqual([
      {
        kind: 'moved',
        tokenType: 'credits',
        amount: 1000,
        balanceAfter: null,
        model: null,
        promptTokens: null,
        completionTokens: null,
        context: 'autoRefill',
        createdAt: new Date('2024-05-01T09:50:00.000Z'),
      },
      {
        kind: 'moved',
        tokenType: 'prompt',
        amount: -300,
        balanceAfter: null,
        model: 'gpt-4o',
        promptTokens: 120,
        completionTokens: null,
        context: 'message',
        createdAt: new Date('2024-05-01T10:01:00.000Z'),
      },
      {
        kind: 'moved',
        tokenType: 'completion',
        amount: -400,
        balanceAfter: null,
        model: 'gpt-4o',
        promptTokens: null,
        completionTokens: 40,
        context: 'message',
        createdAt: new Date('2024-05-01T10:01:01.000Z'),
      },
    ]);

    const bobToken = ((await (await login('bob@example.com', 'bob-secret-22')).json()) as AuthResponse).token;
    const bob = authed(h.url, bobToken);
    const bobs = (await (await bob('/api/convos')).json()) as { conversations: Conversation[] };
    // LibreChat's conversation ids are unique per owner: Bob's has the same id as Alice's.
    expect(bobs.conversations.map((c) => [c.title, c.endpoint])).toEqual([
      ['Trip to Lisbon', 'anthropic'],
      ["Bob's starter", 'openAI'],
    ]);
    const bobsStarter = (await (
      await bob(`/api/messages/${bobs.conversations[1]!.conversationId}`)
    ).json()) as Message[];
    expect(bobsStarter.map((m) => m.text)).toEqual(['Bob asks about his own starter.']);
    const bobMessages = (await (
      await bob(`/api/messages/${bobs.conversations[0]!.conversationId}`)
    ).json()) as Message[];
    expect(bobMessages.map((m) => [m.text, m.unfinished ?? false])).toEqual([
      ['Three days in Lisbon: what should I see?', false],
      ['Alfama, Belém and a day trip to Sintra.', true],
    ]);
    // LibreChat's balance below zero starts at zero here: nothing is spent that is not there.
    expect(await (await bob('/api/balance')).json()).toBe(0);
    expect(await (await bob('/api/presets')).json()).toEqual([]);
  });
});

describe('moving LibreChat files on a later run', () => {
  it('links files found by a run with --uploads to messages an earlier run moved without them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'librechat-move-late-'));
    const app = await startTestApp({ files: { strategy: 'local', dataDir: dir } });
    try {
      const first = await moveFromLibreChat(app.database.db, FOLDER);
      expect(first.collections.files).toEqual({
        added: 0,
        alreadyThere: 0,
        skipped: { file_not_found: 5, owner_not_moved: 1, invalid: 1 },
      });
      const rootFiles = async () =>
        (
          await app.database.db
            .select({ files: messages.files })
            .from(messages)
            .where(eq(messages.userId, ALICE))
            .orderBy(asc(messages.createdAt))
            .limit(1)
        )[0]?.files;
      expect(await rootFiles()).toBeNull();

      const later = await moveFromLibreChat(app.database.db, FOLDER, {
        uploads: UPLOADS,
        storage: localStore(dir),
      });
      expect(later.collections.files.added).toBe(1);
      expect(later.collections.messages.added).toBe(0);
      expect(await rootFiles()).toEqual([
        {
          file_id: STARTER_FILE,
          filepath: `/api/files/download/${STARTER_FILE}`,
          type: 'image/png',
          width: 8,
          height: 6,
        },
      ]);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
