import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, IMPORT_LIMITS } from '@chat/contract';
import { chatGptConversation, flatExport, libreChatTreeExport } from '../test/fixtures.js';
import { formatOf, mapConversation, SkipConversation } from './index.js';

const skipOf = (item: unknown): SkipConversation => {
  try {
    mapConversation(item);
  } catch (err) {
    if (err instanceof SkipConversation) return err;
    throw err;
  }
  throw new Error('not skipped');
};

describe('ChatGPT conversations.json', () => {
  it('keeps user and assistant messages as a tree, branches included, passing through system and tool nodes', () => {
    const c = mapConversation(chatGptConversation());
    expect(c).toMatchObject({
      format: 'chatgpt',
      sourceId: 'c0ffee00-0000-4000-8000-000000000001',
      title: 'Trip planning',
      endpoint: 'openAI',
      model: 'gpt-4o',
    });
    expect(c.createdAt.toISOString()).toBe(new Date(1_700_000_000_000).toISOString());
    const byId = Object.fromEntries(c.messages.map((m) => [m.sourceId, m]));
    expect(Object.keys(byId).sort()).toEqual(['a1', 'a2', 'u1', 'u2']);
    expect(byId.u1).toMatchObject({ parentSourceId: null, isCreatedByUser: true, sender: 'User' });
    // Two answers under the same question: the branch survives; the tool node is skipped over.
    expect(byId.a1).toMatchObject({ parentSourceId: 'u1', sender: 'ChatGPT', model: 'gpt-4o' });
    expect(byId.a2).toMatchObject({ parentSourceId: 'u1', text: 'Try Kyoto: mild weather.' });
    // Multimodal: the text part only.
    expect(byId.u2).toMatchObject({ parentSourceId: 'a2', text: 'And in June?' });
    // Parents come before children.
    const order = c.messages.map((m) => m.sourceId);
    expect(order.indexOf('u1')).toBeLessThan(order.indexOf('a2'));
    expect(order.indexOf('a2')).toBeLessThan(order.indexOf('u2'));
  });

  it('renders code content as a fenced block', () => {
    const convo = chatGptConversation();
    (convo.mapping.a1 as { message: Record<string, unknown> }).message.content = {
      content_type: 'code',
      language: 'python',
      text: 'print(1)',
    };
    const c = mapConversation(convo);
    expect(c.messages.find((m) => m.sourceId === 'a1')!.text).toBe('```python\nprint(1)\n```');
  });

  it('cuts titles and long texts to the limits and makes text storable', () => {
    const convo = chatGptConversation(undefined, `${'T'.repeat(500)}`);
    const long = `a\u0000b${'x'.repeat(CHAT_LIMITS.maxMessageChars)}`;
    (convo.mapping.u1 as { message: Record<string, unknown> }).message.content = {
      content_type: 'text',
      parts: [long],
    };
    const c = mapConversation(convo);
    expect(c.title).toHaveLength(CHAT_LIMITS.maxTitleChars);
    const u1 = c.messages.find((m) => m.sourceId === 'u1')!;
    expect(u1.text).toHaveLength(CHAT_LIMITS.maxMessageChars);
    expect(u1.text.startsWith('a\uFFFDb')).toBe(true);
    expect(c.truncated).toBe(1);
  });

  it('skips a conversation with nothing written and reports malformed ones', () => {
    const empty = {
      title: 'Empty',
      mapping: { root: { id: 'root', message: null, parent: null, children: [] } },
    };
    expect(skipOf(empty).reason).toBe('no_messages');
    expect(skipOf({ title: 'x', mapping: { a: 'not a node' } })).toMatchObject({ reason: 'invalid' });
    expect(skipOf({ title: 'x', mapping: { a: { parent: 5, message: null } } })).toMatchObject({
      reason: 'invalid',
      detail: 'mapping.a.parent is not a string',
    });
    const badId = chatGptConversation('x'.repeat(IMPORT_LIMITS.maxSourceIdChars + 1));
    expect(skipOf(badId)).toMatchObject({ reason: 'invalid' });
  });

  it('survives a cycle in the parent links', () => {
    const convo = chatGptConversation();
    (convo.mapping.u1 as { parent: string }).parent = 'a2';
    const c = mapConversation(convo);
    expect(c.messages.length).toBeGreaterThan(0);
    const ids = new Set(c.messages.map((m) => m.sourceId));
    for (const m of c.messages) expect(m.parentSourceId === null || ids.has(m.parentSourceId)).toBe(true);
  });
});

describe('LibreChat and own JSON exports', () => {
  it('reads a recursive tree with a branch and the newer content parts', () => {
    const c = mapConversation(libreChatTreeExport());
    expect(c).toMatchObject({
      format: 'librechat',
      sourceId: '5a7e0000-0000-4000-8000-000000000002',
      title: 'Recipe ideas',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      options: { model: 'gpt-4o-mini', temperature: 0.7 },
    });
    const byId = Object.fromEntries(c.messages.map((m) => [m.sourceId, m]));
    expect(byId.m1).toMatchObject({ parentSourceId: null, isCreatedByUser: true });
    expect(byId.m2).toMatchObject({ parentSourceId: 'm1', text: 'Tomato soup: …', sender: 'GPT-4' });
    expect(byId.m3).toMatchObject({ parentSourceId: 'm1', text: 'Pumpkin soup: …' });
  });

  it('reads a sequential list linked by parentMessageId', () => {
    const c = mapConversation(flatExport());
    expect(c).toMatchObject({
      endpoint: 'anthropic',
      model: 'claude-1',
      options: { model: 'claude-1', topK: 5 },
    });
    expect(c.messages.map((m) => [m.sourceId, m.parentSourceId])).toEqual([
      ['x1', null],
      ['x2', 'x1'],
    ]);
  });

  it('drops option fields that fail the contract and never keeps an assistant thread', () => {
    const item = flatExport();
    Object.assign(item.options, { temperature: 'hot', thread_id: 'thread_1', imageDetail: 'huge' });
    const c = mapConversation(item);
    expect(c.options).toEqual({ model: 'claude-1', topK: 5 });
  });

  it('skips malformed conversations with the reason', () => {
    expect(skipOf({ title: 'x', messages: [] }).reason).toBe('no_messages');
    expect(skipOf({ title: 'x', messages: ['text'] })).toMatchObject({ reason: 'invalid' });
    expect(skipOf({ title: 'x', messages: [{ text: 'no id' }] })).toMatchObject({
      reason: 'invalid',
      detail: 'messageId is missing',
    });
    const dup = flatExport();
    dup.messages[1]!.messageId = 'x1';
    expect(skipOf(dup).detail).toMatch(/appears twice/);
    const sender = flatExport();
    (sender.messages[0] as Record<string, unknown>).sender = { evil: true };
    expect(skipOf(sender)).toMatchObject({ reason: 'invalid', detail: 'sender is not a string' });
    const many = {
      title: 'x',
      messages: Array.from({ length: IMPORT_LIMITS.maxMessagesPerConversation + 1 }, () => ({})),
    };
    expect(skipOf(many).reason).toBe('too_many_messages');
  });

  it('tells formats apart and refuses anything else', () => {
    expect(formatOf(chatGptConversation())).toBe('chatgpt');
    expect(formatOf(flatExport())).toBe('librechat');
    expect(formatOf({ title: 'x' })).toBeNull();
    expect(formatOf([1])).toBeNull();
    expect(skipOf(42).reason).toBe('unknown_format');
  });
});
