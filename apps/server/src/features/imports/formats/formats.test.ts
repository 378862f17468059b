import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, IMPORT_LIMITS } from '@chat/contract';
import {
  chatGptConversation,
  chatGptToolsConversation,
  flatExport,
  libreChatOneBranchExport,
  libreChatRecursiveExport,
  libreChatTreeExport,
} from '../test/fixtures.js';
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
  it('keeps every shown message as a tree, branches included, passing through hidden and empty nodes', () => {
    const c = mapConversation(chatGptConversation());
    expect(c).toMatchObject({
      format: 'chatgpt',
      sourceId: 'c0ffee00-0000-4000-8000-000000000001',
      title: 'Trip planning',
      endpoint: 'openAI',
      model: 'gpt-4o',
      skippedParts: {},
    });
    expect(c.createdAt.toISOString()).toBe(new Date(1_700_000_000_000).toISOString());
    const byId = Object.fromEntries(c.messages.map((m) => [m.sourceId, m]));
    expect(Object.keys(byId).sort()).toEqual(['a1', 'a2', 'tool1', 'u1', 'u2']);
    expect(byId.u1).toMatchObject({ parentSourceId: null, isCreatedByUser: true, sender: 'User' });
    // Two answers under the same question: the branch survives; the tool's result is a message.
    expect(byId.a1).toMatchObject({ parentSourceId: 'u1', sender: 'ChatGPT', model: 'gpt-4o' });
    expect(byId.tool1).toMatchObject({ parentSourceId: 'u1', sender: 'Tool', isCreatedByUser: false });
    expect(byId.a2).toMatchObject({ parentSourceId: 'tool1', text: 'Try Kyoto: mild weather.' });
    // Multimodal: the image the export points to, then the text.
    expect(byId.u2).toMatchObject({
      parentSourceId: 'a2',
      text: '🖼️ `file-service://x` (800×600)\n\nAnd in June?',
    });
    // Parents come before children.
    const order = c.messages.map((m) => m.sourceId);
    expect(order.indexOf('u1')).toBeLessThan(order.indexOf('a2'));
    expect(order.indexOf('a2')).toBeLessThan(order.indexOf('u2'));
  });

  it('shows tool calls and results, images and attachments, and counts what it cannot show', () => {
    const c = mapConversation(chatGptToolsConversation());
    const byId = Object.fromEntries(c.messages.map((m) => [m.sourceId, m]));
    // The hidden custom instructions, the empty search result and the widget are not messages.
    expect(Object.keys(byId).sort()).toEqual(['a1', 'a2', 'a4', 'a5', 't1', 'u1']);
    // The image once (its attachment entry is the same file), the other attachment by name.
    expect(byId.u1!.text).toBe(
      '🖼️ `file-service://file-Crumb01` (640×480)\n\n' +
        'How much flour is in this recipe? Plot the hydration too.\n\n📎 `sourdough.pdf`',
    );
    expect(byId.a1).toMatchObject({
      parentSourceId: 'u1',
      sender: 'ChatGPT',
      text: '🛠️ `python`\n```\nflour = 500\nwater = 375\nprint(water / flour)\n```',
    });
    expect(byId.t1).toMatchObject({ parentSourceId: 'a1', sender: 'python', text: '```\n0.75\n```' });
    expect(byId.a2!.text).toBe(
      '🛠️ `web.run`\n```json\n{\n  "search_query": [\n    {\n      "q": "sourdough hydration"\n    }\n  ]\n}\n```',
    );
    expect(byId.a4!.parentSourceId).toBe('a2');
    expect(c.skippedParts).toEqual({ hidden: 1, unsupported_content: 1 });
  });

  it('shows the prompt under an image the model made, and counts per message what it left out', () => {
    const convo = chatGptToolsConversation();
    const t1 = (convo.mapping.t1 as { message: Record<string, unknown> }).message;
    t1.author = { role: 'tool', name: 'dalle.text2im', metadata: {} };
    t1.content = {
      content_type: 'multimodal_text',
      parts: [
        {
          content_type: 'image_asset_pointer',
          asset_pointer: 'sediment://file_loaf',
          width: 1024,
          height: 1024,
          metadata: { dalle: { prompt: 'A crusty loaf\non a board' } },
        },
        { content_type: 'hologram' },
      ],
    };
    const c = mapConversation(convo);
    const made = c.messages.find((m) => m.sourceId === 't1')!;
    expect(made).toMatchObject({
      sender: 'dalle.text2im',
      text: '🖼️ `sediment://file_loaf` (1024×1024)\n> A crusty loaf\n> on a board',
      skippedParts: { unsupported_content: 1 },
      truncated: false,
    });
    expect(c.messages.find((m) => m.sourceId === 'u1')!.skippedParts).toEqual({});
    // The conversation's count: its messages' and the hidden instructions (no message).
    expect(c.skippedParts).toEqual({ hidden: 1, unsupported_content: 2 });
  });

  it('turns citation marks into links to their sources, or removes them', () => {
    const c = mapConversation(chatGptToolsConversation());
    const byId = Object.fromEntries(c.messages.map((m) => [m.sourceId, m]));
    // The newer private-use form (its source from the search's results) and the form whose
    // private-use characters were lost (its source no http page: the mark goes).
    expect(byId.a4!.text).toBe(
      'The recipe uses 500 g of flour, a 75% hydration ([Hydration explained](https://bakers.example/hydration)). ' +
        'Bakers call that a wet dough.',
    );
    // The older form: the source of its message's citations, else nothing.
    expect(byId.a5!.text).toBe(
      'Rest it overnight ([Overnight \\[cold\\] proof](https://bakers.example/proof)) and bake hot.',
    );
    for (const m of c.messages) expect(m.text).not.toMatch(/[\uE200-\uE206【】]|citeturn/);
    // A mark removed mid-sentence leaves one space.
    const a5 = (convo: ReturnType<typeof chatGptToolsConversation>) =>
      (convo.mapping.a5 as { message: Record<string, unknown> }).message;
    const mid = chatGptToolsConversation();
    a5(mid).content = {
      content_type: 'text',
      parts: ['Bake citeturn9search9 hot \uE200cite\uE202turn9news1\uE201 today'],
    };
    expect(mapConversation(mid).messages.find((m) => m.sourceId === 'a5')!.text).toBe('Bake hot today');
  });

  it('resolves citations through the content references of the reply, and entity marks to their name', () => {
    const convo = chatGptToolsConversation();
    const a4 = (convo.mapping.a4 as { message: Record<string, unknown> }).message;
    const mark = '\uE200cite\uE202turn2news7\uE202turn2news8\uE201';
    a4.content = {
      content_type: 'text',
      parts: [
        `Rye is thirstier ${mark}; ask \uE200entity\uE202["people","Ada Baker"]\uE201 \uE200navlist\uE202x\uE201`,
      ],
    };
    a4.metadata = {
      content_references: [
        {
          matched_text: mark,
          type: 'grouped_webpages',
          items: [
            { title: 'Rye notes', url: 'https://rye.example/a' },
            { title: 'Rye notes again', url: 'https://rye.example/a' },
            { title: 'Flour (types)', url: 'https://flour.example/b c' },
          ],
        },
      ],
    };
    const text = mapConversation(convo).messages.find((m) => m.sourceId === 'a4')!.text;
    expect(text).toBe(
      'Rye is thirstier ([Rye notes](https://rye.example/a), [Flour (types)](https://flour.example/b%20c)); ask Ada Baker',
    );
  });

  it('takes the first message time for a conversation without its own, and the last for its update', () => {
    const c = mapConversation(chatGptToolsConversation());
    expect(c.createdAt.toISOString()).toBe(new Date(1_710_000_010_000).toISOString());
    expect(c.updatedAt.toISOString()).toBe(new Date(1_710_000_017_000).toISOString());
    const withTime = { ...chatGptToolsConversation(), create_time: 1_700_000_000 };
    expect(mapConversation(withTime).createdAt.toISOString()).toBe(new Date(1_700_000_000_000).toISOString());
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

  it("reads LibreChat's recursive export: the whole tree under messages, every root and branch", () => {
    const c = mapConversation(libreChatRecursiveExport());
    expect(c).toMatchObject({ format: 'librechat', endpoint: 'agents', title: 'Garden planning' });
    expect(c.messages.map((m) => [m.sourceId, m.parentSourceId])).toEqual([
      ['g1', null],
      ['g2', 'g1'],
      ['g3', 'g2'],
      ['g4', 'g3'],
      ['g5', 'g3'],
      ['g6', null],
      ['g7', 'g6'],
    ]);
    expect(c.createdAt.toISOString()).toBe('2024-06-01T12:00:01.000Z');
    expect(c.updatedAt.toISOString()).toBe('2024-06-01T12:00:07.000Z');
  });

  it('shows the content parts of an agent reply: reasoning, tool call and output, images, files', () => {
    const c = mapConversation(libreChatRecursiveExport());
    expect(c.messages.find((m) => m.sourceId === 'g5')!.text).toBe(
      [
        '> 💭 The person wants food plants.',
        '🛠️ `plant_lookup`\n```json\n{\n  "light": "shade",\n  "edible": true\n}\n```',
        '```\nchard, parsley\n```',
        'Try chard and parsley.',
        '🖼️ `https://garden.example/chard.png`',
        '📎 `bed-layout.csv`',
      ].join('\n\n'),
    );
    expect(c.skippedParts).toEqual({});
    const unknown = libreChatRecursiveExport();
    const g1 = unknown.messages[0] as Record<string, unknown>;
    g1.content = [
      { type: 'hologram', hologram: {} },
      { type: 'text', text: 'What grows in shade?' },
    ];
    const mapped = mapConversation(unknown);
    expect(mapped.skippedParts).toEqual({ unsupported_content: 1 });
    expect(mapped.messages[0]!.text).toBe('What grows in shade?');
  });

  it("reads LibreChat's one-branch list and a tree whose single root is an object", () => {
    const c = mapConversation(libreChatOneBranchExport());
    expect(c.messages.map((m) => [m.sourceId, m.parentSourceId])).toEqual([
      ['p1', null],
      ['p2', 'p1'],
      ['p3', 'p2'],
      ['p4', 'p3'],
    ]);
    const tree = libreChatRecursiveExport();
    const single = { ...tree, messages: undefined, messagesTree: tree.messages[0] };
    expect(formatOf(single)).toBe('librechat');
    expect(mapConversation(single).messages.map((m) => m.sourceId)).toEqual(['g1', 'g2', 'g3', 'g4', 'g5']);
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
