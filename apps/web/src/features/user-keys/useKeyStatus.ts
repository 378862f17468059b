import { useEffect, useState } from 'react';
import type { EndpointsConfig } from '@chat/contract';
import { isKeyValid, useKeyExpiry } from '../../api/user-keys';

export interface KeyStatus {
  /** The endpoint takes the person's own key (userProvide). */
  required: boolean;
  /** Still asking the server whether there is one. */
  checking: boolean;
  /** A key is needed and there is none, or it expired: chat is blocked. */
  missing: boolean;
  expiresAt: string | null;
}

/** Longest single timer (setTimeout overflows past 2^31-1 ms); a later expiry waits again. */
const MAX_TIMER_MS = 2_147_000_000;

/**
 * Whether the chosen endpoint can be used: no key needed, or one saved that has not expired. The
 * view re-renders the moment the key expires (and the query asks the server again just after).
 */
export function useKeyStatus(endpoint: string | null, config: EndpointsConfig | undefined): KeyStatus {
  const required = !!endpoint && config?.[endpoint]?.userProvide === true;
  const query = useKeyExpiry(endpoint, required);
  const expiresAt = query.data?.expiresAt ?? null;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!expiresAt) return;
    const delay = Date.parse(expiresAt) - Date.now();
    if (!(delay > 0)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(delay + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [expiresAt, now]);

  if (!required) return { required, checking: false, missing: false, expiresAt: null };
  const checking = query.isPending && query.fetchStatus !== 'idle';
  const valid = isKeyValid(expiresAt, Math.max(now, Date.now()));
  return { required, checking, missing: !checking && !valid, expiresAt };
}
