import { useCallback, useEffect, useState } from 'react';

/** A message shown until `ms` have passed since it was last set (the plugin auth error banner). */
export function useTimedError(ms: number) {
  const [error, setError] = useState<{ message: string; at: number } | null>(null);
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ms);
    return () => clearTimeout(timer);
  }, [error, ms]);
  const show = useCallback((message: string) => setError({ message, at: Date.now() }), []);
  const clear = useCallback(() => setError(null), []);
  return { message: error?.message ?? null, show, clear };
}
