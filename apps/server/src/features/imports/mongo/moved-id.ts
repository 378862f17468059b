import { createHash } from 'node:crypto';

/**
 * A name-based id (UUID version 8) for a LibreChat document: the same document always gets the
 * same id here, so a second run finds what the first wrote.
 */
export function libreChatId(kind: string, ...parts: string[]): string {
  const d = createHash('sha256')
    .update(`librechat\u0000${kind}\u0000${parts.join('\u0000')}`)
    .digest();
  d[6] = (d[6]! & 0x0f) | 0x80;
  d[8] = (d[8]! & 0x3f) | 0x80;
  const hex = d.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
