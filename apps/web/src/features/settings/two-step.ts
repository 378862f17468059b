import { useCallback, useState } from 'react';

/**
 * Clear chats and revoke keys take two clicks; the first arms a confirm state, the
 * second runs the action. A failed action leaves it armed so the person can try again.
 */
export function useTwoStep(action: () => Promise<unknown>) {
  const [armed, setArmed] = useState(false);
  const [running, setRunning] = useState(false);
  const click = useCallback(async () => {
    if (!armed) {
      setArmed(true);
      return;
    }
    setRunning(true);
    try {
      await action();
      setArmed(false);
    } finally {
      setRunning(false);
    }
  }, [armed, action]);
  return { armed, running, click, disarm: () => setArmed(false) };
}
