import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@chat/contract';

/** Writes text to the clipboard; `copied` stays true for TIMINGS.copyFeedbackMs. */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = useCallback(async (text: string) => {
    await copyText(text);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copyFeedbackMs);
  }, []);
  return { copied, copy };
}

/** Writes text to the clipboard, by the older way where the Clipboard API is missing or refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    fallbackCopy(text);
  }
}

/** For insecure origins (plain http on a LAN), where navigator.clipboard is missing. */
function fallbackCopy(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}
