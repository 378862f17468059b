/**
 * At most `size` tasks at once, the others waiting in turn: decoding an image may take up to
 * MAX_IMAGE_PIXELS × 4 bytes, so uploads are re-encoded a few at a time, not all at once.
 */
export function createSlots(size: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    busy -= 1;
    waiting.shift()?.();
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    busy += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
