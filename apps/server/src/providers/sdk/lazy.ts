/**
 * A provider SDK loaded on first use: `load()` imports it once (dynamically, so the bundle does
 * not load it at start-up), `get()` answers it afterwards.
 */
export function lazySdk<T>(name: string, importer: () => Promise<T>) {
  let sdk: T | undefined;
  let loading: Promise<void> | undefined;
  return {
    load(): Promise<void> {
      loading ??= importer().then(
        (m) => void (sdk = m),
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      );
      return loading;
    },
    get(): T {
      if (!sdk) throw new Error(`the ${name} SDK is used before load()`);
      return sdk;
    },
  };
}
