import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_PARENT } from '@chat/contract';
import type { MessageRow } from '../../../db/schema.js';
import type { ProviderContentPart } from '../../../providers/types.js';
import { buildHistory, buildPrompt, withoutInlineImages } from './build-prompt.js';

const conversationId = randomUUID();
const userId = randomUUID();

/** A message row as the database returns it. */
function row(text: string, parent: MessageRow | null, fields: Partial<MessageRow> = {}): MessageRow {
  const at = new Date();
  return {
    messageId: randomUUID(),
    conversationId,
    userId,
    parentMessageId: parent?.messageId ?? NO_PARENT,
    sender: fields.isCreatedByUser === false ? 'openAI' : 'User',
    text,
    isCreatedByUser: true,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    error: false,
    unfinished: false,
    isEdited: false,
    finishReason: null,
    tokenCount: null,
    plugins: null,
    files: null,
    contextMessageId: null,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}
const ai = (text: string, parent: MessageRow, fields: Partial<MessageRow> = {}) =>
  row(text, parent, { isCreatedByUser: false, ...fields });
const mapOf = (...rows: MessageRow[]) => new Map(rows.map((r) => [r.messageId, r]));
const image: ProviderContentPart = {
  type: 'image',
  url: 'data:image/png;base64,AA==',
  mediaType: 'image/png',
};

describe('buildHistory', () => {
  it('walks the branch from the root down to the leaf, leaving sibling branches out', () => {
    const q1 = row('Q1', null);
    const a1 = ai('A1', q1);
    const a1b = ai('A1 regenerated', q1);
    const q2 = row('Q2', a1);
    const q2b = row('Q2 on the other branch', a1b);
    const byId = mapOf(q2b, q2, a1b, a1, q1);
    expect(buildHistory(byId, q2.messageId)).toEqual([
      { role: 'user', content: 'Q1' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'Q2' },
    ]);
    expect(buildHistory(byId, q2b.messageId).map((m) => m.content)).toEqual([
      'Q1',
      'A1 regenerated',
      'Q2 on the other branch',
    ]);
  });

  it('starts with the promptPrefix as the system message, unless it is blank', () => {
    const q = row('Hi', null);
    expect(buildHistory(mapOf(q), q.messageId, { promptPrefix: 'Answer in French' })).toEqual([
      { role: 'system', content: 'Answer in French' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(buildHistory(mapOf(q), q.messageId, { promptPrefix: '  \n' })).toEqual([
      { role: 'user', content: 'Hi' },
    ]);
  });

  it("puts the examples' turns after the system message and before the conversation, leaving out half-written ones", () => {
    const q = row('Hi', null);
    const examples = [
      { input: { content: 'Ping' }, output: { content: 'Pong' } },
      { input: { content: 'Half' }, output: { content: '  ' } },
    ];
    expect(buildHistory(mapOf(q), q.messageId, { promptPrefix: 'Play', examples })).toEqual([
      { role: 'system', content: 'Play' },
      { role: 'user', content: 'Ping' },
      { role: 'assistant', content: 'Pong' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('leaves out failed AI replies and empty texts, but keeps a user message marked failed', () => {
    const q1 = row('Q1', null, { error: true });
    const failed = ai('{"code":"upstream_error"}', q1, { error: true });
    const empty = ai('', failed);
    const q2 = row('Q2', empty);
    expect(buildHistory(mapOf(q1, failed, empty, q2), q2.messageId)).toEqual([
      { role: 'user', content: 'Q1' },
      { role: 'user', content: 'Q2' },
    ]);
  });

  it('ends with the text to continue as an assistant message', () => {
    const q = row('Count to five', null);
    expect(buildHistory(mapOf(q), q.messageId, { continuePrefix: 'One, two,' })).toEqual([
      { role: 'user', content: 'Count to five' },
      { role: 'assistant', content: 'One, two,' },
    ]);
  });

  it('puts the attached parts after the text of the leaf user message only', () => {
    const q1 = row('First', null);
    const a1 = ai('Seen', q1);
    const q2 = row('What is this?', a1);
    expect(buildHistory(mapOf(q1, a1, q2), q2.messageId, { parts: [image] })).toEqual([
      { role: 'user', content: 'First' },
      { role: 'assistant', content: 'Seen' },
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] },
    ]);
    const blank = row('', null);
    expect(buildHistory(mapOf(blank), blank.messageId, { parts: [image] })).toEqual([
      { role: 'user', content: [image] },
    ]);
  });

  it('does not attach parts to an AI leaf, and ends on a loop in the parent links', () => {
    const q = row('Q', null);
    const a = ai('A', q);
    expect(buildHistory(mapOf(q, a), a.messageId, { parts: [image] })).toEqual([
      { role: 'user', content: 'Q' },
      { role: 'assistant', content: 'A' },
    ]);
    const x = row('X', null);
    const y = ai('Y', x);
    const looped = { ...x, parentMessageId: y.messageId };
    expect(buildHistory(mapOf(looped, y), y.messageId).map((m) => m.content)).toEqual(['X', 'Y']);
  });
});

describe('buildPrompt', () => {
  const params = { temperature: 0.5, maxOutputTokens: 100 };

  it('asks the model with the just-saved user message as the leaf, the promptPrefix and the params', () => {
    const q1 = row('Q1', null);
    const a1 = ai('A1', q1);
    const q2 = row('  Q2', a1);
    const upstream = buildPrompt(
      'gpt-4o',
      { byId: mapOf(q1, a1) },
      { requestMessage: q2, prefix: '' },
      { options: { promptPrefix: 'Be brief' }, params },
      [image],
    );
    expect(upstream).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Q1' },
        { role: 'assistant', content: 'A1' },
        { role: 'user', content: [{ type: 'text', text: '  Q2' }, image] },
      ],
      params,
    });
  });

  it("ends a continued reply's prompt with the text so far, and leaves history's map as it was", () => {
    const q = row('Write a poem', null);
    const a = ai('Roses are red', q, { unfinished: true });
    const byId = mapOf(q, a);
    const upstream = buildPrompt(
      'gpt-4o',
      { byId },
      { requestMessage: q, prefix: 'Roses are red' },
      { options: {}, params },
    );
    expect(upstream.messages).toEqual([
      { role: 'user', content: 'Write a poem' },
      { role: 'assistant', content: 'Roses are red' },
    ]);
    const fresh = row('New', a);
    buildPrompt('gpt-4o', { byId }, { requestMessage: fresh, prefix: '' }, { options: {}, params });
    expect(byId.has(fresh.messageId)).toBe(false);
  });
});

describe('inline images in the history', () => {
  it('shows the model a note instead of an image a plugin inlined in an earlier reply', () => {
    const q = row('Draw a fox', null);
    const a = row('Here it is.\n\n![a red fox](data:image/png;base64,iVBORw0KGgo=)', q, {
      isCreatedByUser: false,
    });
    const next = row('Thanks', a);
    const byId = new Map([q, a, next].map((m) => [m.messageId, m]));
    expect(buildHistory(byId, next.messageId)[1]).toEqual({
      role: 'assistant',
      content: 'Here it is.\n\n[image: a red fox]',
    });
    expect(withoutInlineImages('no image ![x](https://e.com/x.png)')).toBe(
      'no image ![x](https://e.com/x.png)',
    );
  });
});
