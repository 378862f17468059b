import { describe, expect, it } from 'vitest';
import { NO_PARENT, type Conversation, type Message } from '@chat/contract';
import { allBranches, currentBranch, endpointOptions, messageTree } from './collect';
import { sanitizeFileName, withExtension } from './file-name';
import { csvCell, toCsv, toJson } from './format-data';
import { toMarkdown, toText } from './format-text';
import { toWebpage } from './format-webpage';
import { DEFAULT_EXPORT_SETTINGS, recursiveSupported, withType, type ExportSettings } from './options';
import { buildPayload } from './payload';

const conversation: Conversation = {
  conversationId: 'c1',
  title: 'Soup <ideas>',
  user: 'u1',
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  temperature: 0.5,
  promptPrefix: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:01:00.000Z',
};

let clock = 0;
function msg(id: string, parent: string, text: string, user: boolean, extra: Partial<Message> = {}): Message {
  const at = new Date(Date.UTC(2024, 0, 1, 0, 0, clock++)).toISOString();
  return {
    messageId: id,
    conversationId: 'c1',
    parentMessageId: parent,
    sender: user ? 'User' : 'GPT-4',
    text,
    isCreatedByUser: user,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    error: false,
    unfinished: false,
    isEdited: false,
    finish_reason: null,
    tokenCount: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}
// q → a1 (older) and a2 (newer, with a follow-up f).
const q = msg('q', NO_PARENT, 'Soup?', true);
const a1 = msg('a1', 'q', 'Tomato', false);
const a2 = msg('a2', 'q', 'Pumpkin, "roasted"', false);
const f = msg('f', 'a2', '=SUM(A1)', true);
const messages = [q, a1, a2, f];
const at = new Date('2024-02-03T04:05:06.000Z');
const payload = (settings: Partial<ExportSettings>, leafId?: string) =>
  buildPayload({
    conversation,
    messages,
    leafId,
    settings: { ...DEFAULT_EXPORT_SETTINGS, ...settings },
    exportAt: at,
  });

describe('branches', () => {
  it('takes the branch on screen, or the newest one when none is known', () => {
    expect(currentBranch(messages, 'a1').map((m) => m.messageId)).toEqual(['q', 'a1']);
    expect(currentBranch(messages, undefined).map((m) => m.messageId)).toEqual(['q', 'a2', 'f']);
    expect(currentBranch(messages, 'gone').map((m) => m.messageId)).toEqual(['q', 'a2', 'f']);
  });

  it('lists every branch parents first and builds the tree', () => {
    expect(allBranches(messages).map((m) => m.messageId)).toEqual(['q', 'a1', 'a2', 'f']);
    const tree = messageTree(messages);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children.map((c) => c.messageId)).toEqual(['a1', 'a2']);
    expect(tree[0]!.children[1]!.children.map((c) => c.messageId)).toEqual(['f']);
  });

  it('keeps only set endpoint options', () => {
    expect(endpointOptions(conversation)).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.5,
    });
  });
});

describe('settings rules', () => {
  it('starts as a screenshot with options and the current branch, recursive', () => {
    expect(DEFAULT_EXPORT_SETTINGS).toEqual({
      type: 'screenshot',
      includeOptions: true,
      branches: false,
      recursive: true,
    });
  });

  it('turns each type’s supported choices on and the others off', () => {
    expect(withType(DEFAULT_EXPORT_SETTINGS, 'json')).toMatchObject({ includeOptions: true, branches: true });
    expect(withType(DEFAULT_EXPORT_SETTINGS, 'csv')).toMatchObject({ includeOptions: false, branches: true });
    expect(withType(DEFAULT_EXPORT_SETTINGS, 'text')).toMatchObject({
      includeOptions: true,
      branches: false,
    });
    expect(withType(DEFAULT_EXPORT_SETTINGS, 'screenshot')).toMatchObject({
      includeOptions: false,
      branches: false,
    });
    expect(recursiveSupported({ type: 'json', branches: true })).toBe(true);
    expect(recursiveSupported({ type: 'json', branches: false })).toBe(false);
    expect(recursiveSupported({ type: 'webpage', branches: true })).toBe(false);
  });
});

