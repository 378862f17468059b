/**
 * Shared links: a read-only snapshot of one conversation's branch at a public address
 * (`/share/<shareId>`), LibreChat's "shared links". Zod-free: the web's Share button and the
 * server's page read these; the schemas and route rows are in share-schemas.ts.
 */

/** Where a shared snapshot is read as a page; the link a person copies is this plus the id. */
export const SHARE_PAGE_PREFIX = '/share/';

export const SHARE_LIMITS = {
  /** Random bytes of a share id (base64url: 22 characters, not guessable). */
  idBytes: 16,
  /** The longest share id accepted in a path (LibreChat's are shorter). */
  idMaxChars: 64,
  /** GET /api/share: links per page when the caller names none, and at most. */
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** The newest messages of the branch a snapshot keeps. */
  maxMessages: 1000,
} as const;

/** A share id as the server makes them (url-safe base64), also what the routes accept. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const SHARE_TEXTS = {
  notFound: 'Shared link not found',
  signInRequired: 'Sign in to see this shared conversation',
  conversationNotFound: 'Conversation not found',
  /** The page's line under the title. */
  pageNote: 'A shared conversation (read-only snapshot)',
  pageEmpty: 'This conversation has no messages.',
  pageYou: 'User',
} as const;

/** The address of a shared snapshot on this site (an origin, or '' for a relative link). */
export const sharePageUrl = (origin: string, shareId: string): string =>
  `${origin}${SHARE_PAGE_PREFIX}${encodeURIComponent(shareId)}`;
