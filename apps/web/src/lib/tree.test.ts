import { describe, expect, it } from 'vitest';
import { NO_PARENT, type Message } from '@chat/contract';
import { ancestry, childrenByParent, resolveSiblingIndex, stepSibling, visiblePath } from './tree';

let clock = 0;
function msg(id: string, parent: string, extra: Partial<Message> = {}): Message {
  clock += 1000;
  return {
    messageId: id,
    conversationId: 'c',
    parentMessageId: parent,
    sender: 'User',
    text: id,
    isCreatedByUser: true,
    endpoint: null,
    model: null,
    error: false,
    unfinished: false,
    isEdited: false,
    finish_reason: null,
    tokenCount: null,
    createdAt: new Date(clock).toISOString(),
    updatedAt: new Date(clock).toISOString(),
    ...extra,
  };
}

describe('message tree', () => {
  const u1 = msg('u1', NO_PARENT);
  const a1 = msg('a1', 'u1');
  const a1b = msg('a1b', 'u1');
  const u2 = msg('u2', 'a1b');
  const u1b = msg('u1b', NO_PARENT);
  const all = [u1, a1, a1b, u2, u1b];

  it('groups children by parent in createdAt order', () => {
    const map = childrenByParent([a1b, u1, a1]);
    expect(map.get('u1')!.map((m) => m.messageId)).toEqual(['a1', 'a1b']);
    expect(map.get(NO_PARENT)!.map((m) => m.messageId)).toEqual(['u1']);
  });

  it('follows the newest sibling by default', () => {
    const path = visiblePath(all, {});
    expect(path.map((p) => p.message.messageId)).toEqual(['u1b']);
    expect(path[0]).toMatchObject({ index: 1, siblingCount: 2, parentKey: NO_PARENT });
  });

  it('follows the selected sibling at each level', () => {
    const path = visiblePath(all, { [NO_PARENT]: { index: 0, count: 2 } });
    expect(path.map((p) => p.message.messageId)).toEqual(['u1', 'a1b', 'u2']);
    const older = visiblePath(all, { [NO_PARENT]: { index: 0, count: 2 }, u1: { index: 0, count: 2 } });
    expect(older.map((p) => p.message.messageId)).toEqual(['u1', 'a1']);
  });

  it('resets to the newest when the sibling count changes', () => {
    expect(resolveSiblingIndex({ index: 0, count: 2 }, 2)).toBe(0);
    expect(resolveSiblingIndex({ index: 0, count: 2 }, 3)).toBe(2);
    expect(resolveSiblingIndex(undefined, 4)).toBe(3);
  });

  it('steps between siblings within bounds', () => {
    const entry = { parentKey: 'u1', index: 1, siblingCount: 2 };
    expect(stepSibling({}, entry, -1)).toEqual({ u1: { index: 0, count: 2 } });
    expect(stepSibling({}, entry, +1)).toEqual({ u1: { index: 1, count: 2 } });
  });

  it('treats orphans as roots and survives cycles', () => {
    const orphan = msg('o', 'missing');
    expect(visiblePath([orphan], {}).map((p) => p.message.messageId)).toEqual(['o']);
    const x = msg('x', 'y');
    const y = msg('y', 'x');
    expect(visiblePath([x, y], {})).toEqual([]);
  });

  it('lists the ancestry of a message', () => {
    expect(ancestry(all, 'u2')).toEqual(['u1', 'a1b', 'u2']);
    expect(ancestry(all, 'nope')).toEqual([]);
  });
});
