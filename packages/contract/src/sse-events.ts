import type {
  CreatedEvent,
  ErrorEvent,
  FinalEvent,
  PluginsEvent,
  ResumedEvent,
  StreamEvent,
} from './sse-schemas.js';

// Which event of the reply stream an event is, once parsed (sse-schemas.ts); zod-free, so the browser's
// first paint does not load the schemas it parses events with.

export function isCreatedEvent(e: StreamEvent): e is CreatedEvent {
  return 'created' in e && e.created === true;
}
export function isResumedEvent(e: StreamEvent): e is ResumedEvent {
  return 'resumed' in e && e.resumed === true;
}
export function isFinalEvent(e: StreamEvent): e is FinalEvent {
  return 'final' in e && e.final === true;
}
export function isPluginsEvent(e: StreamEvent): e is PluginsEvent {
  return 'plugins' in e && Array.isArray(e.plugins);
}
export function isErrorEvent(e: StreamEvent): e is ErrorEvent {
  return 'error' in e && e.error === true;
}
