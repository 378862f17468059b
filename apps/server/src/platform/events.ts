/**
 * App-wide events, by name: what one feature tells any other without knowing it. A feature adds
 * its events to this map by declaration merging (`declare module '.../platform/events.js'`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppEventMap {}

type Listener<T> = (payload: T) => void;

/** A synchronous event bus: listeners run in the order they were added; one that throws is logged. */
export function createEvents(onListenerError: (err: unknown, name: string) => void) {
  const listeners = new Map<string, Listener<never>[]>();
  return {
    on<K extends keyof AppEventMap & string>(name: K, listener: Listener<AppEventMap[K]>): void {
      const list = listeners.get(name) ?? [];
      list.push(listener as Listener<never>);
      listeners.set(name, list);
    },
    emit<K extends keyof AppEventMap & string>(name: K, payload: AppEventMap[K]): void {
      for (const l of listeners.get(name) ?? []) {
        try {
          (l as Listener<AppEventMap[K]>)(payload);
        } catch (err) {
          onListenerError(err, name);
        }
      }
    },
  };
}
export type AppEvents = ReturnType<typeof createEvents>;
