import { describe, expect, it } from 'vitest';
import { NO_PARENT, type Message } from '@chat/contract';
import { draftMessage, placeholderId } from '../stream/messages';
import { bottomActionKind, type BottomActionInput } from './bottom-action';

function message(extra: Partial<Message>): Message {
  const fields = {
    messageId: 'm',
    conversationId: 'c1',
    parentMessageId: NO_PARENT,
    sender: 'User',
    text: 'some text',
    isCreatedByUser: true,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
  };
  return { ...draftMessage(fields), ...extra };
}

const question = message({ messageId: 'q1' });
/** A finished reply (finish reason 'stop'): nothing to continue. */
const finished = message({
  messageId: 'a1',
  parentMessageId: 'q1',
  isCreatedByUser: false,
  sender: 'GPT',
  finish_reason: 'stop',
});
/** A reply cut short (stopped, or at the length limit): it can be continued. */
const stopped = { ...finished, finish_reason: null, unfinished: true };

function kind(over: Partial<BottomActionInput>) {
  return bottomActionKind({
    generating: false,
    inStopGrace: false,
    smallScreen: false,
    latest: finished,
    parent: question,
    endpointsConfig: undefined,
    ...over,
  });
}

describe('bottom button (Stop, then Continue when supported, else Regenerate)', () => {
  it('is Stop while a reply generates', () => {
    expect(kind({ generating: true })).toBe('stop');
    expect(kind({ generating: true, latest: stopped })).toBe('stop');
  });

  it('stays Stop for the grace period after a stop, before Continue or Regenerate may show', () => {
    expect(kind({ inStopGrace: true, latest: stopped })).toBe('stop');
    expect(kind({ inStopGrace: true })).toBe('stop');
    expect(kind({ latest: stopped })).toBe('continue');
  });

  it('is Continue for a latest reply that did not finish, on an endpoint that supports it', () => {
    expect(kind({ latest: stopped })).toBe('continue');
    expect(kind({ latest: { ...stopped, finish_reason: 'length', unfinished: false } })).toBe('continue');
    // Bing is not one of the spec's Continue endpoints: Regenerate instead.
    expect(kind({ latest: { ...stopped, endpoint: 'bingAI' } })).toBe('regenerate');
  });

  it('is Regenerate for a finished reply, and for an error reply (nothing to continue)', () => {
    expect(kind({})).toBe('regenerate');
    expect(kind({ latest: { ...stopped, error: true } })).toBe('regenerate');
  });

  it('is Regenerate for a question whose reply never came', () => {
    expect(kind({ latest: question, parent: undefined })).toBe('regenerate');
  });

  it('is nothing when nothing can be regenerated', () => {
    expect(kind({ latest: undefined, parent: undefined })).toBeNull();
    // An edited reply is not regenerated, nor a reply to a reply.
    expect(kind({ latest: { ...finished, isEdited: true } })).toBeNull();
    expect(kind({ parent: { ...finished, messageId: 'q1' } })).toBeNull();
    // The streaming placeholders are not saved yet.
    expect(kind({ latest: { ...finished, messageId: placeholderId('q1') } })).toBeNull();
  });

  it('is hidden on small screens, whatever the state', () => {
    expect(kind({ smallScreen: true })).toBeNull();
    expect(kind({ smallScreen: true, latest: stopped })).toBeNull();
    expect(kind({ smallScreen: true, generating: true })).toBeNull();
    expect(kind({ smallScreen: true, inStopGrace: true })).toBeNull();
  });
});
