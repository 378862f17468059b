/**
 * A package loaded on first use: `load()` imports it once (a dynamic import, so the bundle does
 * not load it at start-up and an idle server holds only what its configuration uses) and answers
 * it; `get()` answers it once loaded; `peek()` answers it, or undefined before it is.
 */
export function lazyModule<T>(name: string, importer: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load(): Promise<T> {
      loading ??= importer().then(
        (m) => (loaded = m),
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      );
      return loading;
    },
    get(): T {
      if (!loaded) throw new Error(`${name} is used before load()`);
      return loaded;
    },
    peek(): T | undefined {
      return loaded;
    },
  };
}
