/** Limits, sizes and timings of the product. One home for each number. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';
export const NEW_CONVO = 'new';
export const SEARCH_CONVO = 'search';
export const DEFAULT_TITLE = 'New Chat';

export const AUTH_LIMITS = {
  nameMin: 3,
  nameMax: 80,
  loginEmailMin: 3,
  emailMin: 6,
  emailMax: 120,
  passwordMin: 8,
  passwordMax: 128,
  usernameMin: 2,
  usernameMax: 20,
} as const;

/**
 * LDAP sign-in: LibreChat's default filter (the login form's e-mail address matched against
 * `mail`), and how long the directory may take to connect or answer before the login fails.
 */
export const LDAP_DEFAULTS = {
  searchFilter: 'mail={{username}}',
  timeoutMs: 10_000,
} as const;

/**
 * What a name or username may not hold: control characters (line breaks, tabs, …), the line and
 * paragraph separators and the marks that reorder text (bidirectional overrides and isolates).
 * A name is one line of plain text, shown as it is; it must not become several lines, or text that
 * reads in another order, wherever it is shown (a mail, a list, a log).
 */
export const NAME_FORBIDDEN_CHARS = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** True when `text` holds none of NAME_FORBIDDEN_CHARS. */
export function isOneLineName(text: string): boolean {
  return !NAME_FORBIDDEN_CHARS.test(text);
}

/**
 * A name from elsewhere (a social or OpenID provider's profile) made one: each run of forbidden
 * characters and spaces becomes one space, the ends trimmed, at most `max` characters (whole code
 * points). Empty when nothing is left.
 */
export function oneLineName(raw: string, max: number = AUTH_LIMITS.nameMax): string {
  const forbidden = new RegExp(`(?:${NAME_FORBIDDEN_CHARS.source}|\\s)+`, 'gu');
  return Array.from(raw.replace(forbidden, ' ').trim()).slice(0, max).join('').trim();
}

/**
 * Deleting all of a user's conversations (clear all, account deletion) goes this many at a time,
 * each batch its own statement with a turn of the event loop between, so an account with a
 * large history does not hold the database for everyone while it goes.
 */
export const DELETE_BATCH_CONVERSATIONS = 25;

/**
 * Failed logins allowed per source address and window before 429 (LibreChat's loginLimiter:
 * keyed by IP, 7 per 5 minutes). LOGIN_MAX / LOGIN_WINDOW change it.
 */
export const LOGIN_RATE_LIMIT = { max: 7, windowMs: 5 * 60_000 } as const;
/**
 * The short back-off of one account tried from one address: after this many failed logins the
 * pair waits out the window, whatever LOGIN_MAX allows the address as a whole (a shared address
 * may be given a high LOGIN_MAX). The account itself is never locked nor counted against.
 */
export const LOGIN_ACCOUNT_BACKOFF = { max: 5, windowMs: 60_000 } as const;
export const REGISTER_RATE_LIMIT = { max: 5, windowMs: 60 * 60_000 } as const;

/**
 * A cookie that says only "this browser has signed in" (no secret: the session is the httpOnly
 * refresh cookie, which lives under /api/auth). Set and cleared with that cookie and readable
 * everywhere, so a page can skip the refresh call for a visitor and the server can tell a visitor's
 * request for `/` from a signed-in person's.
 */
export const SESSION_HINT_COOKIE = 'session_hint';

export const TOKEN_TTL = {
  accessSeconds: 15 * 60,
  refreshSeconds: 7 * 24 * 60 * 60,
  /**
   * How long the server may reuse a "this session is live" answer before asking the database
   * again. Logout and reuse detection take effect at once in the instance that saw them; this
   * bounds how long another instance may still accept the ended session's access tokens.
   */
  liveSessionCacheSeconds: 5,
  /**
   * A refresh token rotated less than this long ago answers with the token it was rotated into
   * instead of counting as reuse: two tabs refreshing at once, or a retry after a dropped
   * response. Within it a stolen token buys what racing the owner would (the same successor),
   * and the next use of a rotated token after it still revokes the family.
   */
  refreshGraceSeconds: 10,
} as const;

/**
 * The range SESSION_EXPIRY (an access token's life) and REFRESH_TOKEN_EXPIRY (a refresh token's)
 * accept, in milliseconds. Below a minute a client would refresh all the time; an access token
 * beyond a day outlives any reason to keep one; browsers keep no cookie past 400 days.
 */
