import { describe, expect, it } from 'vitest';
import { IDLE, isActive, reduce, type StreamAction, type StreamState } from './machine';

const run = (actions: StreamAction[], from: StreamState = IDLE) => actions.reduce(reduce, from);
const submit: StreamAction = {
  type: 'submit',
  conversationId: null,
  requestMessageId: 'u',
  targetMessageId: 'u_',
};

describe('stream state machine', () => {
  it('goes idle → submitting → streaming → done', () => {
    const s1 = reduce(IDLE, submit);
    expect(s1.phase).toBe('submitting');
    const s2 = reduce(s1, { type: 'created', conversationId: 'c', requestMessageId: 'u' });
    expect(s2).toMatchObject({ phase: 'streaming', conversationId: 'c' });
    expect(isActive(s2)).toBe(true);
    const s3 = reduce(s2, { type: 'final', requestMessageId: 'u', targetMessageId: 'r' });
    expect(s3).toMatchObject({ phase: 'done', targetMessageId: 'r' });
    expect(isActive(s3)).toBe(false);
  });

  it('ends in error from submitting or streaming', () => {
    const err = { code: 'network_error', message: 'Error connecting to server' };
    expect(run([submit, { type: 'error', error: err }])).toMatchObject({ phase: 'error', error: err });
  });

  it('ignores a second submit while active and events after the end', () => {
    const active = run([submit]);
    expect(reduce(active, { ...submit, requestMessageId: 'other' })).toBe(active);
    const done = run([submit, { type: 'final', requestMessageId: 'u', targetMessageId: 'r' }]);
    expect(reduce(done, { type: 'error', error: { code: 'x', message: 'y' } })).toBe(done);
    expect(reduce(done, { type: 'created', conversationId: 'z', requestMessageId: 'u' })).toBe(done);
  });

  it('stops with a timestamp for the grace period', () => {
    const s = run([submit, { type: 'stop' }]);
    expect(s.stopping).toBe(true);
    expect(reduce(s, { type: 'stopped', at: 5 })).toMatchObject({
      phase: 'done',
      stoppedAt: 5,
      stopping: false,
    });
  });

  it('resets only when not active', () => {
    expect(reduce(run([submit]), { type: 'reset' }).phase).toBe('submitting');
    expect(reduce(run([submit, { type: 'stopped', at: 1 }]), { type: 'reset' })).toBe(IDLE);
  });

  it('joins a running reply straight into streaming, unless a stream is already active', () => {
    const resumed: StreamAction = {
      type: 'resumed',
      conversationId: 'c',
      requestMessageId: 'u',
      targetMessageId: 'r',
    };
    const s = reduce(IDLE, resumed);
    expect(s).toMatchObject({ phase: 'streaming', conversationId: 'c', targetMessageId: 'r' });
    expect(reduce(s, { type: 'final', requestMessageId: 'u', targetMessageId: 'r' }).phase).toBe('done');
    const active = run([submit]);
    expect(reduce(active, resumed)).toBe(active);
    const stopped = run([submit, { type: 'stopped', at: 1 }]);
    expect(reduce(stopped, resumed)).toMatchObject({ phase: 'streaming', stoppedAt: null });
  });
});
