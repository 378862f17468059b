import { useEffect, useState } from 'react';

/** `value`, but a change shows only once it has held for `ms` (the first value at once). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setShown(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
}
