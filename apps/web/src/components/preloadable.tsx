import { createElement, lazy, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  (props: P): React.ReactElement;
  /** Starts loading the chunk (once); later renders use it without suspending. */
  preload: () => void;
}

/**
 * A route component in its own chunk, like `React.lazy`, but rendered directly once its chunk has
 * loaded. A lazy component suspends on its first render even when its chunk is already there, and
 * React holds back a Suspense boundary's content for up to 300 ms after its fallback showed: a
 * chunk preloaded during start-up (while the session refreshes) then costs nothing.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(start);
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Component, { preload: () => void start().catch(() => undefined) });
}
