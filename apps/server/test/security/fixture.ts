import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { isFinalEvent } from '@chat/contract';
import { passkeys } from '../../src/db/schema.js';
import { chatUser, waitFor, type ChatHarness } from '../support/chat-harness.js';
import { registerUser } from '../support/harness.js';
import { createdOf } from '../support/sse-client.js';
import { endedSessionAuthorizations } from './forged-tokens.js';
import type { Actor, SecurityFixture } from '../../src/platform/security-rules.js';

export type { SecurityFixture };

/** The admin's email: the suites' apps name it ADMIN_EMAIL, so the admin is also the operator. */
export const OPERATOR_EMAIL = 'operator@example.com';

const actorOf = (u: { user: { id: string }; token: string; cookie: string }): Actor => ({
  id: u.user.id,
  token: u.token,
  cookie: u.cookie,
});

export async function buildFixture(h: ChatHarness): Promise<SecurityFixture> {
  // The first account of a fresh install is the admin, so A and B are plain users.
  const admin = await registerUser(h.url, 'Admin', OPERATOR_EMAIL);
  if (admin.user.role !== 'ADMIN') throw new Error('the first user should be ADMIN');
  const alice = await chatUser(h, 'Alice');
  const bob = await chatUser(h, 'Bob');
  const marker = `zq${randomUUID().slice(0, 8)}`;

  const first = await alice.ask({ text: `Secret ${marker} [[fake reply="Reply ${marker}"]]` });
  const final = first.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`fixture ask failed: ${first.status} ${JSON.stringify(first.json)}`);
  const convoId = final.conversation.conversationId;
  let title = '';
  await waitFor(async () => {
    const res = await alice.api('/api/convos/gen_title', { body: { conversationId: convoId } });
    if (res.status === 200) title = ((await res.json()) as { title: string }).title;
    return res.status === 200;
  });

  // A reply that stays running: two deltas, then the upstream hangs until it is aborted.
  const running = await alice.ask(
    { text: `Still ${marker} [[fake reply="a b c d e f" hangAfter=2]]` },
    { stopAfter: 2 },
  );
  const created = createdOf(running.events[0]!);
  if (!created) throw new Error('fixture: no created event for the running reply');

  const shared = await alice.api(`/api/share/${convoId}`, { body: {} });
  if (shared.status !== 200) throw new Error(`fixture share: ${shared.status}`);
  const shareId = ((await shared.json()) as { shareId: string }).shareId;
  const tag = `Bookmark ${marker}`;
  const tagged = await alice.api('/api/tags', {
    body: { tag, addToConversation: true, conversationId: convoId },
  });
  if (tagged.status !== 200) throw new Error(`fixture tag: ${tagged.status}`);
  // Memory is on only where the suite's app turns it on (librechat.yaml's block); else 403.
  const memoryKey = `memory_${marker}`;
  const remembered = await alice.api('/api/memories', {
    body: { key: memoryKey, value: `Likes ${marker}` },
  });
  if (remembered.status !== 201 && remembered.status !== 403)
    throw new Error(`fixture memory: ${remembered.status}`);
  const prompted = await alice.api('/api/prompts', {
    body: { prompt: { prompt: `Write about ${marker}`, type: 'text' }, group: { name: `Prompt ${marker}` } },
  });
  if (prompted.status !== 200) throw new Error(`fixture prompt: ${prompted.status}`);
  const promptMade = (await prompted.json()) as { prompt: { _id: string; groupId: string } };

  // A passkey needs an authenticator to register through the API; its row is what the routes read.
  const [passkey] = await h.database.db
    .insert(passkeys)
    .values({
      userId: alice.user.user.id,
      credentialId: `fixture-${marker}`,
      publicKey: 'AA',
      name: `Passkey ${marker}`,
    })
    .returning({ id: passkeys.id });
  const passkeyId = passkey!.id;

  const preset = await alice.api('/api/presets', {
    body: { title: `Preset ${marker}`, endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.5 },
  });
  if (preset.status !== 200) throw new Error(`fixture preset: ${preset.status}`);
  const presetId = ((await preset.json()) as { presetId: string }).presetId;
  const assistant = await alice.api('/api/assistants', {
    method: 'POST',
    body: { name: `Helper ${marker}`, instructions: 'Be brief.', model: 'gpt-4o-mini' },
  });
  const assistantId = ((await assistant.json()) as { id?: string }).id;
  if (assistant.status !== 200 || !assistantId) throw new Error(`fixture: assistant ${assistant.status}`);
  const agent = await alice.api('/api/agents', {
    method: 'POST',
    body: { name: `Agent ${marker}`, instructions: 'Be brief.', provider: 'openAI', model: 'gpt-4o-mini' },
  });
  const agentId = ((await agent.json()) as { id?: string }).id;
  if (agent.status !== 200 || !agentId) throw new Error(`fixture: agent ${agent.status}`);

  const form = new FormData();
  const pixel = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(pixel)], { type: 'image/png' }), `${marker}.png`);
  form.append('file_id', randomUUID());
  const uploaded = await fetch(`${h.url}/api/files/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${alice.user.token}` },
    body: form,
  });
  if (uploaded.status !== 200) throw new Error(`fixture file: ${uploaded.status}`);
  const fileId = ((await uploaded.json()) as { file_id: string }).file_id;
  // A document of A's for file search (read in the background; its state is A's to ask).
  const docForm = new FormData();
  docForm.append('file_id', randomUUID());
  docForm.append('tool_resource', 'file_search');
  docForm.append('file', new Blob([`Notes ${marker}`], { type: 'text/plain' }), `${marker}.txt`);
  const doc = await fetch(`${h.url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${alice.user.token}` },
    body: docForm,
  });
  if (doc.status !== 200) throw new Error(`fixture document: ${doc.status}`);
  const searchFileId = ((await doc.json()) as { file_id: string }).file_id;

  const importForm = new FormData();
  const exported = {
    conversationId: randomUUID(),
    title: `Imported ${marker}`,
    endpoint: 'openAI',
    messages: [
      { messageId: randomUUID(), parentMessageId: null, sender: 'User', text: 'Hi', isCreatedByUser: true },
    ],
  };
  importForm.append(
    'file',
    new Blob([JSON.stringify(exported)], { type: 'application/json' }),
    'export.json',
  );
  const imported = await fetch(`${h.url}/api/convos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${alice.user.token}` },
    body: importForm,
  });
  if (imported.status !== 201) throw new Error(`fixture import: ${imported.status}`);
  const importJobId = ((await imported.json()) as { jobId: string }).jobId;

  return {
    admin: actorOf(admin),
    fileId,
    searchFileId,
    assistantId,
    agentId,
    importJobId,
    a: actorOf(alice.user),
    b: actorOf(bob.user),
    convoId,
    title,
    userMessageId: final.requestMessage.messageId,
    replyMessageId: final.responseMessage.messageId,
    texts: [final.requestMessage.text, final.responseMessage.text],
    runningConvoId: created.conversationId,
    presetId,
    shareId,
    tag,
    memoryKey,
    promptGroupId: promptMade.prompt.groupId,
    promptId: promptMade.prompt._id,
    passkeyId,
    marker,
    ended: await endedSessionAuthorizations(h),
  };
}

/** Stops A's running reply (call before closing the app, whose drain waits for it). */
export async function stopRunning(h: ChatHarness, f: SecurityFixture): Promise<number> {
  const res = await fetch(`${h.url}/api/ask/openAI/abort`, {
    method: 'POST',
    headers: { authorization: `Bearer ${f.a.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ abortKey: f.runningConvoId }),
  });
  await res.body?.cancel();
  return res.status;
}
