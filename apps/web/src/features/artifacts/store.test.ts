import { describe, expect, it } from 'vitest';
import type { Message } from '@chat/contract';
import { savedEntries, versionsOf } from './store';

describe('versionsOf', () => {
  it('counts a reply drawn under one id and saved under another once', () => {
    const text = ':::artifact{identifier="x" type="text/html" title="X"}\n```\n<p>1</p>\n```\n:::';
    const saved = savedEntries([{ messageId: 'saved-id', text, isCreatedByUser: false } as Message]);
    const drawnEntry = { ...saved[0]!, messageId: 'stream-id', key: 'stream-id:0' };
    const versions = versionsOf('x', saved, new Map([[drawnEntry.key, drawnEntry]]));
    expect(versions.map((v) => v.key)).toEqual(['saved-id:0']);
  });
});
