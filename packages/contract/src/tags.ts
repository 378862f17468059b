/**
 * Bookmarks: a person's own tags on conversations (LibreChat's "bookmarks", stored as conversation
 * tags at /api/tags), used to find a conversation again and to filter the sidebar's list. Zod-free:
 * the web's bookmark menu and the server read these; the schemas and route rows are in
 * tags-schemas.ts.
 */

export const TAG_LIMITS = {
  /** The longest tag name (characters, after trimming). */
  tagMaxChars: 128,
  /** The longest description. */
  descriptionMaxChars: 512,
  /** Tags one person may have. */
  maxTagsPerUser: 200,
  /** Tags named in one sidebar filter (GET /api/convos?tags=…). */
  maxFilterTags: 20,
} as const;

export const TAG_TEXTS = {
  notFound: 'Tag not found',
  exists: 'Tag already exists',
  tooMany: `A person may have at most ${TAG_LIMITS.maxTagsPerUser} bookmarks`,
  conversationNotFound: 'Conversation not found',
} as const;

/**
 * A tag name as kept: trimmed, one line (no control characters), not empty. Returns null when
 * nothing of it is left.
 */
export function normalizeTag(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const tag = raw.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim();
  return tag === '' ? null : tag;
}