describe('formatters', () => {
  it('writes text with options and the current branch', () => {
    const text = toText(payload({ type: 'text', includeOptions: true }, 'a1'));
    expect(text).toBe(
      'Conversation\n########################\nconversationId: c1\nendpoint: openAI\ntitle: Soup <ideas>\n' +
        'exportAt: 2024-02-03T04:05:06.000Z\n\nOptions\n########################\nendpoint: openAI\n' +
        'model: gpt-4o-mini\ntemperature: 0.5\n\nHistory\n########################\n>> User:\nSoup?\n\n>> GPT-4:\nTomato\n\n',
    );
    expect(toText(payload({ type: 'text', includeOptions: false }))).not.toContain('Options');
  });

  it('writes markdown with escaped header values and bold senders', () => {
    const md = toMarkdown(payload({ type: 'markdown' }));
    expect(md).toContain('# Conversation\n- conversationId: c1\n');
    expect(md).toContain('- title: Soup \\<ideas\\>\n');
    expect(md).toContain('## Options\n- endpoint: openAI\n');
    expect(md).toContain('**User:**\nSoup?\n\n**GPT-4:**\nPumpkin, "roasted"\n\n**User:**\n=SUM(A1)\n\n');
    const withError = toMarkdown(
      buildPayload({
        conversation,
        messages: [q, msg('e', 'q', 'boom', false, { error: true })],
        leafId: 'e',
        settings: { ...DEFAULT_EXPORT_SETTINGS, type: 'markdown' },
        exportAt: at,
      }),
    );
    expect(withError).toContain('**GPT-4 (error):**\nboom');
  });

  it('writes csv with quoting, formula guard and every branch', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell(null)).toBe('');
    const csv = toCsv(payload({ type: 'csv', branches: true }));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toContain('"Pumpkin, ""roasted"""');
    expect(lines[4]).toContain("'=SUM(A1)");
  });

  it('writes json as a tree (recursive), a list (sequential) or the current branch', () => {
    const tree = JSON.parse(toJson(payload({ type: 'json', branches: true, recursive: true }))) as Record<
      string,
      unknown
    >;
    expect(tree).toMatchObject({
      conversationId: 'c1',
      endpoint: 'openAI',
      title: 'Soup <ideas>',
      branches: true,
      recursive: true,
    });
    expect(tree.options).toEqual({ endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.5 });
    expect(tree.messages).toBeUndefined();
    const roots = tree.messagesTree as { messageId: string; children: { messageId: string }[] }[];
    expect(roots[0]!.children.map((c) => c.messageId)).toEqual(['a1', 'a2']);

    const list = JSON.parse(toJson(payload({ type: 'json', branches: true, recursive: false }))) as Record<
      string,
      unknown
    >;
    expect((list.messages as Message[]).map((m) => m.messageId)).toEqual(['q', 'a1', 'a2', 'f']);
    expect(list.recursive).toBe(false);

    const current = JSON.parse(
      toJson(payload({ type: 'json', branches: false, includeOptions: false }, 'a1')),
    ) as Record<string, unknown>;
    expect((current.messages as Message[]).map((m) => m.messageId)).toEqual(['q', 'a1']);
    expect(current.options).toBeUndefined();
  });

  it('writes a webpage with everything escaped, no script, and branches as sections', () => {
    const evil = msg('x', 'q', '<script>alert(1)</script><img src=x onerror=alert(2)>', false);
    const html = toWebpage(
      buildPayload({
        conversation: { ...conversation, title: '</title><script>bad()</script>' },
        messages: [q, a1, evil],
        leafId: undefined,
        settings: { ...DEFAULT_EXPORT_SETTINGS, type: 'webpage', branches: true },
        exportAt: at,
      }),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain("default-src 'none'");
    expect(html.match(/<details open>/g)).toHaveLength(2);
    expect(html).toContain('Branch 2 / 2');
    const flat = toWebpage(payload({ type: 'webpage', branches: false }));
    expect(flat).not.toContain('<details');
    expect(flat.match(/<article/g)).toHaveLength(3);
  });
});

describe('file names', () => {
  it('sanitizes the title', () => {
    expect(sanitizeFileName('Soup: a/b\\c*?"<>|')).toBe('Soup_ a_b_c_');
    expect(sanitizeFileName('  ..hidden.. ')).toBe('hidden');
    expect(sanitizeFileName('CON')).toBe('_CON');
    expect(sanitizeFileName('line\nbreak\u0000')).toBe('line_break_');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName(undefined)).toBe('file');
    expect(sanitizeFileName('日本語のタイトル')).toBe('日本語のタイトル');
    expect(sanitizeFileName('x'.repeat(300))).toHaveLength(200);
    expect(sanitizeFileName(`${'x'.repeat(199)}😀`)).toHaveLength(199);
  });

  it('adds the extension once', () => {
    expect(withExtension('notes', 'md')).toBe('notes.md');
    expect(withExtension('notes.MD', 'md')).toBe('notes.MD');
    expect(withExtension('', 'png')).toBe('file.png');
  });
});