export const SESSION_EXPIRY_LIMITS = {
  accessMinMs: 60_000,
  accessMaxMs: 24 * 60 * 60_000,
  refreshMinMs: 5 * 60_000,
  refreshMaxMs: 400 * 24 * 60 * 60_000,
} as const;

export const CHAT_LIMITS = {
  /** Longest text accepted in one message, in characters. */
  maxMessageChars: 100_000,
  maxTitleChars: 200,
  /** A title made from the first message (no model wrote one) is cut to this length. */
  fallbackTitleChars: 60,
  /** Conversations per page of GET /api/convos. */
  convosPageSize: 25,
  /** Error text shown to the user is cut to this length unless it is JSON. */
  errorTextMax: 512,
  /** How often, at most, the reply so far is written to the database while it streams. */
  streamFlushMs: 1000,
  /**
   * The share of the time those writes may take: a tick that took longer than this share of
   * `streamFlushMs` (many replies, long texts, a slow database) puts the next one off in
   * proportion, so saving never crowds out the streams themselves.
   */
  streamFlushBusyShare: 0.1,
  /**
   * When a reply's stream ends, its save waits at most this long for the clients' sockets to take
   * the last text (an embedded database blocks the server while it writes a long reply).
   */
  finalTextDeliveryMs: 250,
  /** A stop keeps the partial text on failure only if it is longer than this. */
  stopKeepPartialMin: 45,
} as const;

/**
 * Image uploads: JPEG (.jpg/.jpeg), PNG and WEBP
 * only, recognised by content, never by the client's MIME type or file name.
 */
export const UPLOAD_LIMITS = {
  maxFiles: 10,
  maxFileBytes: 20 * 1024 * 1024,
  maxTotalBytes: 25 * 1024 * 1024,
  avatarMaxBytes: 2 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** The avatar takes .png and .jpg only. */
  avatarTypes: ['image/jpeg', 'image/png'],
} as const;

export const TIMINGS = {
  unauthRedirectMs: 300,
  titleRefreshMs: 2500,
  /**
   * After a new conversation's first reply the sidebar's list is read again at each of these
   * (spec: 2 s and 5 s): whatever the server changed meanwhile (its title, its place) shows
   * without a reload, even when the title came from another instance.
   */
  newConvoListRefreshMs: [2000, 5000],
  stopGraceMs: 200,
  cursorBlinkMs: 1000,
  cursorPauseMs: 200,
  unfinishedNoticeMs: 250,
  sidebarSearchDebounceMs: 350,
  titleSearchDebounceMs: 400,
  scrollThrottleInstantMs: 250,
  scrollThrottleSmoothMs: 750,
  pageLoadThrottleMs: 750,
  scrollButtonCheckMs: 650,
  scrollDebounceMs: 100,
  /**
   * Once the person scrolls up (the "user" flag), the view stops following the reply for at least
   * this long, even when it is still near the end: small wheel or touch steps would otherwise be
   * pulled back to the bottom by the next streamed token before they add up to an escape.
   */
  userScrollHoldMs: 1000,
  /** The scroll-to-bottom button's entrance (its transition). */
  scrollDownTransitionMs: 400,
  /** A tooltip opens this long after the pointer (or the keyboard's focus) comes to its button… */
  tooltipOpenDelayMs: 300,
  /** …and closes this long after it leaves. */
  tooltipCloseDelayMs: 50,
  /** The send button's dots, while a send is being checked, move on every this long. */
  sendIndicatorMs: 500,
  copyFeedbackMs: 3000,
  toastDelayMs: 100,
  toastDurationMs: 3000,
  toastValidationMs: 5000,
  placeholderDebounceMs: 80,
  refocusDelayMs: 100,
  /** A tab waiting for another tab's token refresh to report refreshes itself after this. */
  otherTabRefreshWaitMs: 5000,
  /** The plugin authentication error banner hides after this. */
  pluginAuthErrorMs: 5000,
  /**
   * The message box's caret holds still after this long without typing, focusing or pointing
   * (GNOME's cursor-blink-timeout): a blinking caret repaints the idle tab twice a second.
   */
  caretBlinkIdleMs: 10_000,
  /**
   * Signing out waits at most this long for the requests already sent to be answered, so none of
   * them reaches the server after the session ended there (a refused request, and a console error).
   */
  signOutDrainMs: 2000,
} as const;

