/**
 * The life of one reply: idle → submitting (request sent) → streaming (created received) →
 * done | error. A reply joined after a reload goes idle → streaming (resumed received). Text is not held here (it lives in the messages cache); this is the control state
 * the UI reads (send vs stop button, cursor, disabled actions).
 */
type StreamPhase = 'idle' | 'submitting' | 'streaming' | 'done' | 'error';

export interface StreamError {
  code: string;
  message: string;
}

export interface StreamState {
  phase: StreamPhase;
  conversationId: string | null;
  /** The user message the reply answers. */
  requestMessageId: string | null;
  /** The message receiving the text (the placeholder, or the continued message). */
  targetMessageId: string | null;
  /** A stop was asked for and is in flight. */
  stopping: boolean;
  /** When the stream ended by a stop (for the stop button's grace period), else null. */
  stoppedAt: number | null;
  error: StreamError | null;
}

export type StreamAction =
  | { type: 'submit'; conversationId: string | null; requestMessageId: string; targetMessageId: string }
  | { type: 'created'; conversationId: string; requestMessageId: string }
  /** This tab joined a reply already running on the server (reload, another tab). */
  | { type: 'resumed'; conversationId: string; requestMessageId: string; targetMessageId: string }
  | { type: 'final'; requestMessageId: string; targetMessageId: string }
  | { type: 'error'; error: StreamError }
  | { type: 'stop' }
  | { type: 'stopped'; at: number }
  | { type: 'reset' };

export const IDLE: StreamState = Object.freeze({
  phase: 'idle',
  conversationId: null,
  requestMessageId: null,
  targetMessageId: null,
  stopping: false,
  stoppedAt: null,
  error: null,
});

export function isActive(state: StreamState): boolean {
  return state.phase === 'submitting' || state.phase === 'streaming';
}

export function reduce(state: StreamState, action: StreamAction): StreamState {
  switch (action.type) {
    case 'submit':
      if (isActive(state)) return state; // one reply at a time per conversation
      return {
        ...IDLE,
        phase: 'submitting',
        conversationId: action.conversationId,
        requestMessageId: action.requestMessageId,
        targetMessageId: action.targetMessageId,
      };
    case 'created':
      if (state.phase !== 'submitting') return state;
      return {
        ...state,
        phase: 'streaming',
        conversationId: action.conversationId,
        requestMessageId: action.requestMessageId,
      };
    case 'resumed':
      if (isActive(state)) return state;
      return {
        ...IDLE,
        phase: 'streaming',
        conversationId: action.conversationId,
        requestMessageId: action.requestMessageId,
        targetMessageId: action.targetMessageId,
      };
    case 'final':
      if (!isActive(state)) return state;
      return {
        ...state,
        phase: 'done',
        requestMessageId: action.requestMessageId,
        targetMessageId: action.targetMessageId,
        stopping: false,
      };
    case 'error':
      if (!isActive(state)) return state;
      return { ...state, phase: 'error', error: action.error, stopping: false };
    case 'stop':
      if (!isActive(state)) return state;
      return { ...state, stopping: true };
    case 'stopped':
      if (!isActive(state)) return state;
      return { ...state, phase: 'done', stopping: false, stoppedAt: action.at };
    case 'reset':
      return isActive(state) ? state : IDLE;
  }
}
