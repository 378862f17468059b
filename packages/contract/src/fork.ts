/**
 * Forking a conversation from one of its messages, and duplicating one: LibreChat's
 * `POST /api/convos/fork` and `POST /api/convos/duplicate`. The copy is a new conversation of the
 * same owner with new message ids. Zod-free: the web's Fork popover and the server read these;
 * the schemas and route rows are in fork-schemas.ts.
 */

/**
 * Which messages a fork copies (LibreChat's ForkOptions, same strings):
 * - `directPath`: the visible path from the root to the message, nothing beside it;
 * - `includeBranches`: that path and the branches beside it (each sibling of a message on the
 *   path, without what follows the sibling);
 * - `targetLevel`: every message of the tree down to the message's level (the default).
 */
export const FORK_OPTIONS = ['directPath', 'includeBranches', 'targetLevel'] as const;
export type ForkOption = (typeof FORK_OPTIONS)[number];

/** What a fork copies when the request names no option (LibreChat's default). */
export const FORK_DEFAULT_OPTION: ForkOption = 'targetLevel';

export const isForkOption = (value: unknown): value is ForkOption =>
  typeof value === 'string' && (FORK_OPTIONS as readonly string[]).includes(value);

/**
 * How often one may fork or duplicate (LibreChat's FORK_USER_MAX / FORK_IP_MAX and their windows
 * in minutes, same defaults): a copy of a long conversation writes thousands of rows.
 */
export const FORK_RATE_LIMIT_DEFAULTS = {
  userMax: 7,
  userWindowMinutes: 1,
  ipMax: 30,
  ipWindowMinutes: 1,
} as const;

export const FORK_LIMITS = {
  /** Message rows written per statement; the event loop gets a turn between two. */
  insertBatch: 500,
} as const;

export const FORK_TEXTS = {
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  latestRequired: 'latestMessageId is required to start the fork at the target message',
  tooMany: 'Too many conversation fork requests. Try again later',
} as const;

/** Keys of the web's fork preferences in local storage (LibreChat's names). */
export const FORK_LOCAL_KEYS = {
  /** The option used without asking, once "Remember" was checked. */
  forkSetting: 'forkSetting',
  /** Whether the remembered option is used without opening the popover. */
  rememberForkOption: 'rememberForkOption',
  /** "Start fork here", kept between forks. */
  splitAtTarget: 'splitAtTarget',
} as const;