export const UI_LIMITS = {
  /** Scroll-to-bottom appears when the view is this share of its height above the bottom. */
  scrollButtonThreshold: 0.15,
  /** Next page loads at this share of the scroll height. */
  pageLoadAt: 0.97,
  /**
   * Messages of a conversation rendered when it opens (its newest) and after each send: a screen
   * or more of them; more come as the view nears the top (a 2,000-message conversation opens fast).
   */
  messageWindow: 12,
  /** Older messages added to the rendered window each time the view nears its top. */
  messageWindowStep: 20,
  /** Older messages are added when the view is within this many view heights of the top. */
  messageWindowGrowAt: 1,
  /**
   * Messages asked for first when a saved conversation opens (GET /api/messages/:id?limit=): the
   * newest branch's last ones, more than the window renders; the whole tree follows in the background.
   */
  messagesFirstLoad: 40,
  mobileBreakpointPx: 768,
  sidebarWidthPx: 260,
  sidebarWidthMobilePx: 320,
} as const;

/** Keys of values kept in the browser's local storage. */
export const LOCAL_KEYS = {
  lang: 'lang',
  autoScroll: 'autoScroll',
  theme: 'color-theme',
  navVisible: 'navVisible',
  lastConversationSetup: 'lastConversationSetup',
  lastSelectedModel: 'lastSelectedModel',
  /** The plugins last selected on gptPlugins. */
  lastSelectedTools: 'lastSelectedTools',
  LaTeXParsing: 'LaTeXParsing',
  modularChat: 'modularChat',
  UsernameDisplay: 'UsernameDisplay',
  lastBingSettings: 'lastBingSettings',
  /** Uploaded files waiting for their delete call: cleaned on load and on new chat. */
  filesToDelete: 'filesToDelete',
  appTitle: 'appTitle',
  newUser: 'newUser',
  /** The endpoints the person hid from the endpoint menu (a JSON list of names). */
  hiddenEndpoints: 'hiddenEndpoints',
  /** The librechat.yaml model spec last chosen (LibreChat's LAST_SPEC); removed by a raw model choice. */
  lastSpec: 'lastSpec',
} as const;

/**
 * The on/off preferences of the settings dialog and their defaults (LaTeXParsing is on by
 * default). autoScroll is on: the chat follows a streaming reply unless the person turns it off.
 * modularChat is on: switching endpoints keeps the conversation, as the chat always did; off, another
 * endpoint starts a new chat.
 */
export const LOCAL_TOGGLE_DEFAULTS = {
  autoScroll: true,
  modularChat: true,
  LaTeXParsing: true,
  UsernameDisplay: false,
} as const satisfies Partial<Record<keyof typeof LOCAL_KEYS, boolean>>;
export type LocalToggle = keyof typeof LOCAL_TOGGLE_DEFAULTS;
/** The language preference: 'auto' follows the browser. */
export const LANGUAGE_AUTO = 'auto';

export const THEMES = ['dark', 'light', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const LANGUAGES = [
  'en-US',
  'zh-CN',
  'zh-TC',
  'ar-EG',
  'de-DE',
  'es-ES',
  'fr-FR',
  'it-IT',
  'pl-PL',
  'pt-BR',
  'ru-RU',
  'ja-JP',
  'sv-SE',
  'ko-KR',
  'vi-VN',
  'tr-TR',
  'nl-NL',
  'id-ID',
] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The offered language for a BCP 47 tag (a browser's, an Accept-Language entry): the same code in
 * any case, Traditional Chinese (zh-TW, zh-HK, zh-MO, zh-Hant…) as zh-TC, else the first with the
 * same primary subtag; English when none.
 */
export function matchLanguage(wanted: string): Language {
  const exact = LANGUAGES.find((l) => l.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  if (/^zh-(tw|hk|mo|hant)\b/i.test(wanted)) return 'zh-TC';
  const prefix = wanted.split('-')[0]?.toLowerCase();
  return LANGUAGES.find((l) => l.split('-')[0]?.toLowerCase() === prefix) ?? 'en-US';
}

/** librechat.yaml `modelSpecs`: the longest texts and the most entries a `modelSpecs.list` may hold. */
export const MODEL_SPEC_LIMITS = {
  maxSpecs: 200,
  nameMaxChars: 256,
  labelMaxChars: 256,
  descriptionMaxChars: 2_000,
  groupMaxChars: 256,
  iconURLMaxChars: 2_048,
} as const;
